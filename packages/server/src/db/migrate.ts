import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/**
 * The PostgreSQL schema the connection works in (its search_path), or undefined on SQLite. Kysely's
 * introspection sees every schema of the database, so migration bookkeeping and test clean-up must name it.
 */
export async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema;
}

/** Runs every pending migration; throws (naming the failing migration) if one fails. Returns those applied. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Keeps Kysely's bookkeeping tables in our schema, never mistaking another schema's for ours.
    migrationTableSchema: await currentSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
