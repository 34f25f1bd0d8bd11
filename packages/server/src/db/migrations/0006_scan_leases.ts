/**
 * Scan leases (issue 11, "a server restart re-queues what was running"): `sim_scans.lease_until` is the instant
 * (ISO 8601, UTC) until which the API process coordinating a running scan holds it. That process renews it
 * while the scan runs; a running scan whose lease has passed lost its coordinator, and another API process (or
 * the restarted one) takes it over from its stored snapshot (modules/scans/leases.ts). Null on rows written
 * before this migration and on ended scans.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

export const scanLeasesMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema.alterTable('sim_scans').addColumn('lease_until', 'text').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('sim_scans').dropColumn('lease_until').execute();
  },
};
