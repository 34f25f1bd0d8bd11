/** GET v1/sessions/{sessionId}/pulse-sequences: the session's sequences; the viewer lists the finished ones. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { pulseSequenceListSchema, SESSION_PATHS, type PulseSequence } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function listPulseSequences(sessionId: string): Promise<PulseSequence[]> {
  return api.request(apiPath(SESSION_PATHS.pulseSequences, { sessionId }), {
    schema: pulseSequenceListSchema,
  });
}

export function pulseSequencesQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['viewer', 'pulse-sequences', sessionId],
    queryFn: () => listPulseSequences(sessionId),
  });
}

export function usePulseSequences(sessionId: string) {
  return useQuery(pulseSequencesQueryOptions(sessionId));
}
