/** POST v1/programs: a new draft program. */
import {
  PROGRAM_PATHS,
  programSchema,
  type Program,
  type ProgramCreateInput,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function createProgram(body: ProgramCreateInput): Promise<Program> {
  return api.request(PROGRAM_PATHS.programs, { method: 'POST', body, schema: programSchema });
}

export function useCreateProgram() {
  return useInvalidatingMutation(createProgram, [programsQueryKey]);
}
