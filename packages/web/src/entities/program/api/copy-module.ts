/** POST v1/modules/{labId}/copy: the module copied to the end of its (or another) course. */
import { apiPath, labSchema, PROGRAM_PATHS, type Lab, type LabCopy } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function copyModule(labId: string, body: LabCopy = {}): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.moduleCopy, { labId }), {
    method: 'POST',
    body,
    schema: labSchema,
  });
}

export function useCopyModule(labId: string) {
  return useInvalidatingMutation((body: LabCopy = {}) => copyModule(labId, body), [programsQueryKey]);
}
