/**
 * A scan result's series as the shared viewer reads it (issue 14): metadata with geometry and a URL per slice,
 * and each slice's raw pixels, the same shapes as a session's reconstructed-images calls (scans/service.ts)
 * less k-space and downloads. Readable by whoever may read the scan result (service.ts `mayReadScanResult`).
 */
import {
  API_PREFIX,
  apiPath,
  protocolSchema,
  SCAN_RESULT_REVIEW_PATHS,
  type ScanResultImages,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../plugins/errors.ts';
import type { ContentScope } from '../content/programs/access.ts';
import type { ScanResultRecord } from '../scans/runner.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import type { ScanResultRow } from './repository.ts';
import { readableScanResult, scanResultImageKey } from './service.ts';

export const recordOf = (row: ScanResultRow): ScanResultRecord => JSON.parse(row.result) as ScanResultRecord;

/** GET v1/scan-results/{scanResultId}/images. */
export async function scanResultImages(db: Db, scope: ContentScope, id: string): Promise<ScanResultImages> {
  const row = await readableScanResult(db, scope, id);
  const record = recordOf(row);
  const snapshot = JSON.parse(row.snapshot) as { protocol: unknown; seed: number };
  return {
    scanResultId: row.id,
    rows: record.rows,
    columns: record.columns,
    pixelSpacing: record.pixelSpacing,
    sliceThickness: record.sliceThickness,
    pixelFormat: 'float32le',
    window: record.window,
    parameters: protocolSchema.parse(snapshot.protocol),
    seed: snapshot.seed,
    slices: record.slices.map((s, index) => ({
      index,
      imagePositionPatient: s.position,
      imageOrientationPatient: s.orientation,
      url: `${API_PREFIX}/${apiPath(SCAN_RESULT_REVIEW_PATHS.slice, { scanResultId: row.id, index: String(index) })}`,
    })),
  };
}

/** A slice's pixels (little-endian Float32, rows × columns) of a readable scan result; 404 beyond the series. */
export async function scanResultSliceBytes(
  db: Db,
  runtime: SimulatorRuntime,
  scope: ContentScope,
  id: string,
  index: number,
): Promise<Uint8Array> {
  const row = await readableScanResult(db, scope, id);
  if (index >= recordOf(row).slices.length) throw notFound('Slice');
  return runtime.blobs.get(scanResultImageKey(row.id, index));
}
