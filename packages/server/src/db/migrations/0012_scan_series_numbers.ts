/**
 * Issue 20.5, "every run is a new series": each scan carries its own series number, counted per session in the
 * order the runs were made (1, 2, …), so that a re-run of a sequence is a new series beside the earlier ones
 * rather than "Se 1" again. Scans stored before get their numbers in the order they were created.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const scanSeriesNumbersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('sim_scans').addColumn('series_number', 'integer').execute();
    await sql`
      UPDATE sim_scans SET series_number = (
        SELECT COUNT(*) FROM sim_scans earlier
        WHERE earlier.session_id = sim_scans.session_id
          AND (earlier.created_at < sim_scans.created_at
            OR (earlier.created_at = sim_scans.created_at AND earlier.id <= sim_scans.id))
      )`.execute(db);
    await db.schema
      .createIndex('sim_scans_series_number')
      .on('sim_scans')
      .columns(['session_id', 'series_number'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('sim_scans_series_number').execute();
    await db.schema.alterTable('sim_scans').dropColumn('series_number').execute();
  },
};
