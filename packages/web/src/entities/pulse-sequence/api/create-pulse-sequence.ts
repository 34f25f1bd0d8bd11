/** POST v1/sessions/{sessionId}/pulse-sequences (simulator.md §7): adds a scheme's sequence to a collection. */
import { apiPath } from '@larmor/contracts/programs';
import {
  pulseSequenceSchema,
  SESSION_PATHS,
  type PulseSequence,
  type PulseSequenceCreate,
} from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function createPulseSequence(sessionId: string, body: PulseSequenceCreate): Promise<PulseSequence> {
  return api.request(apiPath(SESSION_PATHS.pulseSequences, { sessionId }), {
    method: 'POST',
    body,
    schema: pulseSequenceSchema,
  });
}
