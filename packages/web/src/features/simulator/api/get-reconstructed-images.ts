/** GET v1/sessions/{sessionId}/reconstructed-images/{id}: a finished scan's series metadata (id: the scan's). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { reconstructedImagesSchema, SESSION_PATHS } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function getReconstructedImages(sessionId: string, scanId: string) {
  return api.request(apiPath(SESSION_PATHS.reconstructedImages, { sessionId, id: scanId }), {
    schema: reconstructedImagesSchema,
  });
}

export function reconstructedImagesQueryOptions(sessionId: string, scanId: string) {
  return queryOptions({
    queryKey: ['simulator', 'reconstructed-images', sessionId, scanId],
    queryFn: () => getReconstructedImages(sessionId, scanId),
    staleTime: Infinity,
  });
}

export function useReconstructedImages(sessionId: string, scanId: string | undefined) {
  return useQuery({
    ...reconstructedImagesQueryOptions(sessionId, scanId ?? ''),
    enabled: scanId !== undefined,
  });
}
