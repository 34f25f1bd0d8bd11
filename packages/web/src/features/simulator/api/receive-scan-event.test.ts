import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ActiveSession, PulseSequence } from '@larmor/contracts/sessions';
import { sessionQueryKey } from '#entities/session/api/get-session.ts';
import { receiveScanEvent } from './receive-scan-event.ts';

const NOW = '2026-11-28T05:00:00.000Z';

function session(status: PulseSequence['status'], progress: number): ActiveSession {
  const lastScan = { id: 'scan', status, progress, errorMessage: null };
  return { pulseSequences: [{ id: 'seq', status, lastScan }] } as unknown as ActiveSession;
}

describe('a scan event while the session is being fetched', () => {
  it('a fetch begun before the end event does not leave the finished scan shown running', async () => {
    const client = new QueryClient();
    const queryKey = sessionQueryKey('s');
    // The server's state: running when the first fetch reads it, finished once the end event is published.
    let stored = session('running', 0);
    let releaseFirst: () => void = () => undefined;
    let fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        fetches++;
        const answer = stored;
        if (fetches > 1) return Promise.resolve(answer);
        return new Promise<ActiveSession>((resolve) => (releaseFirst = () => resolve(answer)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await expect.poll(() => fetches).toBe(1);
      stored = session('finished', 100);
      client.setQueryData(queryKey, session('running', 0));
      receiveScanEvent(
        client,
        's',
        {
          scanId: 'scan',
          pulseSequenceId: 'seq',
          seriesNumber: 1,
          status: 'finished',
          progress: 100,
          errorMessage: null,
        },
        NOW,
      );
      releaseFirst();
      await expect.poll(() => client.isFetching({ queryKey })).toBe(0);
      const shown = client.getQueryData<ActiveSession>(queryKey);
      expect(shown?.pulseSequences[0]?.status).toBe('finished');
    } finally {
      unsubscribe();
      client.clear();
    }
  });
});
