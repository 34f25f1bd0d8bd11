/** POST v1/courses/{courseId}/modules: a module (lab) at the end of the course. */
import { apiPath, labSchema, PROGRAM_PATHS, type Lab, type LabCreateInput } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function createModule(courseId: string, body: LabCreateInput): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.courseModules, { courseId }), {
    method: 'POST',
    body,
    schema: labSchema,
  });
}

export function useCreateModule(courseId: string) {
  return useInvalidatingMutation((body: LabCreateInput) => createModule(courseId, body), [programsQueryKey]);
}
