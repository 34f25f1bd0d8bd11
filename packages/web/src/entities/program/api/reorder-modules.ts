/** PUT v1/courses/{courseId}/module-order: every module of the course, once, in the new order. */
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function reorderModules(courseId: string, labIds: string[]): Promise<unknown> {
  return api.request(apiPath(PROGRAM_PATHS.courseModuleOrder, { courseId }), {
    method: 'PUT',
    body: { labIds },
  });
}

export function useReorderModules(courseId: string) {
  return useInvalidatingMutation(
    (labIds: string[]) => reorderModules(courseId, labIds),
    [programsQueryKey],
    'settled',
  );
}
