/** PATCH v1/courses/{courseId}: title and description. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  courseSchema,
  PROGRAM_PATHS,
  type Course,
  type CoursePatch,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function updateCourse(courseId: string, body: CoursePatch): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.course, { courseId }), {
    method: 'PATCH',
    body,
    schema: courseSchema,
  });
}

export function useUpdateCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CoursePatch) => updateCourse(courseId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: programsQueryKey }),
  });
}
