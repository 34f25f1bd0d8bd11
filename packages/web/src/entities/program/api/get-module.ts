/** GET v1/modules/{labId}: a module with its instructions, model, sequences, dates and the caller's attempts left. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, labSchema, PROGRAM_PATHS, type Lab } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function getModule(labId: string): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.module, { labId }), { schema: labSchema });
}

export function moduleQueryOptions(labId: string) {
  return queryOptions({ queryKey: [...programsQueryKey, 'module', labId], queryFn: () => getModule(labId) });
}

/**
 * The module page's module: refetched each time the page mounts, since its `attemptsLeft` changes when the student
 * starts an attempt on the attempt page (another feature's cache) and the app's default keeps data 5 minutes.
 */
export function useModule(labId: string) {
  return useQuery({ ...moduleQueryOptions(labId), staleTime: 0 });
}
