/** GET v1/sessions/{sessionId} (simulator.md §7): the active-session payload. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { activeSessionSchema, SESSION_PATHS, type ActiveSession } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

/** The active session's query key: the simulator keeps this entry up to date from the session's events. */
export const sessionQueryKey = (sessionId: string) => ['session', sessionId] as const;

export function getSession(sessionId: string): Promise<ActiveSession> {
  return api.request(apiPath(SESSION_PATHS.session, { sessionId }), { schema: activeSessionSchema });
}

export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionQueryKey(sessionId),
    queryFn: () => getSession(sessionId),
    retry: false,
    staleTime: Infinity,
  });
}

export function useActiveSession(sessionId: string, enabled: boolean) {
  return useQuery({ ...sessionQueryOptions(sessionId), enabled });
}
