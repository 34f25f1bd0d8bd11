/**
 * A scan event of the session's stream into the active-session query. The event is newer than any fetch of the
 * session under way (the refresh after Run, say): such a fetch would put the older state back when it lands and
 * leave a finished scan shown running, so the session is fetched again after the event.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ActiveSession, ScanEvent } from '@larmor/contracts/sessions';
import { sessionQueryKey } from '#entities/session/api/get-session.ts';
import { applyScanEvent } from '../state/scan-events.ts';

export function receiveScanEvent(
  queryClient: QueryClient,
  sessionId: string,
  event: ScanEvent,
  nowIso: string,
): void {
  const queryKey = sessionQueryKey(sessionId);
  queryClient.setQueryData<ActiveSession>(queryKey, (old) =>
    old ? applyScanEvent(old, event, nowIso) : old,
  );
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
}
