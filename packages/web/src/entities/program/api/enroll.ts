/**
 * POST v1/programs/{programId}/enrollments: `{}` enrols the caller where the program is open to them; teachers
 * and admins send `{userIds?, groupIds?, cohortIds?}`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  enrollmentResultSchema,
  PROGRAM_PATHS,
  type EnrollmentCreate,
  type EnrollmentResult,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';

export function enroll(programId: string, body: EnrollmentCreate = {}): Promise<EnrollmentResult> {
  return api.request(apiPath(PROGRAM_PATHS.programEnrollments, { programId }), {
    method: 'POST',
    body,
    schema: enrollmentResultSchema,
  });
}

export function useEnroll(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentCreate = {}) => enroll(programId, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: catalogQueryKey });
      await client.invalidateQueries({ queryKey: programsQueryKey });
    },
  });
}
