/** PUT v1/programs/{programId}/course-order: every course of the program, once, in the new order. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function reorderCourses(programId: string, courseIds: string[]): Promise<unknown> {
  return api.request(apiPath(PROGRAM_PATHS.programCourseOrder, { programId }), {
    method: 'PUT',
    body: { courseIds },
  });
}

export function useReorderCourses(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseIds: string[]) => reorderCourses(programId, courseIds),
    onSettled: () => client.invalidateQueries({ queryKey: programsQueryKey }),
  });
}
