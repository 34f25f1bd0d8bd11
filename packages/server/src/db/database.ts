/**
 * The database: one Kysely query layer over two dialects (DESIGN.md §2). better-sqlite3 on a file under
 * DATA_DIR by default; PostgreSQL through pg when DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database as Schema } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** What a repository function queries: the database, or the caller's transaction on it. */
export type Db = Kysely<Schema> | Transaction<Schema>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. */
  sqlitePath?: string | undefined;
  /** PostgreSQL schema to work in (tests use one fresh schema per file); default the server's search_path. */
  postgresSchema?: string | undefined;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize?: number | undefined;
  /** How long SQLite waits for another writer's lock before SQLITE_BUSY [ms]; default SQLITE_BUSY_TIMEOUT_MS. */
  sqliteBusyTimeoutMs?: number | undefined;
  /** PostgreSQL timeouts [ms]; default POSTGRES_TIMEOUTS_MS (tests shorten them). */
  timeoutsMs?: Partial<PostgresTimeoutsMs> | undefined;
  /**
   * Called with a connection error that no query is waiting for (an idle pooled connection losing its server,
   * e.g. PostgreSQL restarting). The pool drops that connection and opens new ones on demand; default: ignore.
   */
  onConnectionError?: ((error: Error) => void) | undefined;
}

/** How long the PostgreSQL client waits before giving up [ms]. */
export interface PostgresTimeoutsMs {
  /** To get a connection: a free one from the pool, or a new one connected and authenticated. */
  connect: number;
  /** Server side (`statement_timeout`): the server cancels a statement running longer (SQLSTATE 57014). */
  statement: number;
  /**
   * Client side (`query_timeout`): a query whose answer has not arrived fails, for a server that has stopped
   * answering altogether. Longer than `statement`, so that a slow statement is cancelled by the server first.
   */
  query: number;
  /** Server side: a session idle inside an open transaction longer than this is ended. */
  idleInTransaction: number;
}

/**
 * Defaults: a request fails with 503 well inside the client's 30 s request timeout (platform-shell.md §9)
 * instead of hanging when PostgreSQL is away, refuses connections or hangs.
 */
export const POSTGRES_TIMEOUTS_MS: PostgresTimeoutsMs = {
  connect: 5_000,
  statement: 10_000,
  query: 15_000,
  idleInTransaction: 30_000,
};

/** How long a SQLite write waits for another process's write lock before failing (answered 503) [ms]. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** TCP keep-alive probes on idle PostgreSQL connections start after this long [ms], to find dead peers. */
const POSTGRES_KEEPALIVE_DELAY_MS = 10_000;

export interface DatabaseHandle {
  db: Kysely<Schema>;
  kind: DatabaseKind;
  /** Closes every connection; the handle is unusable afterwards. */
  close(): Promise<void>;
}

/** Opens the database the options name. Nothing is migrated here (see migrate.ts). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const timeouts = { ...POSTGRES_TIMEOUTS_MS, ...options.timeoutsMs };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: timeouts.connect,
      statement_timeout: timeouts.statement,
      query_timeout: timeouts.query,
      idle_in_transaction_session_timeout: timeouts.idleInTransaction,
      keepAlive: true,
      keepAliveInitialDelayMillis: POSTGRES_KEEPALIVE_DELAY_MS,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    });
    // Without these listeners a connection lost while no query runs on it (the server restarting) is an
    // unhandled 'error' event, which ends the process. Every client emits it, idle in the pool or checked out
    // between two queries (inside a transaction), and is discarded either way; for an idle one the pool
    // re-emits it, already reported by the client's listener.
    const onConnectionError = options.onConnectionError ?? (() => undefined);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    pool.on('error', () => undefined);
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.round(options.sqliteBusyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS)}`);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** A count from `count(...)`: PostgreSQL answers bigint as a string, SQLite as a number. */
export function toCount(value: string | number | bigint | undefined | null): number {
  return value == null ? 0 : Number(value);
}

/**
 * SQLSTATEs and Node socket codes meaning "the database is not there right now", not "this query is wrong":
 * class 08 (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect now), 53300 (too many
 * connections), 57014 (statement_timeout cancelled it); the socket could not be opened or was cut.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const UNAVAILABLE_CODES = new Set([
  '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300', '57014',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  // SQLite: the file stayed locked by another writer past busy_timeout.
  'SQLITE_BUSY',
]); // prettier-ignore

/** What pg and pg-pool throw, without a code, when a connection cannot be had or stops answering. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether `error` (or an error in its `cause` chain) says the database is unreachable, restarting, hanging or
 * overloaded: a condition that passes by itself, answered 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = 'message' in e ? e.message : undefined;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/** Whether `error` is a unique-constraint violation, in either dialect (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
