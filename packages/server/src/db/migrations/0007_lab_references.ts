/**
 * Reference scans of modules (issue 14, the scan-result comparison): a teacher marks one of their own scan
 * results of a module as the module's reference, against which their organisation's students' scan results are
 * compared. One per module and organisation (`owner_key` is the organisation's id, or `platform` for a platform
 * administrator's), since a global program's module is shared by many organisations.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

export const labReferencesMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('lab_references')
      .addColumn('lab_id', 'text', (c) => c.notNull().references('labs.id').onDelete('cascade'))
      .addColumn('owner_key', 'text', (c) => c.notNull())
      .addColumn('scan_result_id', 'text', (c) =>
        c.notNull().references('scan_results.id').onDelete('cascade'),
      )
      .addColumn('set_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('set_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lab_references_pk', ['lab_id', 'owner_key'])
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('lab_references').execute();
  },
};
