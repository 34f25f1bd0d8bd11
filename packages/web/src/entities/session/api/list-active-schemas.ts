/** GET v1/sessions/{sessionId}/active-schemas (simulator.md §7): the sequences this module lets the student add. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { activeSchemasSchema, SESSION_PATHS } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function listActiveSchemas(sessionId: string) {
  return api.request(apiPath(SESSION_PATHS.activeSchemas, { sessionId }), { schema: activeSchemasSchema });
}

export function activeSchemasQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['simulator', 'active-schemas', sessionId],
    queryFn: () => listActiveSchemas(sessionId),
    staleTime: Infinity,
  });
}

export function useActiveSchemas(sessionId: string) {
  return useQuery(activeSchemasQueryOptions(sessionId));
}
