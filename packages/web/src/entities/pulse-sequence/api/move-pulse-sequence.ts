/** POST v1/sessions/{sessionId}/pulse-sequences/{id}/move (simulator.md §7): to `position` (1 = first). */
import { apiPath } from '@larmor/contracts/programs';
import { SESSION_PATHS } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function movePulseSequence(sessionId: string, id: string, position: number): Promise<unknown> {
  return api.request(apiPath(SESSION_PATHS.pulseSequenceMove, { sessionId, id }), {
    method: 'POST',
    body: { position },
  });
}
