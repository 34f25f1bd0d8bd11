/**
 * A DWI scan's series (issue 23.7): the scan itself shows its first b-value; each b-value's trace images and the
 * ADC map are scanned and computed after it, as the render CLI writes them (jobs/diffusionSeries.ts), and stored
 * as series of their own (`scans/{id}/{name}/image-{slice}.f32`, named in the result record). The b = 0 scan at
 * the snapshot's seed is the scan itself and is not run again.
 */
import type { Protocol } from '@larmor/mri';
import { seriesWindow } from '@larmor/mri/recon';
import { TRACE_DIRECTIONS, type ScanSnapshot, type SnapshotResult } from '@larmor/mri/simulate';
import type { BlobStore } from '../../blobs/types.ts';
import { diffusionSeries, type RenderedSeries, type SeriesImage } from '../../jobs/diffusionSeries.ts';
import type { ScanJob, ScanQueue, SubmitOptions } from '../../jobs/index.ts';

/** One stored diffusion series of a scan (`ScanResultRecord.diffusion`). */
export interface DiffusionSeriesRecord {
  /** 'b1000' (s/mm²) for a b-value's trace, 'adc' for the ADC map. */
  name: string;
  description: string;
  /** Its b-value [s/m²]; null for the ADC map. */
  bValue: number | null;
  imageType?: string[];
  window: { center: number; width: number };
}

/** Blob key of slice `slice` of the scan's diffusion series `name` (little-endian Float32). */
export const diffusionImageKey = (scanId: string, name: string, slice: number): string =>
  `scans/${scanId}/${name}/image-${slice}.f32`;

/** Derived series per scan in the DICOM SeriesNumber: series N's further series are N01, N02, … */
const DERIVED_SERIES_PER_SCAN = 100;

/**
 * The DICOM SeriesNumber of the scan's diffusion series `index` (its place in `ScanResultRecord.diffusion`):
 * `scanSeriesNumber`·100 + index + 1, as consoles number the series they derive from series N (N01, N02, …). The
 * scan itself keeps `scanSeriesNumber` (every run a new series, issue 20.5); each scan is its own DICOM study, so
 * the numbers are unique within it.
 */
export const diffusionSeriesNumber = (scanSeriesNumber: number, index: number): number =>
  scanSeriesNumber * DERIVED_SERIES_PER_SCAN + index + 1;

/** s/m² → s/mm², DICOM's and the series names' unit of b. */
export const S_PER_MM2 = 1e-6;

/** What the scan itself of a DWI protocol shows: its first b-value, e.g. 'DWI b=0 s/mm²'. */
export const scanItselfDescription = (protocol: Protocol): string =>
  `DWI b=${Math.round((protocol.bValues?.[0] ?? 0) * S_PER_MM2)} s/mm²`;

/** Whether a snapshot has diffusion series beyond the scan itself: DWI with two or more distinct b-values. */
export const hasDiffusionSeries = (protocol: Protocol): boolean =>
  protocol.family === 'DWI' && new Set(protocol.bValues ?? []).size >= 2;

/**
 * How many scans a DWI scan runs in all (progress spans them): the scan itself, then one per b-value > 0 and
 * diffusion direction and one for b = 0 (diffusionSeries), less the one whose images are the scan itself: the
 * lowest b-value when it is the protocol's first (scanDiffusionSeries reuses it). 1 without diffusion series.
 */
export function diffusionScanCount(protocol: Protocol, directions = TRACE_DIRECTIONS): number {
  if (!hasDiffusionSeries(protocol)) return 1;
  const bValues = [...new Set(protocol.bValues ?? [])];
  const runs = bValues.reduce((n, b) => n + (b > 0 ? directions : 1), 0);
  const lowest = Math.min(...bValues);
  return 1 + runs - (protocol.bValues?.[0] === lowest ? 1 : 0);
}

/**
 * Every b-value's trace series and the ADC map of `snapshot`, given the scan itself (`primary`): each further
 * scan is submitted to `queue` (`onJob` sees it, so a cancel reaches it). The series whose images are the scan
 * itself (its first b-value at its seed) is left out.
 */
export async function scanDiffusionSeries(
  queue: ScanQueue,
  snapshot: ScanSnapshot,
  primary: SnapshotResult,
  options: SubmitOptions,
  onJob: (job: ScanJob) => void,
): Promise<RenderedSeries[]> {
  const first = snapshot.protocol.bValues?.[0];
  const scan = async (protocol: Protocol, seed: number): Promise<readonly SeriesImage[]> => {
    if (seed === snapshot.seed && protocol.bValues?.[0] === first) return primary.slices;
    const job = await queue.submit({ ...snapshot, protocol, seed }, options);
    onJob(job);
    return (await job.result).slices;
  };
  const series = await diffusionSeries(snapshot.protocol, snapshot.seed, scan);
  return series.filter((s) => s.name === 'adc' || s.protocol.bValues?.[0] !== first);
}

/** Stores the series' images; answers their records. */
export async function storeDiffusionSeries(
  blobs: BlobStore,
  scanId: string,
  series: readonly RenderedSeries[],
): Promise<DiffusionSeriesRecord[]> {
  await Promise.all(
    series.flatMap((s) =>
      s.images.map((image, slice) => {
        const m = image.magnitude;
        return blobs.put(
          diffusionImageKey(scanId, s.name, slice),
          new Uint8Array(m.buffer, m.byteOffset, m.byteLength),
        );
      }),
    ),
  );
  return series.map((s) => {
    const window = seriesWindow(s.images.map((image) => image.magnitude));
    const bValue = s.name === 'adc' ? null : (s.protocol.bValues?.[0] ?? 0);
    return {
      name: s.name,
      description: s.description,
      bValue,
      ...(s.imageType ? { imageType: [...s.imageType] } : {}),
      window: { center: window.center, width: window.width },
    };
  });
}

/**
 * A DWI scan's series as its metadata lists them (`diffusionSeries`): the scan itself (name '') then each stored
 * series, b in s/mm²; `urlOf(name)` is the metadata URL of each.
 */
export function listedDiffusionSeries(
  protocol: Protocol,
  records: readonly DiffusionSeriesRecord[],
  urlOf: (name: string) => string,
) {
  return [
    {
      name: '',
      description: `${scanItselfDescription(protocol)} (the scan itself)`,
      bValue: (protocol.bValues?.[0] ?? 0) * S_PER_MM2,
      url: urlOf(''),
    },
    ...records.map((s) => ({
      name: s.name,
      description: s.description,
      bValue: s.bValue === null ? null : s.bValue * S_PER_MM2,
      ...(s.imageType ? { imageType: s.imageType } : {}),
      url: urlOf(s.name),
    })),
  ];
}

/** `listed` (listedDiffusionSeries) with each series' DICOM SeriesNumber, the scan's being `scanSeriesNumber`. */
export const numberedDiffusionSeries = <T extends object>(listed: readonly T[], scanSeriesNumber: number) =>
  listed.map((s, index) => ({
    ...s,
    seriesNumber: index === 0 ? scanSeriesNumber : diffusionSeriesNumber(scanSeriesNumber, index - 1),
  }));
