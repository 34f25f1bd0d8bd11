/** PATCH v1/modules/{labId} with any subset of the module's fields. */
import { apiPath, labSchema, PROGRAM_PATHS, type Lab, type LabPatch } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function updateModule(labId: string, body: LabPatch): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.module, { labId }), { method: 'PATCH', body, schema: labSchema });
}

export function useUpdateModule(labId: string) {
  return useInvalidatingMutation((body: LabPatch) => updateModule(labId, body), [programsQueryKey]);
}
