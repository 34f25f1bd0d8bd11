/**
 * Scan results (issue 14): a student keeps a finished scan of their own session; the scan result copies its
 * immutable snapshot, its result record and its images (blob store, `scan-results/{id}/image-{slice}.f32`), so
 * it outlives the session and what a teacher reviews is what the student saw. Readable by its owner, by the
 * teachers and administrators of the organisation whose work it is (`mayReadScanResult`), and by platform
 * administrators.
 */
import { scanSnapshotSchema, type ScanResult } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { findLab } from '../content/labs/repository.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { loadProgram, staffHoldOf } from '../content/programs/service.ts';
import { findScanById } from '../scans/repository.ts';
import { imageKey, type ScanResultRecord } from '../scans/runner.ts';
import { diffusionImageKey } from '../scans/diffusion.ts';
import { findSession } from '../sessions/repository.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import {
  findScanResult,
  findScanResultOfScan,
  insertScanResult,
  isMemberOf,
  submittedOutside,
  type ScanResultRow,
} from './repository.ts';

/** Blob key of slice `slice`'s image of a scan result (little-endian Float32, display orientation). */
export const scanResultImageKey = (id: string, slice: number): string =>
  `scan-results/${id}/image-${slice}.f32`;

/** Blob key of slice `slice` of a DWI scan result's diffusion series `name` (scans/diffusion.ts). */
export const scanResultSeriesImageKey = (id: string, name: string, slice: number): string =>
  `scan-results/${id}/${name}/image-${slice}.f32`;

export function presentScanResult(row: ScanResultRow): ScanResult {
  const result = JSON.parse(row.result) as ScanResultRecord;
  return {
    id: row.id,
    userId: row.user_id,
    labId: row.lab_id,
    scanId: row.scan_id,
    snapshot: scanSnapshotSchema.parse(JSON.parse(row.snapshot)),
    rows: result.rows,
    columns: result.columns,
    slices: result.slices.length,
    createdAt: row.created_at,
  };
}

/** Keeps a finished scan of the caller's own session; the same scan kept again answers the same result. */
export async function keepScan(
  db: Db,
  runtime: SimulatorRuntime,
  scope: ContentScope,
  scanId: string,
): Promise<{ created: boolean; result: ScanResult }> {
  const scan = await findScanById(db, scanId);
  if (!scan) throw notFound('Scan');
  const session = await findSession(db, scan.session_id);
  if (!session || session.user_id !== scope.userId) throw forbidden('Only your own scans can be kept');
  if (scan.status !== 'finished' || scan.result === null) throw conflict('The scan has not finished');
  const existing = await findScanResultOfScan(db, scan.id);
  if (existing) return { created: false, result: presentScanResult(existing) };
  const record = JSON.parse(scan.result) as ScanResultRecord;
  const id = newId();
  for (let slice = 0; slice < record.slices.length; slice++) {
    await runtime.blobs.put(scanResultImageKey(id, slice), await runtime.blobs.get(imageKey(scan.id, slice)));
    for (const { name } of record.diffusion ?? []) {
      const bytes = await runtime.blobs.get(diffusionImageKey(scan.id, name, slice));
      await runtime.blobs.put(scanResultSeriesImageKey(id, name, slice), bytes);
    }
  }
  const row: ScanResultRow = {
    id,
    user_id: scope.userId,
    lab_id: session.lab_id,
    scan_id: scan.id,
    snapshot: scan.snapshot,
    result: scan.result,
    created_at: isoNow(),
  };
  await insertScanResult(db, row);
  return { created: true, result: presentScanResult(row) };
}

/**
 * Whether the caller may read the scan result `row`: its owner, platform admins, and the staff of the
 * organisation whose work it is: the one owning the module's program, or for a global program an organisation
 * it is assigned to that the student is a member of, unless the student submitted it in an attempt that is not
 * that organisation's. Never another organisation the student also belongs to.
 */
export async function mayReadScanResult(db: Db, scope: ContentScope, row: ScanResultRow): Promise<boolean> {
  if (scope.userId === row.user_id || scope.platformAdmin) return true;
  const lab = await findLab(db, row.lab_id);
  if (!lab) return false;
  const hold = await staffHoldOf(db, scope, await loadProgram(db, lab.program_id));
  if (hold === 'owner') return true;
  if (hold !== 'assigned' || scope.clientId === null) return false;
  return (
    (await isMemberOf(db, row.user_id, scope.clientId)) &&
    !(await submittedOutside(db, row.id, scope.clientId))
  );
}

/** The scan result `id` if the caller may read it: 404 when there is none, 403 when it is not theirs to read. */
export async function readableScanResult(db: Db, scope: ContentScope, id: string): Promise<ScanResultRow> {
  const row = await findScanResult(db, id);
  if (!row) throw notFound('Scan result');
  if (!(await mayReadScanResult(db, scope, row))) throw forbidden();
  return row;
}

export async function getScanResult(db: Db, scope: ContentScope, id: string): Promise<ScanResult> {
  return presentScanResult(await readableScanResult(db, scope, id));
}
