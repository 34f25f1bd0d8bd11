/** PATCH v1/courses/{courseId}: title and description. */
import {
  apiPath,
  courseSchema,
  PROGRAM_PATHS,
  type Course,
  type CoursePatch,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function updateCourse(courseId: string, body: CoursePatch): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.course, { courseId }), {
    method: 'PATCH',
    body,
    schema: courseSchema,
  });
}

export function useUpdateCourse(courseId: string) {
  return useInvalidatingMutation((body: CoursePatch) => updateCourse(courseId, body), [programsQueryKey]);
}
