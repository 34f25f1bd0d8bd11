/**
 * GET v1/sessions/{sessionId}/reconstructed-images/{scanId}[?series] and its slices' raw pixels (little-endian
 * Float32, one call per slice): a finished scan as a ViewerSeries. Cached per scan: a finished scan never
 * changes. `diffusion` names one of a DWI scan's series (`diffusionSeries[].name`: 'b1000', 'adc'; '' the scan
 * itself, issue 23.7).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import {
  reconstructedImagesSchema,
  SESSION_PATHS,
  type ReconstructedImages,
} from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';
import { viewerSeriesOf } from '../series-from-api.ts';

/** Every series' images query starts with this key (the simulator's idle timer waits while one loads). */
export const SERIES_IMAGES_QUERY_KEY = ['series', 'images'] as const;

export function getReconstructedImages(
  sessionId: string,
  scanId: string,
  diffusion = '',
): Promise<ReconstructedImages> {
  return api.request(apiPath(SESSION_PATHS.reconstructedImages, { sessionId, id: scanId }), {
    schema: reconstructedImagesSchema,
    query: { series: diffusion === '' ? undefined : diffusion },
  });
}

export async function getSlicePixels(url: string, expected: number): Promise<Float32Array> {
  const pixels = await api.float32(url);
  if (pixels.length !== expected) throw new Error(`A slice has ${pixels.length} pixels, not ${expected}`);
  return pixels;
}

export async function getSeries(
  sessionId: string,
  scanId: string,
  name: string,
  seriesNumber: number,
  diffusion = '',
) {
  const meta = await getReconstructedImages(sessionId, scanId, diffusion);
  const pixels = await Promise.all(meta.slices.map((s) => getSlicePixels(s.url, meta.rows * meta.columns)));
  const described = meta.diffusionSeries?.find((s) => s.name === diffusion);
  const description = diffusion !== '' && described ? `${name} · ${described.description}` : name;
  const id = diffusion === '' ? meta.scanId : `${meta.scanId}-${diffusion}`;
  // A DWI scan's further series carry their own DICOM series number (N01, N02, … of the scan's N).
  const number = diffusion !== '' && described ? described.seriesNumber : seriesNumber;
  return { meta, series: viewerSeriesOf(meta, pixels, { id, description, seriesNumber: number }) };
}

export function seriesQueryOptions(
  sessionId: string,
  scanId: string,
  name: string,
  seriesNumber: number,
  diffusion = '',
) {
  return queryOptions({
    queryKey: [...SERIES_IMAGES_QUERY_KEY, sessionId, scanId, diffusion],
    queryFn: () => getSeries(sessionId, scanId, name, seriesNumber, diffusion),
    staleTime: Infinity,
  });
}

export function useSeries(
  sessionId: string,
  scanId: string | undefined,
  name: string,
  seriesNumber: number,
  diffusion = '',
) {
  return useQuery({
    ...seriesQueryOptions(sessionId, scanId ?? '', name, seriesNumber, diffusion),
    enabled: Boolean(scanId),
  });
}

/** The series metadata alone (the k-space view reads its slices' k-space, not their pixels). */
export function seriesMetaQueryOptions(sessionId: string, scanId: string) {
  return queryOptions({
    queryKey: ['series', 'meta', sessionId, scanId],
    queryFn: () => getReconstructedImages(sessionId, scanId),
    staleTime: Infinity,
  });
}

export function useSeriesMeta(sessionId: string, scanId: string | undefined) {
  return useQuery({ ...seriesMetaQueryOptions(sessionId, scanId ?? ''), enabled: Boolean(scanId) });
}
