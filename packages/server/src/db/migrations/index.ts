import type { Migration } from 'kysely/migration';
import { accountsMigration } from './0001_accounts.ts';
import { authSessionsMigration } from './0002_auth_sessions.ts';

/**
 * Every migration, by name; names sort in the order they run. Add one line per new migration
 * (`'0002_programs': programsMigration`). Migrations are written once with Kysely's schema builder
 * and run unchanged on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': accountsMigration,
  '0002_auth_sessions': authSessionsMigration,
};
