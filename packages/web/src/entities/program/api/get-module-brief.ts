/**
 * GET v1/modules/{labId} (docs/api.md): the session's module with its instructions and its objectives as a
 * student reads them (titles and points, no thresholds), for the simulator's "Module instructions and
 * objectives" panel (issue 20.2).
 */
import { useQuery } from '@tanstack/react-query';
import { getModule } from './get-module.ts';

export function useModuleBrief(labId: string) {
  return useQuery({
    queryKey: ['simulator', 'module-brief', labId],
    queryFn: () => getModule(labId),
    staleTime: Infinity,
  });
}
