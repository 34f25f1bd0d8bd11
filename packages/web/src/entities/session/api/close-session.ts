/** PUT v1/sessions/{sessionId}/close (simulator.md §4): Save and close. */
import { apiPath } from '@larmor/contracts/programs';
import { SESSION_PATHS } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function closeSession(sessionId: string): Promise<unknown> {
  return api.request(apiPath(SESSION_PATHS.close, { sessionId }), { method: 'PUT' });
}
