/**
 * A scan event applied to the active session (pure): the pulse sequence's status and its latest scan's progress
 * follow the event, so the scan list's chips and the run's progress update live (simulator.md §4 statuses).
 */
import type { ActiveSession, ScanEvent } from '@larmor/contracts/sessions';

export function applyScanEvent(active: ActiveSession, event: ScanEvent, nowIso: string): ActiveSession {
  let changed = false;
  const pulseSequences = active.pulseSequences.map((sequence) => {
    if (sequence.id !== event.pulseSequenceId) return sequence;
    changed = true;
    const previous = sequence.lastScan?.id === event.scanId ? sequence.lastScan : undefined;
    const done = event.status !== 'running' && event.status !== 'runnable';
    return {
      ...sequence,
      status: event.status,
      lastScan: {
        id: event.scanId,
        seriesNumber: event.seriesNumber,
        status: event.status,
        progress: event.progress,
        errorMessage: event.errorMessage,
        createdAt: previous?.createdAt ?? nowIso,
        finishedAt: done ? (previous?.finishedAt ?? nowIso) : null,
      },
    };
  });
  return changed ? { ...active, pulseSequences } : active;
}

/** True while a scan of the session runs (New Scan is disabled, idle handling waits). */
export function isScanRunning(active: ActiveSession): boolean {
  return active.pulseSequences.some((s) => s.status === 'running');
}
