/** GET v1/sessions/{sessionId}/keepalive (simulator.md §4): tells the server the session is in use. */
import { apiPath } from '@larmor/contracts/programs';
import { SESSION_PATHS } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function keepalive(sessionId: string): Promise<unknown> {
  return api.request(apiPath(SESSION_PATHS.keepalive, { sessionId }));
}
