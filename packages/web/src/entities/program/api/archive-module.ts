/** POST v1/modules/{labId}/archive: `archived` false restores it; an archived module keeps its attempts. */
import { apiPath, labSchema, PROGRAM_PATHS, type Lab } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function archiveModule(labId: string, archived: boolean): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.moduleArchive, { labId }), {
    method: 'POST',
    body: { archived },
    schema: labSchema,
  });
}

export function useArchiveModule(labId: string) {
  return useInvalidatingMutation(
    (archived: boolean) => archiveModule(labId, archived),
    [programsQueryKey, catalogQueryKey],
  );
}
