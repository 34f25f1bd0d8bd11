/** GET v1/programs/{programId}: a program with its description and its courses (each with its modules). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, PROGRAM_PATHS, programSchema, type Program } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function getProgram(programId: string): Promise<Program> {
  return api.request(apiPath(PROGRAM_PATHS.program, { programId }), { schema: programSchema });
}

export function programQueryOptions(programId: string) {
  return queryOptions({
    queryKey: [...programsQueryKey, 'program', programId],
    queryFn: () => getProgram(programId),
  });
}

/** The program; not fetched while `programId` is empty (nothing chosen yet). */
export function useProgram(programId: string) {
  return useQuery({ ...programQueryOptions(programId), enabled: programId !== '' });
}
