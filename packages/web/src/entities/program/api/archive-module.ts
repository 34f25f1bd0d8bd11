/** POST v1/modules/{labId}/archive: `archived` false restores it; an archived module keeps its attempts. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, labSchema, PROGRAM_PATHS, type Lab } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';

export function archiveModule(labId: string, archived: boolean): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.moduleArchive, { labId }), {
    method: 'POST',
    body: { archived },
    schema: labSchema,
  });
}

export function useArchiveModule(labId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => archiveModule(labId, archived),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: programsQueryKey });
      await client.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
