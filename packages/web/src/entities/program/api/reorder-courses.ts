/** PUT v1/programs/{programId}/course-order: every course of the program, once, in the new order. */
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function reorderCourses(programId: string, courseIds: string[]): Promise<unknown> {
  return api.request(apiPath(PROGRAM_PATHS.programCourseOrder, { programId }), {
    method: 'PUT',
    body: { courseIds },
  });
}

export function useReorderCourses(programId: string) {
  return useInvalidatingMutation(
    (courseIds: string[]) => reorderCourses(programId, courseIds),
    [programsQueryKey],
    'settled',
  );
}
