/** POST v1/courses/{courseId}/archive: `archived` false restores it; an archived course keeps its attempts. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, courseSchema, PROGRAM_PATHS, type Course } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';

export function archiveCourse(courseId: string, archived: boolean): Promise<Course> {
  return api.request(apiPath(PROGRAM_PATHS.courseArchive, { courseId }), {
    method: 'POST',
    body: { archived },
    schema: courseSchema,
  });
}

export function useArchiveCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => archiveCourse(courseId, archived),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: programsQueryKey });
      await client.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
