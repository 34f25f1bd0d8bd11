/**
 * GET v1/scan-results/{scanResultId}/images[?series] and its slices' raw pixels (little-endian Float32, one call
 * per slice): a kept series as the shared viewer's series. Cached for good: a scan result never changes. Shared
 * by the attempt pages and the scan-result pages (features do not import each other). `diffusion` names one of a
 * kept DWI scan's series (`diffusionSeries[].name`: 'b1000', 'adc'; '' the scan itself, issue 23.7).
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

export function getScanResultImages(scanResultId: string, diffusion = ''): Promise<ScanResultImages> {
  return api.request(apiPath(SCAN_RESULT_REVIEW_PATHS.images, { scanResultId }), {
    schema: scanResultImagesSchema,
    query: { series: diffusion === '' ? undefined : diffusion },
  });
}

/** A slice's pixels from `url` (the metadata's), checked to be rows × columns. */
export async function getPixels(url: string, expected: number): Promise<Float32Array> {
  const pixels = await api.float32(url);
  if (pixels.length !== expected) throw new Error(`An image has ${pixels.length} pixels, not ${expected}`);
  return pixels;
}

export async function getScanResultSeries(scanResultId: string, description: string, diffusion = '') {
  const meta = await getScanResultImages(scanResultId, diffusion);
  const pixels = await Promise.all(meta.slices.map((s) => getPixels(s.url, meta.rows * meta.columns)));
  const described = meta.diffusionSeries?.find((s) => s.name === diffusion);
  const name = diffusion !== '' && described ? `${description} · ${described.description}` : description;
  return { meta, series: scanResultViewerSeries(meta, pixels, name, diffusion) };
}

export function scanResultSeriesQueryOptions(scanResultId: string, description: string, diffusion = '') {
  return queryOptions({
    queryKey: ['scan-results', scanResultId, 'series', description, diffusion],
    queryFn: () => getScanResultSeries(scanResultId, description, diffusion),
    staleTime: Infinity,
  });
}

export function useScanResultSeries(scanResultId: string, description: string, diffusion = '') {
  return useQuery({
    ...scanResultSeriesQueryOptions(scanResultId, description, diffusion),
    enabled: scanResultId !== '',
  });
}
