/** POST v1/modules/{labId}/release: every graded attempt of the module the caller reviews (issue 21.4). */
import { ATTEMPT_PATHS, moduleReleaseResultSchema } from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { markingQueueQueryKey } from './get-marking-queue.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function releaseModule(labId: string): Promise<{ released: number }> {
  return api.request(apiPath(ATTEMPT_PATHS.moduleRelease, { labId }), {
    method: 'POST',
    body: {},
    schema: moduleReleaseResultSchema,
  });
}

export function useReleaseModule() {
  return useInvalidatingMutation(releaseModule, [markingQueueQueryKey]);
}
