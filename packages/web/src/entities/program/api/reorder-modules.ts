/** PUT v1/courses/{courseId}/module-order: every module of the course, once, in the new order. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function reorderModules(courseId: string, labIds: string[]): Promise<unknown> {
  return api.request(apiPath(PROGRAM_PATHS.courseModuleOrder, { courseId }), {
    method: 'PUT',
    body: { labIds },
  });
}

export function useReorderModules(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (labIds: string[]) => reorderModules(courseId, labIds),
    onSettled: () => client.invalidateQueries({ queryKey: programsQueryKey }),
  });
}
