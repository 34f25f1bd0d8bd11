/**
 * Downloads of a finished scan's series: a zip of its DICOM MR files (@larmor/mri io/dicom, one file per slice)
 * and a gzip-compressed NIfTI-1 volume (@larmor/mri io/nifti, exports/nifti.ts). Both are rebuilt from the
 * stored pixels and the snapshot's geometry, so they show exactly what the viewers show. The DICOM files credit
 * the model's anatomy (Colin27, the SPL Knee Atlas) in Patient Comments.
 */
import { zipSync } from 'fflate';
import { dicomMrSeries, niftiVolume } from '@larmor/mri/io';
import { scanGeometry, type ScanSnapshot } from '@larmor/mri/simulate';
import type { Protocol } from '@larmor/mri';
import { modelSnrPercent } from '@larmor/mri/anatomy';
import { modelNotice } from '../../anatomy/modelStore.ts';
import { niftiFileBytes } from '../../exports/nifti.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import type { ScanRow } from './repository.ts';
import { imageKey, type ScanResultRecord } from './runner.ts';
import { diffusionImageKey, type DiffusionSeriesRecord } from './diffusion.ts';

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
  const notice = modelNotice(snapshot.model.id);
  const files = dicomMrSeries({
    images,
    geometry: scanGeometry(protocol),
    protocol: series && series.bValue !== null ? { ...protocol, bValues: [series.bValue] } : protocol,
    scanner: snapshot.scanner,
    scanKey: series ? `scan/${scan.id}/${series.name}` : `scan/${scan.id}`,
    date: created.slice(0, 10).replaceAll('-', ''),
    time: created.slice(11, 19).replaceAll(':', ''),
    seriesNumber: scan.series_number,
    seriesDescription: series
      ? `${series.description} ${scan.id.slice(0, 8)}`
      : `${protocol.family} ${scan.id.slice(0, 8)}`,
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
  const nii = niftiVolume({
    images: await imagesOf(runtime, scan, result, series),
    geometry: scanGeometry(snapshot.protocol),
    repetitionTime: snapshot.protocol.repetitionTime,
    relativeSnrPercent: modelSnrPercent(snapshot.protocol, snapshot.scanner, snapshot.model.id),
  });
  return niftiFileBytes('scan.nii.gz', nii);
}
