/**
 * A scan as its session's live event (`event: scan` on the stream): built here only, for the run call's start,
 * the coordinator's progress and end, a cancel, and the stream's catch-up with the stored state.
 */
import type { ScanEvent } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import type { SessionEvent, SessionEventHub } from '../../jobs/events.ts';
import { latestScans } from '../sequences/repository.ts';
import type { ScanRow } from './repository.ts';

type EventSource = Pick<ScanRow, 'id' | 'pulse_sequence_id' | 'series_number'>;

/** The event of `scan` at `status` and `progress` [%]. */
export function scanEvent(
  scan: EventSource,
  status: ScanRow['status'],
  progress: number,
  errorMessage: string | null,
): ScanEvent {
  return {
    scanId: scan.id,
    pulseSequenceId: scan.pulse_sequence_id,
    seriesNumber: scan.series_number,
    status: status as ScanEvent['status'],
    progress,
    errorMessage,
  };
}

/** Publishes the scan's state as its session's event, on every node. */
export function publishScanEvent(
  events: SessionEventHub,
  scan: EventSource & Pick<ScanRow, 'session_id'>,
  status: ScanRow['status'],
  progress: number,
  errorMessage: string | null,
): Promise<void> {
  return events.publish(scan.session_id, scanEvent(scan, status, progress, errorMessage));
}

/**
 * The latest scan of each pulse sequence of `sessionId` as a session event (the stream's catch-up when its live
 * events may have been lost); the id names the scan and its progress, so it is not a Last-Event-ID of the buffer.
 */
export async function storedState(db: Db, sessionId: string): Promise<SessionEvent[]> {
  const ids = (
    await db.selectFrom('sim_pulse_sequences').select('id').where('session_id', '=', sessionId).execute()
  ).map((r) => r.id);
  return [...(await latestScans(db, ids)).values()].map((scan) => ({
    id: `state-${scan.id}-${scan.status}-${scan.progress}`,
    sessionId,
    event: scanEvent(scan, scan.status, scan.progress, scan.error_message),
  }));
}
