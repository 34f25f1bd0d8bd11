import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * Runs `work` on the database the environment names (DATA_DIR / DATABASE_URL), migrated to the latest
 * schema, and closes every connection afterwards so the process can exit.
 */
export async function withMigratedDatabase<T>(
  work: (database: DatabaseHandle, config: ServerConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database.db);
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** Where the database is, for messages: the SQLite file or the PostgreSQL URL without its password. */
export function describeDatabase(config: ServerConfig): string {
  if (!config.databaseUrl) return `SQLite ${config.sqlitePath}`;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}
