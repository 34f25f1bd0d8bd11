/** PATCH v1/programs/{programId} with any subset of the program's fields. */
import {
  apiPath,
  PROGRAM_PATHS,
  programSchema,
  type Program,
  type ProgramPatch,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey, programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function updateProgram(programId: string, body: ProgramPatch): Promise<Program> {
  return api.request(apiPath(PROGRAM_PATHS.program, { programId }), {
    method: 'PATCH',
    body,
    schema: programSchema,
  });
}

export function useUpdateProgram(programId: string) {
  return useInvalidatingMutation(
    (body: ProgramPatch) => updateProgram(programId, body),
    [programsQueryKey, catalogQueryKey],
  );
}
