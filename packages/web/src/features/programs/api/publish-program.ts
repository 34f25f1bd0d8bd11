/** POST v1/programs/{programId}/publish: `published` false takes it back to draft. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, PROGRAM_PATHS, programSchema, type Program } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';

export function publishProgram(programId: string, published: boolean): Promise<Program> {
  return api.request(apiPath(PROGRAM_PATHS.programPublish, { programId }), {
    method: 'POST',
    body: { published },
    schema: programSchema,
  });
}

export function usePublishProgram(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) => publishProgram(programId, published),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: programsQueryKey });
      await client.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
