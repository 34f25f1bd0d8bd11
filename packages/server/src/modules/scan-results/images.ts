/**
 * A scan result's series as the shared viewer reads it (issue 14): metadata with geometry and a URL per slice,
 * and each slice's raw pixels, the same shapes as a session's reconstructed-images calls (scans/service.ts)
 * less k-space and downloads; a kept DWI scan's series too (`?series=`, issue 23.7). Readable by whoever may read the scan result (service.ts `mayReadScanResult`).
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
import type { ScanSnapshot } from '@larmor/mri/simulate';
import type { ScanResultRecord } from '../scans/runner.ts';
import { listedDiffusionSeries, numberedDiffusionSeries } from '../scans/diffusion.ts';
import { findScanById } from '../scans/repository.ts';
import { diffusionSeriesOf } from '../scans/service.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import type { ScanResultRow } from './repository.ts';
import { readableScanResult, scanResultImageKey, scanResultSeriesImageKey } from './service.ts';

export const recordOf = (row: ScanResultRow): ScanResultRecord => JSON.parse(row.result) as ScanResultRecord;

/**
 * GET v1/scan-results/{scanResultId}/images[?series]: a kept DWI scan lists its series (the scan itself, each
 * b-value's trace, the ADC map) as the session does; `seriesName` names the one described (404 if unknown).
 */
export async function scanResultImages(
  db: Db,
  scope: ContentScope,
  id: string,
  seriesName?: string,
): Promise<ScanResultImages> {
  const row = await readableScanResult(db, scope, id);
  const record = recordOf(row);
  const series = diffusionSeriesOf(record, seriesName);
  const snapshot = JSON.parse(row.snapshot) as ScanSnapshot;
  const base = `${API_PREFIX}/${apiPath(SCAN_RESULT_REVIEW_PATHS.images, { scanResultId: row.id })}`;
  const query = (name: string) => (name === '' ? '' : `?series=${name}`);
  const own = query(series?.name ?? '');
  let diffusion: ScanResultImages['diffusionSeries'];
  if (record.diffusion) {
    const listed = listedDiffusionSeries(
      snapshot.protocol,
      record.diffusion,
      (name) => `${base}${query(name)}`,
    );
    // The series numbers are the kept scan's (its run in the session), while that scan is still stored.
    const scan = row.scan_id === null ? undefined : await findScanById(db, row.scan_id);
    diffusion = scan ? numberedDiffusionSeries(listed, scan.series_number) : listed;
  }
  return {
    scanResultId: row.id,
    rows: record.rows,
    columns: record.columns,
    pixelSpacing: record.pixelSpacing,
    sliceThickness: record.sliceThickness,
    pixelFormat: 'float32le',
    window: series?.window ?? record.window,
    parameters: protocolSchema.parse(snapshot.protocol),
    seed: snapshot.seed,
    slices: record.slices.map((s, index) => ({
      index,
      imagePositionPatient: s.position,
      imageOrientationPatient: s.orientation,
      url: `${API_PREFIX}/${apiPath(SCAN_RESULT_REVIEW_PATHS.slice, { scanResultId: row.id, index: String(index) })}${own}`,
    })),
    ...(diffusion ? { series: series?.name ?? '', diffusionSeries: diffusion } : {}),
  };
}

/**
 * A slice's pixels (little-endian Float32, rows × columns) of a readable scan result, or of its diffusion series
 * `seriesName`; 404 beyond the series or for an unknown series.
 */
export async function scanResultSliceBytes(
  db: Db,
  runtime: SimulatorRuntime,
  scope: ContentScope,
  id: string,
  index: number,
  seriesName?: string,
): Promise<Uint8Array> {
  const row = await readableScanResult(db, scope, id);
  const record = recordOf(row);
  if (index >= record.slices.length) throw notFound('Slice');
  const series = diffusionSeriesOf(record, seriesName);
  return runtime.blobs.get(
    series ? scanResultSeriesImageKey(row.id, series.name, index) : scanResultImageKey(row.id, index),
  );
}
