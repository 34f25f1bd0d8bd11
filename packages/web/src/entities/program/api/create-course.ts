/** POST v1/programs/{programId}/courses: a course at the end of the program. */
import {
  apiPath,
  courseSchema,
  PROGRAM_PATHS,
  type Course,
  type CourseCreateInput,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function createCourse(programId: string, body: CourseCreateInput): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.programCourses, { programId }), {
    method: 'POST',
    body,
    schema: courseSchema,
  });
}

export function useCreateCourse(programId: string) {
  return useInvalidatingMutation(
    (body: CourseCreateInput) => createCourse(programId, body),
    [programsQueryKey],
  );
}
