/** POST v1/sessions/{sessionId}/pulse-sequences/{id}/run: 202 with the queued scan; progress follows as events. */
import { apiPath } from '@larmor/contracts/programs';
import { scanSummarySchema, SESSION_PATHS, type ScanSummary } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function runPulseSequence(sessionId: string, id: string): Promise<ScanSummary> {
  return api.request(apiPath(SESSION_PATHS.pulseSequenceRun, { sessionId, id }), {
    method: 'POST',
    schema: scanSummarySchema,
  });
}
