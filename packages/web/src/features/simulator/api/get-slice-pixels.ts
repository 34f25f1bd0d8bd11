/** GET v1/sessions/{sessionId}/reconstructed-images/{id}/slices/{index}: one slice's Float32 pixels. */
import { useQuery } from '@tanstack/react-query';
import { fetchFloat32 } from '#lib/binary.ts';

/** `url` is the slice's own address from the series metadata (reconstructedImagesSchema). */
export function useSlicePixels(url: string | undefined) {
  return useQuery({
    queryKey: ['simulator', 'slice-pixels', url],
    queryFn: () => fetchFloat32(url ?? ''),
    enabled: url !== undefined,
    staleTime: Infinity,
  });
}
