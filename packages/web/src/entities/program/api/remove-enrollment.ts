/** DELETE v1/programs/{programId}/enrollments/{userId}: takes a user out of a program. */
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function removeEnrollment(programId: string, userId: string): Promise<unknown> {
  return api.request(apiPath(PROGRAM_PATHS.programEnrollment, { programId, userId }), { method: 'DELETE' });
}

export function useRemoveEnrollment(programId: string) {
  return useInvalidatingMutation(
    (userId: string) => removeEnrollment(programId, userId),
    [programsQueryKey, catalogQueryKey],
  );
}
