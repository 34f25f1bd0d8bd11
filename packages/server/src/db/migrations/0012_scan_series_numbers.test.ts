import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases, sequenceInSession, useSimulatorApp } from '../../test/simulator.ts';
import type { SimScansTable } from '../schema.ts';
import { scanSeriesNumbersMigration } from './0012_scan_series_numbers.ts';

/** sim_scans as stored before migration 0012. */
type Before = Kysely<{ sim_scans: Omit<SimScansTable, 'series_number'> }>;

describe.each(databases)('migration 0012_scan_series_numbers on %s', (kind) => {
  const t = useSimulatorApp(kind);

  it('numbers the scans stored before it 1, 2, … per session in the order they were created', async () => {
    const { active, sequence } = await sequenceInSession(t.app, t.db, { name: 'SE', parameters: null });
    const { session } = active;
    const raw = t.db as unknown as Kysely<never>;
    await scanSeriesNumbersMigration.down?.(raw);
    const scan = (id: string, createdAt: string) => ({
      id,
      session_id: session.id,
      pulse_sequence_id: sequence.id,
      snapshot: '{}',
      seed: 1,
      status: 'finished',
      progress: 100,
      error_message: null,
      result: null,
      created_at: createdAt,
      finished_at: createdAt,
    });
    // Inserted out of order: the numbers follow created_at, not the insertion.
    await (t.db as unknown as Before)
      .insertInto('sim_scans')
      .values([
        scan('c', '2026-01-01T10:02:00.000Z'),
        scan('a', '2026-01-01T10:00:00.000Z'),
        scan('b', '2026-01-01T10:01:00.000Z'),
      ])
      .execute();
    await scanSeriesNumbersMigration.up(raw);
    const rows = await t.db
      .selectFrom('sim_scans')
      .select(['id', 'series_number'])
      .where('session_id', '=', session.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, Number(r.series_number)])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });
});
