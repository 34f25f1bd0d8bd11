/** SQL of scans: one row per acquisition, its snapshot immutable once written. */
import { toCount, type Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { SimScansTable } from '../../db/schema.ts';

export type ScanRow = Selectable<SimScansTable>;

export async function insertScan(db: Db, row: ScanRow): Promise<void> {
  await db.insertInto('sim_scans').values(row).execute();
}

export async function findScan(db: Db, sessionId: string, id: string): Promise<ScanRow | undefined> {
  return db
    .selectFrom('sim_scans')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findScanById(db: Db, id: string): Promise<ScanRow | undefined> {
  return db.selectFrom('sim_scans').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The next series number of `sessionId` (1 for its first scan). Call it under the session owner's lock
 * (lockUserForScans) so that parallel runs cannot share a number.
 */
export async function nextSeriesNumber(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom('sim_scans')
    .select((eb) => eb.fn.max('series_number').as('last'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Every scan of pulse sequence `pulseSequenceId` of `sessionId`, oldest first (series number order). */
export async function scansOfSequence(
  db: Db,
  sessionId: string,
  pulseSequenceId: string,
): Promise<ScanRow[]> {
  return db
    .selectFrom('sim_scans')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('pulse_sequence_id', '=', pulseSequenceId)
    .orderBy('series_number')
    .execute();
}

/** Updates a scan still in `running` (a finished, cancelled or failed scan never changes again). */
export async function updateRunningScan(
  db: Db,
  id: string,
  set: Partial<Pick<ScanRow, 'status' | 'progress' | 'error_message' | 'result' | 'finished_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('sim_scans')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives up this process's lease on a running scan (the process is shutting down): the next lease round of any
 * API process, or the restarted one, takes it over at once.
 */
export async function releaseLease(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sim_scans')
    .set({ lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Scans still running, of `sessionIds` or (no argument) of every session. */
export async function runningScans(db: Db, sessionIds?: readonly string[]): Promise<ScanRow[]> {
  let query = db.selectFrom('sim_scans').selectAll().where('status', '=', 'running');
  if (sessionIds !== undefined) {
    if (sessionIds.length === 0) return [];
    query = query.where('session_id', 'in', [...sessionIds]);
  }
  return query.execute();
}

/**
 * Takes the user's row lock for the rest of the transaction `trx` (PostgreSQL: the row lock of an UPDATE, held
 * until commit; SQLite: transactions already run one at a time), so that parallel runs of one user count their
 * active scans one after the other. The UPDATE changes nothing.
 */
export async function lockUserForScans(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}

/** Scans of `userId` queued or running (status `running`), across all the user's sessions. */
export async function activeScanCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sim_scans')
    .innerJoin('sim_sessions', 'sim_sessions.id', 'sim_scans.session_id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('sim_sessions.user_id', '=', userId)
    .where('sim_scans.status', '=', 'running')
    .executeTakeFirst();
  return toCount(row?.count as string | number | undefined);
}

/** The user whose session `sessionId` is: the owner whose turn a scan's parts take in the queue. */
export async function sessionOwner(db: Db, sessionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sim_sessions')
    .select('user_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.user_id;
}
