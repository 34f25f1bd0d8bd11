/**
 * Sign-in sessions (one per refresh-token family), so an access token can be revoked before it expires:
 * the token carries the session id (`sid`) and authentication checks the row by primary key. Families that
 * exist already become sessions, revoked when every token of the family is revoked.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

export const authSessionsMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('auth_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute();
    // COUNT(revoked_at) counts the non-null ones: the family is revoked when all its tokens are.
    await sql`
      INSERT INTO auth_sessions (id, user_id, created_at, revoked_at)
      SELECT family_id, MIN(user_id), MIN(created_at),
             CASE WHEN COUNT(revoked_at) = COUNT(*) THEN MAX(revoked_at) ELSE NULL END
      FROM refresh_tokens GROUP BY family_id
    `.execute(db);
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('auth_sessions').execute();
  },
};
