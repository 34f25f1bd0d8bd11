/**
 * Downloads of a finished scan's series: a zip of its DICOM MR files (@larmor/mri io/dicom, one file per slice)
 * and a gzip-compressed NIfTI-1 volume (@larmor/mri io/nifti, exports/nifti.ts). Both are rebuilt from the
 * stored pixels and the snapshot's geometry, so they show exactly what the viewers show. Both credit the model's
 * anatomy (Colin27, the SPL Knee and Abdominal Atlases): the DICOM files in Patient Comments, the NIfTI volumes
 * (also the FSL download's) in a comment extension (ecode 6).
 */
import { zipSync } from 'fflate';
import { dicomMrSeries, fslDiffusionTables, niftiVolume } from '@larmor/mri/io';
import { scanGeometry, type ScanSnapshot } from '@larmor/mri/simulate';
import type { Protocol } from '@larmor/mri';
import { modelSnrPercent } from '@larmor/mri/anatomy';
import { modelNotice } from '../../anatomy/modelStore.ts';
import { niftiFileBytes } from '../../exports/nifti.ts';
import { notFound } from '../../plugins/errors.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import type { ScanRow } from './repository.ts';
import { imageKey, type ScanResultRecord } from './runner.ts';
import {
  diffusionImageKey,
  diffusionSeriesNumber,
  scanItselfDescription,
  type DiffusionSeriesRecord,
} from './diffusion.ts';

/** The scan's own SeriesDescription (before its id): the family; a DWI scan's names its b-value. */
const seriesTitle = (protocol: Protocol): string =>
  protocol.family === 'DWI' ? scanItselfDescription(protocol) : protocol.family;

/** The images of the scan, or of its diffusion series `series`. */
async function imagesOf(
  runtime: SimulatorRuntime,
  scan: ScanRow,
  result: ScanResultRecord,
  series?: DiffusionSeriesRecord,
) {
  const images = [];
  for (let i = 0; i < result.slices.length; i++) {
    const key = series ? diffusionImageKey(scan.id, series.name, i) : imageKey(scan.id, i);
    const bytes = await runtime.blobs.get(key);
    const magnitude = new Float32Array(bytes.slice().buffer);
    images.push({ rows: result.rows, columns: result.columns, magnitude });
  }
  return images;
}

/**
 * The series as a zip of DICOM MR files `IM0001.dcm`…; a DWI series (the scan itself or `series`) carries its
 * b-value in DiffusionBValue (0018,9087), a trace or ADC map its DERIVED ImageType and its own series UID.
 */
export async function dicomZip(
  runtime: SimulatorRuntime,
  scan: ScanRow,
  result: ScanResultRecord,
  series?: DiffusionSeriesRecord,
) {
  const snapshot = JSON.parse(scan.snapshot) as ScanSnapshot;
  const protocol: Protocol = snapshot.protocol;
  const created = scan.created_at;
  const bValue = series ? series.bValue : protocol.family === 'DWI' ? (protocol.bValues?.[0] ?? 0) : null;
  const images = (await imagesOf(runtime, scan, result, series)).map((image) =>
    bValue === null ? image : { ...image, diffusion: { bValue } },
  );
  const index = series ? (result.diffusion ?? []).findIndex((s) => s.name === series.name) : -1;
  const notice = modelNotice(snapshot.model.id);
  const files = dicomMrSeries({
    images,
    geometry: scanGeometry(protocol),
    protocol: series && series.bValue !== null ? { ...protocol, bValues: [series.bValue] } : protocol,
    scanner: snapshot.scanner,
    // One study and frame of reference for the scan and its DWI series; each series its own UID.
    scanKey: `scan/${scan.id}`,
    ...(series ? { seriesKey: series.name } : {}),
    date: created.slice(0, 10).replaceAll('-', ''),
    time: created.slice(11, 19).replaceAll(':', ''),
    seriesNumber: series ? diffusionSeriesNumber(scan.series_number, index) : scan.series_number,
    seriesDescription: `${series ? series.description : seriesTitle(protocol)} ${scan.id.slice(0, 8)}`,
    ...(series?.imageType ? { imageType: series.imageType } : {}),
    relativeSnrPercent: modelSnrPercent(protocol, snapshot.scanner, snapshot.model.id),
    ...(notice ? { anatomyNotice: notice } : {}),
  });
  const entries = Object.fromEntries(
    files.map((data, i) => [`IM${String(i + 1).padStart(4, '0')}.dcm`, data]),
  );
  // Stored, not deflated (DICOM pixels barely compress); dated by the scan, so the bytes depend on it alone.
  return zipSync(entries, { level: 0, mtime: created });
}

/** The series as a `.nii.gz` volume. */
export async function niftiGz(
  runtime: SimulatorRuntime,
  scan: ScanRow,
  result: ScanResultRecord,
  series?: DiffusionSeriesRecord,
) {
  const snapshot = JSON.parse(scan.snapshot) as ScanSnapshot;
  const notice = modelNotice(snapshot.model.id);
  const nii = niftiVolume({
    images: await imagesOf(runtime, scan, result, series),
    geometry: scanGeometry(snapshot.protocol),
    repetitionTime: snapshot.protocol.repetitionTime,
    relativeSnrPercent: modelSnrPercent(snapshot.protocol, snapshot.scanner, snapshot.model.id),
    ...(notice ? { anatomyNotice: notice } : {}),
  });
  return niftiFileBytes('scan.nii.gz', nii);
}

/** File names inside the FSL download (`?format=fsl`): the 4D volume and its tables. */
export const FSL_FILES = { volume: 'dwi.nii.gz', bval: 'dwi.bval', bvec: 'dwi.bvec' } as const;

/**
 * A DWI scan's b-value series as FSL and the diffusion tools read them (FSL FDT user guide, "bvals"/"bvecs"): a zip
 * of `dwi.nii.gz`, one 4D volume with a volume per b-value in ascending order (b = 0, then each b-value's trace,
 * each as its own `?format=nifti&series=` volume), `dwi.bval` (s/mm², one column per volume) and `dwi.bvec`. A
 * trace image is the geometric mean over three orthogonal directions, so it has no gradient direction: its
 * column of `dwi.bvec` is 0 0 0, as for b = 0. The ADC map is a computed series, not a volume of this set.
 * The scan itself stands for its b-value unless a trace of that b-value exists (it is one direction). 404 for
 * a scan without diffusion series.
 */
export async function fslZip(runtime: SimulatorRuntime, scan: ScanRow, result: ScanResultRecord) {
  if (!result.diffusion) throw notFound('Diffusion series');
  const snapshot = JSON.parse(scan.snapshot) as ScanSnapshot;
  const protocol = snapshot.protocol;
  const traces = (result.diffusion ?? []).filter(
    (s): s is DiffusionSeriesRecord & { bValue: number } => s.bValue !== null,
  );
  const itself = protocol.bValues?.[0] ?? 0;
  const notice = modelNotice(snapshot.model.id);
  const volumes = [
    ...(traces.some((s) => s.bValue === itself) ? [] : [{ bValue: itself, series: undefined }]),
    ...traces.map((s) => ({ bValue: s.bValue, series: s })),
  ].sort((a, b) => a.bValue - b.bValue);
  const images = [];
  for (const v of volumes) images.push(...(await imagesOf(runtime, scan, result, v.series)));
  const geometry = scanGeometry(protocol);
  const nii = niftiVolume({
    images,
    geometry,
    volumes: volumes.length,
    repetitionTime: protocol.repetitionTime,
    description: 'DWI trace per b-value',
    relativeSnrPercent: modelSnrPercent(protocol, snapshot.scanner, snapshot.model.id),
    ...(notice ? { anatomyNotice: notice } : {}),
  });
  const tables = fslDiffusionTables(
    geometry,
    volumes.map((v) => ({ bValue: v.bValue })),
  );
  const text = new TextEncoder();
  return zipSync(
    {
      [FSL_FILES.volume]: niftiFileBytes(FSL_FILES.volume, nii),
      [FSL_FILES.bval]: text.encode(tables.bval),
      [FSL_FILES.bvec]: text.encode(tables.bvec),
    },
    { level: 0, mtime: scan.created_at },
  );
}
