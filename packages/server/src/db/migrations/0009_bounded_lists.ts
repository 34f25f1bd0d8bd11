/**
 * Issue 19 items 4–5: a protocol's echo times and b-values are bounded (PROTOCOL_ECHO_TIMES_MAX,
 * PROTOCOL_B_VALUES_MAX) and kept only on the families that use them (@larmor/mri MULTI_ECHO_FAMILIES; DWI).
 * Rows stored before the bound (an attack stored 250,000 b-values on a spin echo) would no longer parse: this
 * migration drops a list its family ignores and cuts a longer one to the bound, in stored pulse sequences and in
 * scan snapshots (whose engine ignored the dropped lists, so their images stay what they were).
 */
import { PROTOCOL_B_VALUES_MAX, PROTOCOL_ECHO_TIMES_MAX, sequenceTypeOf } from '@larmor/contracts';
import { MULTI_ECHO_FAMILIES } from '@larmor/mri/sequence';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export interface Lists {
  echoTimes?: unknown;
  bValues?: unknown;
}

/** `lists` with each list its family ignores dropped and each longer one cut to its bound; null when unchanged. */
export function boundedLists<T extends Lists>(lists: T, family: string | undefined): T | null {
  const { echoTimes, bValues, ...rest } = lists;
  const multiEcho = (MULTI_ECHO_FAMILIES as readonly string[]).includes(family ?? '');
  const keptEchoTimes = bounded(echoTimes, multiEcho, PROTOCOL_ECHO_TIMES_MAX);
  const keptBValues = bounded(bValues, family === 'DWI', PROTOCOL_B_VALUES_MAX);
  if (keptEchoTimes === echoTimes && keptBValues === bValues) return null;
  return {
    ...rest,
    ...(keptEchoTimes !== undefined ? { echoTimes: keptEchoTimes } : {}),
    ...(keptBValues !== undefined ? { bValues: keptBValues } : {}),
  } as T;
}

/** `list` as it may stay: undefined when its family ignores it or it is no list, cut to `max` when longer. */
function bounded(list: unknown, used: boolean, max: number): unknown {
  if (list === undefined) return undefined;
  if (!used || !Array.isArray(list)) return undefined;
  return list.length > max ? list.slice(0, max) : list;
}

const MENTIONS_A_LIST = (column: string) =>
  sql<boolean>`(${sql.ref(column)} like ${'%"echoTimes"%'} or ${sql.ref(column)} like ${'%"bValues"%'})`;

export const boundedListsMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    const sequences = await db
      .selectFrom('sim_pulse_sequences')
      .select(['id', 'scheme_id', 'parameters'])
      .where(MENTIONS_A_LIST('parameters'))
      .execute();
    for (const row of sequences) {
      const family = sequenceTypeOf(Number(row['scheme_id']))?.family;
      const bounded = boundedLists(JSON.parse(String(row['parameters'])) as Lists, family);
      if (bounded === null) continue;
      await db
        .updateTable('sim_pulse_sequences')
        .set({ parameters: JSON.stringify(bounded) })
        .where('id', '=', row['id'])
        .execute();
    }
    // A scan's snapshot, and the copy a kept scan result holds.
    for (const table of ['sim_scans', 'scan_results']) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'snapshot'])
        .where(MENTIONS_A_LIST('snapshot'))
        .execute();
      for (const row of rows) {
        const snapshot = JSON.parse(String(row['snapshot'])) as { protocol?: Lists & { family?: string } };
        if (!snapshot.protocol) continue;
        const bounded = boundedLists(snapshot.protocol, snapshot.protocol.family);
        if (bounded === null) continue;
        await db
          .updateTable(table)
          .set({ snapshot: JSON.stringify({ ...snapshot, protocol: bounded }) })
          .where('id', '=', row['id'])
          .execute();
      }
    }
  },
  async down(): Promise<void> {
    // The dropped and cut entries were never used by the engine; nothing to restore.
  },
};
