/** SQL of pulse sequences: ordered within their session by `seqnum` (1, 2, …, no gaps). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SimPulseSequencesTable, SimScansTable } from '../../db/schema.ts';

export type PulseSequenceRow = SimPulseSequencesTable;
/** A scan as stored (scans/repository.ts's ScanRow): a pulse sequence shows its latest. */
export type SequenceScanRow = Selectable<SimScansTable>;

export async function pulseSequencesOf(
  db: Db,
  sessionId: string,
  collectionId?: string,
): Promise<PulseSequenceRow[]> {
  let query = db.selectFrom('sim_pulse_sequences').selectAll().where('session_id', '=', sessionId);
  if (collectionId !== undefined) query = query.where('collection_id', '=', collectionId);
  return query.orderBy('seqnum').execute();
}

export async function findPulseSequence(
  db: Db,
  sessionId: string,
  id: string,
): Promise<PulseSequenceRow | undefined> {
  return db
    .selectFrom('sim_pulse_sequences')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A pulse sequence by id alone (v2/pulse-sequences/{id}/spatials-default). */
export async function findPulseSequenceById(db: Db, id: string): Promise<PulseSequenceRow | undefined> {
  return db.selectFrom('sim_pulse_sequences').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countPulseSequences(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom('sim_pulse_sequences')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertPulseSequences(db: Db, rows: readonly PulseSequenceRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('sim_pulse_sequences')
      .values([...rows])
      .execute();
}

export async function updatePulseSequence(
  db: Db,
  id: string,
  set: Partial<Omit<PulseSequenceRow, 'id'>>,
): Promise<void> {
  await db.updateTable('sim_pulse_sequences').set(set).where('id', '=', id).execute();
}

/** Gives the session's pulse sequences seqnums 1…n in the order of `orderedIds`. */
export async function setSeqnums(db: Db, orderedIds: readonly string[], now: string): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    await db
      .updateTable('sim_pulse_sequences')
      .set({ seqnum: index + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}

/** Removes a pulse sequence (its scans go with it: `sim_scans` cascades; kept scan results keep their copies). */
export async function deletePulseSequenceRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sim_pulse_sequences').where('id', '=', id).execute();
}

/** The ids of a pulse sequence's scans (their blobs are removed with it). */
export async function scanIdsOfPulseSequence(db: Db, id: string): Promise<string[]> {
  const rows = await db.selectFrom('sim_scans').select('id').where('pulse_sequence_id', '=', id).execute();
  return rows.map((r) => r.id);
}

/** The newest scan of each of `pulseSequenceIds`. */
export async function latestScans(
  db: Db,
  pulseSequenceIds: readonly string[],
): Promise<Map<string, SequenceScanRow>> {
  const latest = new Map<string, SequenceScanRow>();
  if (pulseSequenceIds.length === 0) return latest;
  const rows = await db
    .selectFrom('sim_scans')
    .selectAll()
    .where('pulse_sequence_id', 'in', [...pulseSequenceIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) latest.set(row.pulse_sequence_id, row);
  return latest;
}
