/**
 * DELETE v1/sessions/{sessionId}/pulse-sequences/{id}: removes a pulse sequence with its scans (409 while it
 * runs); answers the remaining list, renumbered 1…n.
 */
import { apiPath } from '@larmor/contracts/programs';
import { pulseSequenceListSchema, SESSION_PATHS, type PulseSequence } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function deletePulseSequence(sessionId: string, id: string): Promise<PulseSequence[]> {
  return api.request(apiPath(SESSION_PATHS.pulseSequence, { sessionId, id }), {
    method: 'DELETE',
    schema: pulseSequenceListSchema,
  });
}
