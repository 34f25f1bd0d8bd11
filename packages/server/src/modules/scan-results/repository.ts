/** SQL of scan results: rows are written once and never changed. */
import type { Db } from '../../db/database.ts';
import type { ScanResultsTable } from '../../db/schema.ts';

export type ScanResultRow = ScanResultsTable;

export async function insertScanResult(db: Db, row: ScanResultRow): Promise<void> {
  await db.insertInto('scan_results').values(row).execute();
}

export async function findScanResult(db: Db, id: string): Promise<ScanResultRow | undefined> {
  return db.selectFrom('scan_results').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findScanResultOfScan(db: Db, scanId: string): Promise<ScanResultRow | undefined> {
  return db.selectFrom('scan_results').selectAll().where('scan_id', '=', scanId).executeTakeFirst();
}

export async function findScanResults(db: Db, ids: readonly string[]): Promise<ScanResultRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('scan_results').selectAll().where('id', 'in', ids).execute();
}

/** Whether `userId` is a member of an organisation where the caller (`clientId`) is. */
export async function isMemberOf(db: Db, userId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether scan result `id` was submitted in an attempt that is not organisation `clientId`'s (another
 * organisation's, or an individual learner's): work on a global program that the student did through another
 * organisation assigned the program.
 */
export async function submittedOutside(db: Db, id: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('attempt_scan_results as s')
    .innerJoin('lab_attempts as a', 'a.id', 's.attempt_id')
    .select('a.id')
    .where('s.scan_result_id', '=', id)
    .where((eb) => eb.or([eb('a.client_id', 'is', null), eb('a.client_id', '!=', clientId)]))
    .executeTakeFirst();
  return row !== undefined;
}
