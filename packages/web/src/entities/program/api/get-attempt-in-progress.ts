/**
 * GET v1/modules/{labId}/attempts, as the module page needs it: whether the caller has an attempt in progress on
 * the module. The module's `attemptsLeft` counts that attempt as used, so on the last allowed one it reads 0 while
 * the student is still scanning for it (issue 20.1).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ATTEMPT_PATHS, labAttemptSchema } from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export async function getAttemptInProgress(labId: string): Promise<boolean> {
  const attempts = await api.request(apiPath(ATTEMPT_PATHS.moduleAttempts, { labId }), {
    schema: z.array(labAttemptSchema),
  });
  return attempts.some((a) => a.state === 'inProgress');
}

/** Asked only when `enabled` (no attempts left); refetched whenever the page mounts, as attempts change elsewhere. */
export function useAttemptInProgress(labId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...programsQueryKey, 'module', labId, 'attempt-in-progress'],
    queryFn: () => getAttemptInProgress(labId),
    enabled,
    staleTime: 0,
  });
}
