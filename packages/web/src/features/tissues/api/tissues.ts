/**
 * The tissue page's calls (simulator.md §7): the session (its module, field and advanced flag, its sequences),
 * the session's tissue values (GET …/configuration?sessionId), an edit of one tissue in this session, the
 * reset to the module's values, and the tissue-mode flag (customTissueMagneticProperties).
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPath } from '@larmor/contracts/programs';
import { SESSION_PATHS, tissueConfigurationSchema } from '@larmor/contracts/sessions';
import { getSession } from '#entities/session/api/get-session.ts';
import { api } from '#lib/api.ts';

export type TissueCharacteristic = z.infer<typeof tissueConfigurationSchema>[number];

export const tissueKeys = {
  session: (sessionId: string) => ['tissues', 'session', sessionId] as const,
  tissues: (sessionId: string) => ['tissues', 'list', sessionId] as const,
};

export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: tissueKeys.session(sessionId),
    queryFn: () => getSession(sessionId),
    retry: false,
  });
}

export function tissuesQueryOptions(sessionId: string, labId: string | undefined) {
  return queryOptions({
    queryKey: tissueKeys.tissues(sessionId),
    queryFn: (): Promise<TissueCharacteristic[]> =>
      api.request(apiPath(SESSION_PATHS.tissueConfiguration, { labId: labId ?? '' }), {
        query: { sessionId },
        schema: tissueConfigurationSchema,
      }),
    enabled: labId !== undefined,
  });
}

/** POST v1/tissue-characteristics/configuration with session_id: changes only this session. t1, t2 [ms]. */
export function editSessionTissue(
  ids: { sessionId: string; labId: string; tissueId: string },
  t1Ms: number,
  t2Ms: number,
): Promise<TissueCharacteristic[]> {
  return api.request(SESSION_PATHS.tissueEdit, {
    method: 'POST',
    body: {
      tissue_characteristic_id: ids.tissueId,
      lab_id: ids.labId,
      session_id: ids.sessionId,
      t1: t1Ms,
      t2: t2Ms,
    },
    schema: tissueConfigurationSchema,
  });
}

/** DELETE v1/tissue-characteristics/{labId}/reset-configuration?sessionId: back to the module's values. */
export function resetSessionTissues(sessionId: string, labId: string): Promise<TissueCharacteristic[]> {
  return api.request(apiPath(SESSION_PATHS.tissueReset, { labId }), {
    method: 'DELETE',
    query: { sessionId },
    schema: tissueConfigurationSchema,
  });
}
