/**
 * POST v1/programs/{programId}/publish: `published` false takes it back to draft. A module whose objectives fail
 * its own reference refuses publishing (409, `validation.overrideReason`) unless `overrideReason` says why.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  PROGRAM_PATHS,
  programSchema,
  type Program,
  type Publish,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';

export function publishProgram(programId: string, body: Publish): Promise<Program> {
  return api.request(apiPath(PROGRAM_PATHS.programPublish, { programId }), {
    method: 'POST',
    body,
    schema: programSchema,
  });
}

export function usePublishProgram(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Publish) => publishProgram(programId, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: programsQueryKey });
      await client.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
