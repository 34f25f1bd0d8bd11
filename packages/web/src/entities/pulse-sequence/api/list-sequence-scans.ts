/**
 * GET v1/sessions/{sessionId}/pulse-sequences/{id}/scans: every scan of a pulse sequence, oldest first, each run
 * a series of its own (issue 20.5). The query's key carries the sequence's last scan and its status, so a new run
 * or a run that ends (the session's events) lists the series again.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { scanSummarySchema, SESSION_PATHS, type PulseSequence } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function listSequenceScans(sessionId: string, sequenceId: string) {
  return api.request(apiPath(SESSION_PATHS.pulseSequenceScans, { sessionId, id: sequenceId }), {
    schema: scanSummarySchema.array(),
  });
}

export function sequenceScansQueryOptions(sessionId: string, sequence: PulseSequence) {
  const last = sequence.lastScan;
  return queryOptions({
    queryKey: ['simulator', 'sequence-scans', sessionId, sequence.id, last?.id ?? null, last?.status ?? null],
    queryFn: () => listSequenceScans(sessionId, sequence.id),
    staleTime: Infinity,
    // The list of the previous last scan stays shown while the next one loads (no flicker on each event).
    placeholderData: keepPreviousData,
  });
}

/** The sequence's scans; none are asked for while it has never run. */
export function useSequenceScans(sessionId: string, sequence: PulseSequence) {
  return useQuery({ ...sequenceScansQueryOptions(sessionId, sequence), enabled: sequence.lastScan !== null });
}
