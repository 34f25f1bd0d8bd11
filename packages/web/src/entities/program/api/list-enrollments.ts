/** GET v1/programs/{programId}/enrollments: the users enrolled in a program (for those who may enrol others). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, enrollmentListSchema, PROGRAM_PATHS, type Enrollment } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function listEnrollments(programId: string): Promise<Enrollment[]> {
  return api.request(apiPath(PROGRAM_PATHS.programEnrollments, { programId }), {
    schema: enrollmentListSchema,
  });
}

export function enrollmentsQueryOptions(programId: string) {
  return queryOptions({
    queryKey: [...programsQueryKey, 'enrollments', programId],
    queryFn: () => listEnrollments(programId),
  });
}

export function useEnrollments(programId: string) {
  return useQuery(enrollmentsQueryOptions(programId));
}
