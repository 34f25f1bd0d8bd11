/**
 * Issue 21: a program published although a module's objectives fail that module's own reference scan keeps why,
 * who said so and when, with the checks that failed (JSON text: `[{labId, objectiveIds}]`).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const publishOverridesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('publish_overrides')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('failing', 'text', (c) => c.notNull())
      .addColumn('set_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('set_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('publish_overrides_program')
      .on('publish_overrides')
      .column('program_id')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('publish_overrides').execute();
  },
};
