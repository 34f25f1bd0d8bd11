/** GET v1/courses/{courseId}: a course with its modules in order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, courseSchema, PROGRAM_PATHS, type Course } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function getCourse(courseId: string): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.course, { courseId }), { schema: courseSchema });
}

export function courseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: [...programsQueryKey, 'course', courseId],
    queryFn: () => getCourse(courseId),
  });
}

export function useCourse(courseId: string) {
  return useQuery(courseQueryOptions(courseId));
}
