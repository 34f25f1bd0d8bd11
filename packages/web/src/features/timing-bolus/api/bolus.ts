/**
 * The timing-bolus tool's calls (simulator.md §7): the session (its configuration: contrast formulation,
 * volume, the scan delay), the model's tissue keys (GET v1/tissue-characteristics/{labId}/configuration), and
 * the configuration changes that set the next scan's contrast timing.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { SESSION_PATHS, tissueConfigurationSchema } from '@larmor/contracts/sessions';
import { getSession } from '#entities/session/api/get-session.ts';
import { api } from '#lib/api.ts';

export const bolusKeys = {
  session: (sessionId: string) => ['timing-bolus', 'session', sessionId] as const,
  tissues: (sessionId: string) => ['timing-bolus', 'tissues', sessionId] as const,
};

export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: bolusKeys.session(sessionId),
    queryFn: () => getSession(sessionId),
    enabled: sessionId !== '',
    retry: false,
  });
}

/** The model's tissue keys (the session's tissue list). */
export function tissueKeysQueryOptions(sessionId: string, labId: string | undefined) {
  return queryOptions({
    queryKey: bolusKeys.tissues(sessionId),
    queryFn: async (): Promise<string[]> => {
      const list = await api.request(apiPath(SESSION_PATHS.tissueConfiguration, { labId: labId ?? '' }), {
        query: { sessionId },
        schema: tissueConfigurationSchema,
      });
      return list.map((t) => t.id);
    },
    enabled: labId !== undefined,
  });
}
