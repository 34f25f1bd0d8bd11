/**
 * The API while PostgreSQL is away (issue 8, item 2): it keeps running, answers 503 with the error body while
 * the database is stopped or hangs, and recovers by itself when the database returns. Runs against a private
 * PostgreSQL server this file stops and starts (never the shared one), so it needs Debian's PostgreSQL server
 * binaries; CI has them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CAUSES, ERROR_CODES } from '@larmor/contracts';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { HEALTH_CHECK_TIMEOUT_MS } from '../modules/health/routes.ts';
import { createUser } from '../test/fixtures.ts';
import { testConfig } from '../test/helper.ts';
import {
  isDatabaseUnavailable,
  openDatabase,
  type DatabaseHandle,
  type PostgresTimeoutsMs,
} from './database.ts';
import { migrateToLatest } from './migrate.ts';
import {
  postgresBinDir,
  startPrivatePostgres,
  startProxy,
  type FreezableProxy,
  type PrivatePostgres,
} from './private-postgres.test-support.ts';

const binDir = postgresBinDir();
if (!binDir)
  console.warn(
    'database-outage.test.ts skipped: no runnable PostgreSQL server binaries under /usr/lib/postgresql',
  );

/** Short timeouts [ms], so that the hanging-database cases finish quickly. */
/** Scheduling delay tolerated on top of a timeout on a loaded CI machine [ms]. */
const SLACK_MS = 4_000;
const TIMEOUTS_MS: PostgresTimeoutsMs = {
  connect: 1_000,
  statement: 1_000,
  query: 1_500,
  idleInTransaction: 5_000,
};

/** A call that needs the database: sign-in with an unknown name reads the users table and answers 401. */
const signIn = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'nobody', password: 'not a password' },
  });
const health = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health' });

const UNAVAILABLE_BODY = {
  error: {
    message: 'The database is unavailable; try again shortly',
    code: ERROR_CODES.DOWNSTREAM_SERVICE_ERROR,
    cause: ERROR_CAUSES.UNAVAILABLE,
  },
};

describe.skipIf(!binDir)('the API on PostgreSQL that goes away', () => {
  let server: PrivatePostgres | undefined;
  let app: FastifyInstance | undefined;
  let handle: DatabaseHandle | undefined;
  let proxy: FreezableProxy | undefined;
  const connectionErrors: Error[] = [];

  const appOn = async (databaseUrl: string): Promise<FastifyInstance> => {
    handle = openDatabase({
      databaseUrl,
      poolSize: 4,
      timeoutsMs: TIMEOUTS_MS,
      onConnectionError: (error) => connectionErrors.push(error),
    });
    return buildApp({ config: testConfig({ authRateLimitPerMinute: 0 }), database: handle, logger: false });
  };

  beforeAll(async () => {
    server = await startPrivatePostgres(binDir ?? '');
    const setup = openDatabase({ databaseUrl: server.url });
    try {
      await migrateToLatest(setup.db);
    } finally {
      await setup.close();
    }
  }, 120_000);

  afterEach(async () => {
    // A test that failed half-way leaves the server stopped: the next one starts from a running server.
    if (server && !server.running) await server.start();
    await app?.close();
    await handle?.close();
    await proxy?.close();
    app = undefined;
    handle = undefined;
    proxy = undefined;
    connectionErrors.length = 0;
  });

  afterAll(async () => {
    await server?.destroy();
  }, 60_000);

  it('answers 503 with the error body while the server is stopped, and recovers by itself when it is back', async () => {
    if (!server) throw new Error('no server');
    app = await appOn(server.url);
    // Four concurrent calls leave four idle connections in the pool: the ones a restart cuts.
    const warm = await Promise.all([signIn(app), signIn(app), signIn(app), signIn(app)]);
    expect(warm.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);

    await server.stop();
    // The idle connections learn of the shutdown (57P01) as 'error' events; unheard, one ends the process.
    await expect.poll(() => connectionErrors.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const away = await signIn(app);
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual(UNAVAILABLE_BODY);
    expect(away.headers['retry-after']).toBe('5');
    const healthAway = await health(app);
    expect(healthAway.statusCode).toBe(503);
    expect(healthAway.json()).toMatchObject({ status: 'error', database: 'postgres' });

    await server.start();
    const back = await signIn(app);
    expect(back.statusCode).toBe(401);
    expect((await health(app)).json()).toEqual({ status: 'ok', database: 'postgres' });
  }, 60_000);

  it('answers every call in flight when the server stops under load with 200, 401 or 503, never 500, and lives on', async () => {
    if (!server) throw new Error('no server');
    app = await appOn(server.url);
    const running = app;
    const user = await createUser(running.db);
    // Successful sign-ins write in a transaction, failed ones only read: both kinds are cut mid-way.
    const signInAs = (password: string) =>
      running.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password } });
    const statuses = new Set<number>();
    let serverUp = true;
    const client = async () => {
      // Rounds until the server is down, then three more.
      for (let roundsAfter = 0; serverUp || roundsAfter < 3; roundsAfter += serverUp ? 0 : 1) {
        const answers = await Promise.all([signInAs(user.password), signInAs('wrong password')]);
        for (const answer of answers) statuses.add(answer.statusCode);
      }
    };
    const clients = Array.from({ length: 10 }, client);
    // Stop once sign-ins of both kinds have gone through, so that the stop meets calls of both in flight.
    await expect.poll(() => statuses.has(200) && statuses.has(401), { timeout: 20_000 }).toBe(true);
    await server.stop();
    serverUp = false;
    await Promise.all(clients);
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401, 503]));
    expect([...statuses].filter((s) => ![200, 401, 503].includes(s))).toEqual([]);

    await server.start();
    await expect.poll(async () => (await signInAs(user.password)).statusCode, { timeout: 10_000 }).toBe(200);
  }, 60_000);

  it('answers 503 after the connect timeout when the database host accepts connections and never answers', async () => {
    if (!server) throw new Error('no server');
    proxy = await startProxy(server.port);
    app = await appOn(`postgres://postgres@127.0.0.1:${proxy.port}/postgres`);
    expect((await signIn(app)).statusCode).toBe(401);
    // The pooled connections are cut, so the next call must open a new one, which is never answered.
    proxy.hang();
    await expect.poll(() => connectionErrors.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const started = performance.now();
    const response = await signIn(app);
    const elapsedMs = performance.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE_BODY);
    // The connect timeout (1 s) plus scheduling slack on a busy machine; never the client's 30 s.
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS_MS.connect - 50);
    expect(elapsedMs).toBeLessThan(TIMEOUTS_MS.connect + SLACK_MS);
  }, 30_000);

  it('answers 503 after the query timeout when an open connection stops answering, and recovers when it answers again', async () => {
    if (!server) throw new Error('no server');
    proxy = await startProxy(server.port);
    app = await appOn(`postgres://postgres@127.0.0.1:${proxy.port}/postgres`);
    expect((await signIn(app)).statusCode).toBe(401);

    proxy.freeze();
    const started = performance.now();
    const hung = await signIn(app);
    const elapsedMs = performance.now() - started;
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual(UNAVAILABLE_BODY);
    expect(elapsedMs).toBeLessThan(TIMEOUTS_MS.query + TIMEOUTS_MS.connect + SLACK_MS);
    const healthStarted = performance.now();
    expect((await health(app)).statusCode).toBe(503);
    expect(performance.now() - healthStarted).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + SLACK_MS);

    proxy.thaw();
    await expect
      .poll(async () => (await signIn(app as FastifyInstance)).statusCode, { timeout: 10_000 })
      .toBe(401);
  }, 30_000);
});

describe('the API on a SQLite file that another process keeps locked', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-sqlite-lock-'));
  const file = path.join(dir, 'larmor.sqlite');
  let app: FastifyInstance | undefined;
  let handle: DatabaseHandle | undefined;
  let other: SQLite.Database | undefined;

  afterAll(async () => {
    other?.close();
    await app?.close();
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 once the busy timeout passes, and works again when the lock is released', async () => {
    const BUSY_TIMEOUT_MS = 300;
    handle = openDatabase({ sqlitePath: file, sqliteBusyTimeoutMs: BUSY_TIMEOUT_MS });
    await migrateToLatest(handle.db);
    app = await buildApp({
      config: testConfig({ authRateLimitPerMinute: 0 }),
      database: handle,
      logger: false,
    });
    const user = await createUser(handle.db);
    const signInAs = (running: FastifyInstance) =>
      running.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: user.password },
      });
    expect((await signInAs(app)).statusCode).toBe(200);

    // Another process (here another connection) holds the write lock: a sign-in's session write must wait.
    other = new SQLite(file);
    other.exec('begin exclusive');
    const locked = await signInAs(app);
    expect(locked.statusCode).toBe(503);
    expect(locked.json()).toEqual(UNAVAILABLE_BODY);

    other.exec('rollback');
    expect((await signInAs(app)).statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  it('is true for refused and cut connections, shutdowns, timeouts and a busy SQLite file, also as a cause', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      '57P01',
      '57P03',
      '08006',
      '53300',
      '57014',
      'SQLITE_BUSY',
    ])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('ECONNREFUSED') }))).toBe(true);
  });

  it('is false for errors of the query or the data', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['23505', '42P01', '22021', 'SQLITE_CONSTRAINT_UNIQUE'])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
