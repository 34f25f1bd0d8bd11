/** POST v1/courses/{courseId}/copy: the course with its modules, copied to the end of its (or another) program. */
import {
  apiPath,
  courseSchema,
  PROGRAM_PATHS,
  type Course,
  type CourseCopy,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function copyCourse(courseId: string, body: CourseCopy = {}): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.courseCopy, { courseId }), {
    method: 'POST',
    body,
    schema: courseSchema,
  });
}

export function useCopyCourse(courseId: string) {
  return useInvalidatingMutation((body: CourseCopy = {}) => copyCourse(courseId, body), [programsQueryKey]);
}
