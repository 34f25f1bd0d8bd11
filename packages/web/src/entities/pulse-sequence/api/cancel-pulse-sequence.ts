/** POST v1/sessions/{sessionId}/pulse-sequences/{id}/cancel: stops the running scan; answers its latest scan. */
import { apiPath } from '@larmor/contracts/programs';
import { scanSummarySchema, SESSION_PATHS, type ScanSummary } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function cancelPulseSequence(sessionId: string, id: string): Promise<ScanSummary> {
  return api.request(apiPath(SESSION_PATHS.pulseSequenceCancel, { sessionId, id }), {
    method: 'POST',
    schema: scanSummarySchema,
  });
}
