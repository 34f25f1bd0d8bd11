/**
 * POST v1/error-reports (contracts error-reports.ts): a signed-in user's report reaches the server's log with
 * the user id taken from the token; without a token 401, an oversized report 400 and nothing logged, and at most
 * AUTH_RATE_LIMIT_PER_MINUTE reports a minute per user.
 */
import { Writable } from 'node:stream';
import { ERROR_REPORT_MESSAGE_MAX } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testConfig } from '../../test/helper.ts';
import { createWorld } from '../users/world.test-support.ts';

const REPORT = {
  name: 'WebGLContextLimit',
  message: '12 WebGL contexts are open in this tab',
  page: '/session/abc/simulator',
  context: { contexts: 12 },
};

describe('POST v1/error-reports', () => {
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  const lines: string[] = [];

  afterEach(async () => {
    await app?.close();
    await database?.close();
    lines.length = 0;
  });

  async function start(authRateLimitPerMinute = 0) {
    database = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database.db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ authRateLimitPerMinute }),
      database,
      logger: { level: 'warn', stream },
    });
    return { app, world: await createWorld(database.db) };
  }

  const post = (server: FastifyInstance, headers: Record<string, string>, payload: Record<string, unknown>) =>
    server.inject({ method: 'POST', url: '/api/v1/error-reports', headers, payload });

  it('logs the report at warn level with the caller’s user id, and answers 204', async () => {
    const { app: server, world } = await start();
    const res = await post(server, world.a.studentHeaders, {
      ...REPORT,
      context: { contexts: 12, userId: 'x' },
    });
    expect(res.statusCode).toBe(204);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => 'errorReport' in l);
    expect(logged).toMatchObject({
      level: 40,
      userId: world.a.student.id,
      errorReport: { name: 'WebGLContextLimit', context: { contexts: 12, userId: 'x' } },
      msg: 'web app error report: WebGLContextLimit',
    });
  });

  it('refuses a caller without a token (401) and an oversized report (400), logging no report', async () => {
    const { app: server, world } = await start();
    expect((await post(server, {}, REPORT)).statusCode).toBe(401);
    const long = await post(server, world.a.studentHeaders, {
      ...REPORT,
      message: 'x'.repeat(ERROR_REPORT_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { validation: { message: 'max' } } });
    expect((await post(server, world.a.studentHeaders, { ...REPORT, name: '' })).statusCode).toBe(400);
    expect(lines.some((l) => l.includes('"errorReport"'))).toBe(false);
  });

  it('takes at most the per-minute limit of reports from one user (429 after)', async () => {
    const { app: server, world } = await start(2);
    expect((await post(server, world.a.teacherHeaders, REPORT)).statusCode).toBe(204);
    expect((await post(server, world.a.teacherHeaders, REPORT)).statusCode).toBe(204);
    expect((await post(server, world.a.teacherHeaders, REPORT)).statusCode).toBe(429);
  });
});
