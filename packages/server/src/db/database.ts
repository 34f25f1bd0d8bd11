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
}

export interface DatabaseHandle {
  db: Kysely<Schema>;
  kind: DatabaseKind;
  /** Closes every connection; the handle is unusable afterwards. */
  close(): Promise<void>;
}

/** Opens the database the options name. Nothing is migrated here (see migrate.ts). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** A count from `count(...)`: PostgreSQL answers bigint as a string, SQLite as a number. */
export function toCount(value: string | number | bigint | undefined | null): number {
  return value == null ? 0 : Number(value);
}

/** Whether `error` is a unique-constraint violation, in either dialect (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
