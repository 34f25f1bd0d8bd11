/**
 * GET v1/modules/{labId} (docs/api.md): the session's module with its instructions and its objectives as a
 * student reads them (titles and points, no thresholds), for the simulator's "Module instructions and
 * objectives" panel (issue 20.2).
 */
import { useQuery } from '@tanstack/react-query';
import { apiPath, labSchema, PROGRAM_PATHS, type Lab } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function getModuleBrief(labId: string): Promise<Lab> {
  return api.request(apiPath(PROGRAM_PATHS.module, { labId }), { schema: labSchema });
}

export function useModuleBrief(labId: string) {
  return useQuery({
    queryKey: ['simulator', 'module-brief', labId],
    queryFn: () => getModuleBrief(labId),
    staleTime: Infinity,
  });
}
