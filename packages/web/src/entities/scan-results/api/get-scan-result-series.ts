/**
 * GET v1/scan-results/{scanResultId}/images and its slices' raw pixels (little-endian Float32, one call per
 * slice): a kept series as the shared viewer's series. Cached for good: a scan result never changes. Shared by
 * the attempt pages and the scan-result pages (features do not import each other).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SCAN_RESULT_REVIEW_PATHS,
  scanResultImagesSchema,
  type ScanResultImages,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { scanResultViewerSeries } from '../viewer-series.ts';

export function getScanResultImages(scanResultId: string): Promise<ScanResultImages> {
  return api.request(apiPath(SCAN_RESULT_REVIEW_PATHS.images, { scanResultId }), {
    schema: scanResultImagesSchema,
  });
}

/** A slice's pixels from `url` (the metadata's), checked to be rows × columns. */
export async function getPixels(url: string, expected: number): Promise<Float32Array> {
  const pixels = await api.float32(url);
  if (pixels.length !== expected) throw new Error(`An image has ${pixels.length} pixels, not ${expected}`);
  return pixels;
}

export async function getScanResultSeries(scanResultId: string, description: string) {
  const meta = await getScanResultImages(scanResultId);
  const pixels = await Promise.all(meta.slices.map((s) => getPixels(s.url, meta.rows * meta.columns)));
  return scanResultViewerSeries(meta, pixels, description);
}

export function scanResultSeriesQueryOptions(scanResultId: string, description: string) {
  return queryOptions({
    queryKey: ['scan-results', scanResultId, 'series', description],
    queryFn: () => getScanResultSeries(scanResultId, description),
    staleTime: Infinity,
  });
}

export function useScanResultSeries(scanResultId: string, description: string) {
  return useQuery({
    ...scanResultSeriesQueryOptions(scanResultId, description),
    enabled: scanResultId !== '',
  });
}
