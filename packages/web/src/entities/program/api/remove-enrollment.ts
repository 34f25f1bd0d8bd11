/** DELETE v1/programs/{programId}/enrollments/{userId}: takes a user out of a program. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';

export function removeEnrollment(programId: string, userId: string): Promise<unknown> {
  return api.request(apiPath(PROGRAM_PATHS.programEnrollment, { programId, userId }), { method: 'DELETE' });
}

export function useRemoveEnrollment(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeEnrollment(programId, userId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: programsQueryKey });
      await client.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
