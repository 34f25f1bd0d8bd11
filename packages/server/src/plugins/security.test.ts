import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { testConfig } from '../test/helper.ts';
import type { ServerConfig } from '../config.ts';
import { pathOfNul, REDACTED, redactUrl } from './security.ts';

describe('redactUrl: link tokens never reach the log (issue 8 item 6)', () => {
  it('replaces the token segment of activation and reset links, API and web app alike', () => {
    expect(redactUrl('/api/v2/users/activate/s3cr3t-t0ken')).toBe(`/api/v2/users/activate/${REDACTED}`);
    expect(redactUrl('/activate-account/s3cr3t')).toBe(`/activate-account/${REDACTED}`);
    expect(redactUrl('/reset-password/s3cr3t?x=1')).toBe(`/reset-password/${REDACTED}?x=1`);
  });

  it('replaces the values of secret-named query parameters and keeps the others', () => {
    expect(redactUrl('/api/v1/users/?name=ada&token=abc&page=2&access_token=def')).toBe(
      `/api/v1/users/?name=ada&token=${REDACTED}&page=2&access_token=${REDACTED}`,
    );
  });

  it('leaves URLs without secrets as they are', () => {
    for (const url of ['/', '/api/me/', '/api/v1/users/?page=1', '/activate', '/api/v1/users/abc']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('pathOfNul: the NUL guard finds NUL at any depth', () => {
  it('names the path of the first string or key holding NUL', () => {
    expect(pathOfNul({ a: 'ok', b: ['x', { c: 'y\u0000' }] }, 'body')).toBe('b.1.c');
    expect(pathOfNul({ 'k\u0000': 1 }, 'body')).toBe('k\u0000');
    expect(pathOfNul('\u0000', 'querystring')).toBe('querystring');
    expect(pathOfNul({ a: 'fine', n: 1, z: null }, 'body')).toBeUndefined();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(pathOfNul(deep, 'body')).toMatch(/^0(\.0)*$/);
  });
});

describe('logging and proxies', () => {
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.close();
    app = undefined;
    database = undefined;
  });

  async function start(overrides: Partial<ServerConfig>, lines?: string[]) {
    database = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database.db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines?.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(overrides),
      database,
      logger: lines ? { level: 'info', stream } : false,
    });
    return app;
  }

  it('logged request URLs carry no activation or reset token', async () => {
    const lines: string[] = [];
    const server = await start({}, lines);
    const token = 'VerySecretLinkToken_0123456789abcdefghijkl';
    await server.inject({ method: 'GET', url: `/api/v2/users/activate/${token}` });
    await server.inject({ method: 'GET', url: `/reset-password/${token}` });
    await server.inject({ method: 'GET', url: `/api/me/?token=${token}` });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain(REDACTED);
    expect(log).not.toContain(token);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: one address, one sign-in bucket', async () => {
    const server = await start({ authRateLimitPerMinute: 2 });
    const codes: number[] = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const res = await server.inject({
        method: 'POST',
        url: '/api/forgot-username',
        headers: { 'x-forwarded-for': client },
        payload: { email: 'a@example.test' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });

  it('with TRUST_PROXY, each client behind the proxy has its own bucket (issue 8 item 8)', async () => {
    const server = await start({ authRateLimitPerMinute: 2, trustProxy: ['127.0.0.1'] });
    const send = (client: string) =>
      server.inject({
        method: 'POST',
        url: '/api/forgot-username',
        headers: { 'x-forwarded-for': client },
        payload: { email: 'a@example.test' },
      });
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await send(client)).statusCode).toBe(200);
      expect((await send(client)).statusCode).toBe(200);
    }
    expect((await send('203.0.113.1')).statusCode).toBe(429);
  });
});
