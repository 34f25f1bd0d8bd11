/**
 * POST v1/programs/{programId}/enrollments: `{}` enrols the caller where the program is open to them; teachers
 * and admins send `{userIds?, groupIds?, cohortIds?}`.
 */
import {
  apiPath,
  enrollmentResultSchema,
  PROGRAM_PATHS,
  type EnrollmentCreate,
  type EnrollmentResult,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function enroll(programId: string, body: EnrollmentCreate = {}): Promise<EnrollmentResult> {
  return api.request(apiPath(PROGRAM_PATHS.programEnrollments, { programId }), {
    method: 'POST',
    body,
    schema: enrollmentResultSchema,
  });
}

export function useEnroll(programId: string) {
  return useInvalidatingMutation(
    (body: EnrollmentCreate = {}) => enroll(programId, body),
    [catalogQueryKey, programsQueryKey],
  );
}
