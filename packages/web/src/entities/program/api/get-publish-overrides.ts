/**
 * GET v1/programs/{programId}/publish-overrides (issue 21.2): why the program was published although objectives
 * failed their own reference scan, newest first (its editors). Read again after every write to programs.
 */
import { useQuery } from '@tanstack/react-query';
import {
  apiPath,
  PROGRAM_PATHS,
  publishOverridesSchema,
  type PublishOverrides,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function getPublishOverrides(programId: string): Promise<PublishOverrides> {
  return api.request(apiPath(PROGRAM_PATHS.programPublishOverrides, { programId }), {
    schema: publishOverridesSchema,
  });
}

export function usePublishOverrides(programId: string) {
  return useQuery({
    queryKey: [...programsQueryKey, 'publish-overrides', programId],
    queryFn: () => getPublishOverrides(programId),
  });
}
