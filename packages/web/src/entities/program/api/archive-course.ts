/** POST v1/courses/{courseId}/archive: `archived` false restores it; an archived course keeps its attempts. */
import { apiPath, courseSchema, PROGRAM_PATHS, type Course } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function archiveCourse(courseId: string, archived: boolean): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.courseArchive, { courseId }), {
    method: 'POST',
    body: { archived },
    schema: courseSchema,
  });
}

export function useArchiveCourse(courseId: string) {
  return useInvalidatingMutation(
    (archived: boolean) => archiveCourse(courseId, archived),
    [programsQueryKey, catalogQueryKey],
  );
}
