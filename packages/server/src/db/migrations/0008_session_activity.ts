/**
 * Attempt replay (issue 14): the activity of simulator sessions, one row per change or run (modules/activity).
 * `pulse_sequence_id` is kept without a foreign key so that a deleted sequence's history stays; `detail` is
 * JSON text (names, old and new values, the scan id of a run).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

export const sessionActivityMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('session_activity')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sim_sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('pulse_sequence_id', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('session_activity_session')
      .on('session_activity')
      .columns(['session_id', 'at'])
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('session_activity').execute();
  },
};
