/**
 * A scan result against its module's reference scan (issue 14): the parameters that differ with the consequence
 * of each (@larmor/mri grading/compare.ts), and the absolute difference of the two series' centre slices when
 * their geometry matches, else why not (grading/difference.ts). The reference is the one of the module's
 * organisation as the reader sees it (reference.ts `referenceOrganisation`); its images are read here for the
 * difference map only.
 */
import {
  API_PREFIX,
  apiPath,
  SCAN_RESULT_REVIEW_PATHS,
  type DifferenceMap,
  type ScanResultComparison,
} from '@larmor/contracts';
import {
  compareProtocols,
  absoluteDifference,
  centreSliceIndex,
  geometryMismatch,
  type Difference,
  type SeriesGeometry,
} from '@larmor/mri/grade';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import type { BlobStore } from '../../blobs/index.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../plugins/errors.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { recordOf } from './images.ts';
import { findLab } from '../content/labs/repository.ts';
import { loadProgram } from '../content/programs/service.ts';
import { referenceFor, referenceOrganisation } from './reference.ts';
import { requireComparisonReader } from './reference-access.ts';
import { findScanResult, type ScanResultRow } from './repository.ts';
import { readableScanResult, scanResultImageKey } from './service.ts';

const snapshotOf = (row: ScanResultRow): ScanSnapshot => JSON.parse(row.snapshot) as ScanSnapshot;

async function centrePixels(blobs: BlobStore, row: ScanResultRow): Promise<Float32Array> {
  const bytes = await blobs.get(scanResultImageKey(row.id, centreSliceIndex(recordOf(row).slices.length)));
  return new Float32Array(bytes.slice().buffer);
}

async function loadPair(db: Db, scope: ContentScope, id: string) {
  const row = await readableScanResult(db, scope, id);
  const lab = await findLab(db, row.lab_id);
  if (!lab) throw notFound('Module');
  const program = await loadProgram(db, lab.program_id);
  await requireComparisonReader(db, scope, program, row);
  const clientId = await referenceOrganisation(db, scope, program);
  const reference = await referenceFor(db, row.lab_id, clientId);
  const referenceRow = reference ? await findScanResult(db, reference.scanResultId) : undefined;
  return { row, reference, referenceRow };
}

/** |this − reference| of the centre slices; null when the geometry does not match. */
async function difference(
  blobs: BlobStore,
  row: ScanResultRow,
  reference: ScanResultRow,
): Promise<Difference | null> {
  if (geometryMismatch(recordOf(row) satisfies SeriesGeometry, recordOf(reference)) !== null) return null;
  return absoluteDifference(await centrePixels(blobs, row), await centrePixels(blobs, reference));
}

/** GET v1/scan-results/{scanResultId}/comparison. */
export async function compareWithReference(
  db: Db,
  blobs: BlobStore,
  scope: ContentScope,
  id: string,
): Promise<ScanResultComparison> {
  const { row, reference, referenceRow } = await loadPair(db, scope, id);
  const base = {
    scanResultId: row.id,
    labId: row.lab_id,
    reference,
    isReference: reference?.scanResultId === row.id,
  };
  if (!reference || !referenceRow) return { ...base, reference: null, parameters: [], differenceMap: null };
  const snapshot = snapshotOf(row);
  const referenceSnapshot = snapshotOf(referenceRow);
  const parameters = compareProtocols(snapshot, referenceSnapshot);
  const record = recordOf(row);
  const referenceRecord = recordOf(referenceRow);
  const mismatch = geometryMismatch(record, referenceRecord);
  let differenceMap: DifferenceMap;
  if (mismatch !== null) differenceMap = { available: false, reason: mismatch };
  else {
    const d = await difference(blobs, row, referenceRow);
    const slice = centreSliceIndex(record.slices.length);
    const geometry = record.slices[slice];
    if (!d || !geometry) throw notFound('Difference map');
    differenceMap = {
      available: true,
      rows: record.rows,
      columns: record.columns,
      pixelSpacing: record.pixelSpacing,
      sliceThickness: record.sliceThickness,
      imagePositionPatient: geometry.position,
      imageOrientationPatient: geometry.orientation,
      slice,
      referenceSlice: centreSliceIndex(referenceRecord.slices.length),
      maxDifference: d.max,
      meanDifference: d.mean,
      // The whole range of differences, so an identical pair shows black and the largest difference white.
      window: { center: d.max / 2, width: Math.max(d.max, Number.EPSILON) },
      pixelFormat: 'float32le',
      url: `${API_PREFIX}/${apiPath(SCAN_RESULT_REVIEW_PATHS.difference, { scanResultId: row.id })}`,
    };
  }
  return { ...base, parameters, differenceMap };
}

/** GET v1/scan-results/{scanResultId}/comparison/difference: the map's pixels; 404 when there is none. */
export async function differenceBytes(db: Db, blobs: BlobStore, scope: ContentScope, id: string) {
  const { row, referenceRow } = await loadPair(db, scope, id);
  if (!referenceRow) throw notFound('Reference scan');
  const d = await difference(blobs, row, referenceRow);
  if (!d) throw notFound('Difference map');
  return new Uint8Array(d.pixels.buffer, d.pixels.byteOffset, d.pixels.byteLength);
}
