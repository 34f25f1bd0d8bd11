import type { ScanEvent } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { createSessionEventHub, type SessionEvent, type SessionEventHub } from './events.ts';

const redisUrl = process.env['REDIS_URL'];

const event = (progress: number): ScanEvent => ({
  scanId: 'scan-1',
  pulseSequenceId: 'ps-1',
  seriesNumber: 1,
  status: progress === 100 ? 'finished' : 'running',
  progress,
  errorMessage: null,
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What both back ends promise: delivery to the session's subscribers only, replay after an id, cancel requests, closed sessions. */
async function checkHubs(publisher: SessionEventHub, subscriber: SessionEventHub): Promise<void> {
  const session = `session-${Math.random()}`;
  const seen: SessionEvent[] = [];
  const other: SessionEvent[] = [];
  const unsubscribe = subscriber.subscribe(session, (e) => seen.push(e));
  subscriber.subscribe(`${session}-other`, (e) => other.push(e));
  for (const progress of [0, 50, 100]) await publisher.publish(session, event(progress));
  await until(() => seen.length === 3);
  expect(seen.map((e) => e.event.progress)).toEqual([0, 50, 100]);
  expect(other).toEqual([]);
  expect(subscriber.since(session, seen[0]?.id ?? '')?.map((e) => e.event.progress)).toEqual([50, 100]);
  expect(subscriber.since(session, 'unknown-id')).toBeUndefined();
  unsubscribe();
  await publisher.publish(session, event(100));
  await new Promise((r) => setTimeout(r, 100));
  expect(seen).toHaveLength(3);
  const cancels: string[] = [];
  subscriber.onCancel((scanId) => cancels.push(scanId));
  await publisher.requestCancel('scan-7');
  await until(() => cancels.length === 1);
  expect(cancels).toEqual(['scan-7']);
  // Closing reaches that session's listeners only, once, and forgets its replay buffer.
  const closed: string[] = [];
  subscriber.onSessionClosed(session, () => closed.push(session));
  subscriber.onSessionClosed(`${session}-other`, () => closed.push('other'));
  await publisher.sessionsClosed([session]);
  await until(() => closed.length === 1);
  await publisher.sessionsClosed([session]);
  await new Promise((r) => setTimeout(r, 100));
  expect(closed).toEqual([session]);
  expect(subscriber.since(session, seen[0]?.id ?? '')).toBeUndefined();
}

describe('session event hub', () => {
  it('in process: subscribers of a session get its events in order, replay after an id, and cancel requests', async () => {
    const hub = await createSessionEventHub(undefined);
    try {
      await checkHubs(hub, hub);
    } finally {
      await hub.close();
    }
  });

  it.skipIf(!redisUrl)(
    'over Redis pub/sub: an event published on one API node reaches the subscribers of another',
    async () => {
      const a = await createSessionEventHub(redisUrl);
      const b = await createSessionEventHub(redisUrl);
      try {
        await checkHubs(a, b);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
