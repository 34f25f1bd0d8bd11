/**
 * GET v1/sessions/{sessionId}/reconstructed-images/{id}/kspace/{index} (a slice's `kspaceUrl`): its k-space as
 * little-endian Float32 (re, im) pairs, [phase][read], the acquired lines only. Cached: a finished scan never
 * changes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

export function kspaceSliceQueryOptions(url: string) {
  return queryOptions({
    queryKey: ['viewer', 'kspace-slice', url],
    queryFn: () => api.float32(url),
    staleTime: Infinity,
  });
}

export function useKSpaceSlice(url: string | undefined) {
  return useQuery({ ...kspaceSliceQueryOptions(url ?? ''), enabled: url !== undefined });
}
