/**
 * API test helper (STYLE.md §11): the real app on a real database, fresh for every test.
 * SQLite: a new in-memory database per test. PostgreSQL (when DATABASE_URL is set): a fresh schema per test
 * file, migrated once, emptied before each test and dropped after the file.
 *
 *   describe.each(databases)('login on %s', (kind) => {
 *     const t = useTestApp(kind);
 *     it('…', async () => { const res = await t.app.inject({ method: 'POST', url: '/api/login', payload }); });
 *   });
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CAUSES, ERROR_CODES, SESSION_MAX_AGE_S } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../db/database.ts';
import { currentSchema, migrateToLatest } from '../db/migrate.ts';
import type { PasswordHashCost } from '../modules/auth/passwords.ts';
import type { Database } from '../db/schema.ts';

/** The databases the API tests run on: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const databases: DatabaseKind[] = process.env['DATABASE_URL'] ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fixed signing key for tests [HS256, 48 bytes]. */
export const TEST_JWT_SECRET = new TextEncoder().encode(
  'larmor-test-secret-0123456789-abcdefghijklmnopqrstuv',
);

/**
 * The lowest argon2id cost (1 MiB, 1 pass) for the passwords tests hash, through the app or as fixtures: the
 * product's code paths stay the same, only the work factor of the test configuration is smaller.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCostKiB: 1024, timeCost: 1 };

/** Configuration of a test app: nothing read from the environment, no web app, no SMTP unless asked. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = path.join(os.tmpdir(), 'larmor-test');
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    sqlitePath: ':memory:',
    redisUrl: undefined,
    s3Url: undefined,
    scanThreads: 1,
    smtpUrl: undefined,
    mailFrom: 'Larmor <no-reply@larmor.test>',
    jwtSecret: TEST_JWT_SECRET,
    accessTokenTtlS: 8 * 3600,
    sessionMaxAgeS: SESSION_MAX_AGE_S,
    trustProxy: false,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    publicUrl: 'http://larmor.test',
    authRateLimitPerMinute: 20,
    rateLimitPerMinute: 0,
    logLevel: 'silent',
    webDistDir: path.join(dataDir, 'no-web-app'),
    ...overrides,
  };
}

export interface TestApp {
  /** The app of the running test. */
  readonly app: FastifyInstance;
  /** Its database, for arranging data and checking that bad input wrote nothing. */
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
}

/** The HTTP methods the API tests call with. */
export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Calls to the test's app below `prefix` (`/api/v1/`, `/api/v1/clients/` …): each sends `method` to the prefix
 * followed by `url`, with `headers` and, where given, the JSON `payload`, and answers the response as it came.
 */
export function callsUnder(t: Pick<TestApp, 'app'>, prefix: string) {
  return (method: ApiMethod, url: string, headers: object, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${prefix}${url}`,
      headers: headers as Record<string, string>,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** POSTs `body` to `url` as it is, sent as `contentType`: for bodies that are malformed or oversized on purpose. */
export function postRaw(t: Pick<TestApp, 'app'>, url: string, contentType: string, body: string) {
  return t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });
}

/**
 * The tables of this database, read from the catalogue of our own schema only. Not Kysely's introspection:
 * on PostgreSQL it reads every schema and calls pg_get_serial_sequence on each table it saw, which fails
 * ('schema "test_…" does not exist') when another test file drops its schema meanwhile.
 */
interface NameRow {
  name: string;
}

async function introspectTableNames(db: Kysely<Database>): Promise<string[]> {
  const schema = await currentSchema(db);
  const query =
    schema === undefined
      ? sql<NameRow>`select name from sqlite_master where type = 'table' and name not like 'sqlite%'`
      : sql<NameRow>`select c.relname as name from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relkind in ('r', 'p')`;
  const { rows } = await query.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

/**
 * Session-level PostgreSQL advisory lock that serialises creating, migrating and dropping test schemas across
 * the test files running in parallel: Kysely's migrator introspects every schema of the database (see above),
 * so no schema may be dropped while another file migrates.
 */
const SCHEMA_DDL_LOCK = 0x6c61726d; // 'larm'

export async function withSchemaLock(
  databaseUrl: string | undefined,
  work: (admin: pg.Client) => Promise<void>,
) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_DDL_LOCK]);
    await work(admin);
  } finally {
    await admin.end();
  }
}

const tableNamesOf = new WeakMap<Kysely<Database>, Promise<string[]>>();

/**
 * Every table the migrations created in this database (or PostgreSQL schema), Kysely's bookkeeping left out.
 * Tests never change the schema after migrating, so the catalogue is read once per
 * database handle.
 */
function tableNames(db: Kysely<Database>): Promise<string[]> {
  let names = tableNamesOf.get(db);
  if (!names) {
    names = introspectTableNames(db);
    tableNamesOf.set(db, names);
  }
  return names;
}

const deletionOrderOf = new WeakMap<Kysely<Database>, Promise<string[]>>();

/**
 * The PostgreSQL tables in an order that deletes rows referring to another table before the rows they refer to
 * (from the schema's foreign keys), so DELETE can empty them one by one.
 */
async function deletionOrder(db: Kysely<Database>): Promise<string[]> {
  const schema = await currentSchema(db);
  const { rows: references } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_catalog.pg_constraint k
    join pg_catalog.pg_class c on c.oid = k.conrelid
    join pg_catalog.pg_class p on p.oid = k.confrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = ${schema ?? ''}`.execute(db);
  const remaining = new Set(await tableNames(db));
  const order: string[] = [];
  while (remaining.size > 0) {
    const free = [...remaining].filter(
      (table) => !references.some((r) => r.parent === table && r.child !== table && remaining.has(r.child)),
    );
    if (free.length === 0) throw new Error(`foreign keys form a cycle among ${[...remaining].join(', ')}`);
    for (const table of free) {
      order.push(table);
      remaining.delete(table);
    }
  }
  return order;
}

/**
 * Empties every table of the test schema. DELETE rather than TRUNCATE: on tables of a few rows TRUNCATE costs
 * ~30 ms more per test (it replaces every table's files), and this runs before every PostgreSQL test.
 */
async function emptyTables(db: Kysely<Database>): Promise<void> {
  let order = deletionOrderOf.get(db);
  if (!order) {
    order = deletionOrder(db);
    deletionOrderOf.set(db, order);
  }
  for (const table of await order) await sql`delete from ${sql.table(table)}`.execute(db);
}

/**
 * Registers hooks that give each test of the enclosing `describe` a fresh app on a fresh `kind` database.
 * `overrides` adjust the configuration (rate limits, SMTP_URL, token lifetime …); a function is called before
 * each test, for values known only once a `beforeAll` has run (the port of a test SMTP server).
 */
export function useTestApp(
  kind: DatabaseKind,
  overrides: Partial<ServerConfig> | (() => Partial<ServerConfig>) = {},
): TestApp {
  let app: FastifyInstance | undefined;
  let handle: DatabaseHandle | undefined;
  const databaseUrl = process.env['DATABASE_URL'];
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  let schemaHandle: DatabaseHandle | undefined;

  if (kind === 'postgres') {
    beforeAll(async () => {
      await withSchemaLock(databaseUrl, async (admin) => {
        await admin.query(`create schema ${schema}`);
        schemaHandle = openDatabase({ databaseUrl, postgresSchema: schema, poolSize: 4 });
        await migrateToLatest(schemaHandle.db);
      });
    });
    afterAll(async () => {
      await schemaHandle?.close();
      await withSchemaLock(databaseUrl, async (admin) => {
        await admin.query(`drop schema if exists ${schema} cascade`);
      });
    });
  }

  beforeEach(async () => {
    if (kind === 'postgres') {
      if (!schemaHandle) throw new Error('PostgreSQL test schema was not created');
      await emptyTables(schemaHandle.db);
      handle = { db: schemaHandle.db, kind: 'postgres', close: () => Promise.resolve() };
    } else {
      handle = openDatabase({ sqlitePath: ':memory:' });
      await migrateToLatest(handle.db);
    }
    app = await buildApp({
      config: testConfig(typeof overrides === 'function' ? overrides() : overrides),
      database: handle,
      logger: false,
    });
  });

  afterEach(async () => {
    await app?.close();
    if (kind === 'sqlite') await handle?.close();
    app = undefined;
    handle = undefined;
  });

  return {
    get app() {
      if (!app) throw new Error('useTestApp: the app exists only inside a test');
      return app;
    },
    get db() {
      if (!handle) throw new Error('useTestApp: the database exists only inside a test');
      return handle.db;
    },
    kind,
  };
}

/** The number of rows in `table`. */
export async function countRows(db: Kysely<Database>, table: keyof Database & string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n);
}

/** Rows in every table (one query), so a test can prove that bad input wrote nothing. */
export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await tableNames(db);
  const counts = tables.map(
    (table) => sql`select ${sql.lit(table)} as name, count(*) as n from ${sql.table(table)}`,
  );
  const result = await sql<{
    name: string;
    n: string | number;
  }>`${sql.join(counts, sql` union all `)}`.execute(db);
  const byTable: Record<string, number> = {};
  for (const table of tables) byTable[table] = 0;
  for (const row of result.rows) byTable[row.name] = Number(row.n);
  return byTable;
}

/** Every row of every table, each table's rows as sorted JSON (tables without an id have no natural order). */
export async function databaseSnapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of await tableNames(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** Runs `run` (a refused call) and expects every table to hold exactly what it held before; answers its result. */
export async function writesNothing<R>(db: Kysely<Database>, run: () => Promise<R>): Promise<R> {
  const before = await databaseSnapshot(db);
  const result = await run();
  expect(await databaseSnapshot(db)).toEqual(before);
  return result;
}

/** Expects `res` to answer 400 with the error body of a validation refusal; `label` names the case. */
export function expectValidationRefusal(
  res: { statusCode: number; json: () => unknown },
  label: string,
): void {
  expect(res.statusCode, label).toBe(400);
  expect((res.json() as { error: unknown }).error, label).toMatchObject({
    code: ERROR_CODES.BAD_REQUEST,
    cause: ERROR_CAUSES.VALIDATION,
  });
}
