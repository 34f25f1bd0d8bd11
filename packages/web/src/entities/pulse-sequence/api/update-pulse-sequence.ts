/**
 * PATCH v1/sessions/{sessionId}/pulse-sequences/{id}: name, parameters (SI) or spatials; the server checks the
 * limits with the same @larmor/mri code as the panel and answers 400 with a validation map otherwise.
 */
import { apiPath } from '@larmor/contracts/programs';
import {
  pulseSequenceSchema,
  SESSION_PATHS,
  type PulseSequence,
  type PulseSequencePatch,
} from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function updatePulseSequence(
  sessionId: string,
  id: string,
  patch: PulseSequencePatch,
): Promise<PulseSequence> {
  return api.request(apiPath(SESSION_PATHS.pulseSequence, { sessionId, id }), {
    method: 'PATCH',
    body: patch,
    schema: pulseSequenceSchema,
  });
}
