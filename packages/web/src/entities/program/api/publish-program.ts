/**
 * POST v1/programs/{programId}/publish: `published` false takes it back to draft. A module whose objectives fail
 * its own reference refuses publishing (409, `validation.overrideReason`) unless `overrideReason` says why.
 */
import {
  apiPath,
  PROGRAM_PATHS,
  programSchema,
  type Program,
  type Publish,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function publishProgram(programId: string, body: Publish): Promise<Program> {
  return api.request(apiPath(PROGRAM_PATHS.programPublish, { programId }), {
    method: 'POST',
    body,
    schema: programSchema,
  });
}

export function usePublishProgram(programId: string) {
  return useInvalidatingMutation(
    (body: Publish) => publishProgram(programId, body),
    [programsQueryKey, catalogQueryKey],
  );
}
