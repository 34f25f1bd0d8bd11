/**
 * Live events of simulator sessions (DESIGN.md §2 "live events"): each scan status change and progress step is
 * published once and reaches every subscriber of its session, on this node (an in-process emitter) or, with
 * REDIS_URL, on every API node (Redis pub/sub fan-out: each node subscribes to one channel and dispatches
 * locally, its own messages included). Each node keeps the last events of each session so that a client that
 * reconnects with Last-Event-ID gets what it missed. The same channel carries cancel requests, so a scan started
 * through one node can be cancelled through another, and the news that sessions were closed (PUT close, the
 * reaper on any node), which ends those sessions' streams on every node.
 *
 * Redis may drop events (a publish while it is away, a subscriber that is reconnecting), so streams converge on
 * the stored state instead: when this node's subscriber connection comes back, every open stream is told to
 * resync (send its session's scans as the database holds them), and the sessions whose events this node could
 * not publish are announced (a `resync` message) to every node once its publisher is back.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { scanEventSchema, type ScanEvent } from '@larmor/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { assertRedisAlive, connectRedis } from './redis.ts';

/** Events kept per session for Last-Event-ID replay. */
const REPLAY_BUFFER = 200;
/** Sessions whose buffers are kept (least recently published dropped first). */
const BUFFERED_SESSIONS = 2_000;
const CHANNEL = 'larmor:session-events';

/** An event as the stream sends it: `id` for Last-Event-ID. */
export interface SessionEvent {
  id: string;
  sessionId: string;
  event: ScanEvent;
}

const wireSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), id: z.string(), sessionId: z.string(), event: scanEventSchema }),
  z.object({ kind: z.literal('cancel'), scanId: z.string() }),
  z.object({ kind: z.literal('closed'), sessionIds: z.array(z.string()) }),
  z.object({ kind: z.literal('resync'), sessionIds: z.array(z.string()) }),
]);
type Wire = z.infer<typeof wireSchema>;

export interface SessionEventHub {
  /** Publishes `event` to every subscriber of `sessionId`, on every node. */
  publish(sessionId: string, event: ScanEvent): Promise<void>;
  /** Calls `listener` with each event of `sessionId` from now on; returns the unsubscribe function. */
  subscribe(sessionId: string, listener: (event: SessionEvent) => void): () => void;
  /** The events after `lastEventId`, or undefined when this node no longer holds that id. */
  since(sessionId: string, lastEventId: string): SessionEvent[] | undefined;
  /** Asks every node to cancel `scanId` (the node running it does). */
  requestCancel(scanId: string): Promise<void>;
  /** Calls `listener` with each cancel request. */
  onCancel(listener: (scanId: string) => void): void;
  /** Tells every node that `sessionIds` were closed. */
  sessionsClosed(sessionIds: readonly string[]): Promise<void>;
  /** Calls `listener` once when `sessionId` is closed (on any node); returns the unsubscribe function. */
  onSessionClosed(sessionId: string, listener: () => void): () => void;
  /**
   * Calls `listener` whenever the events of `sessionId` may have been lost (Redis was away): the stream then
   * sends the stored state. Returns the unsubscribe function.
   */
  onResync(sessionId: string, listener: () => void): () => void;
  /**
   * Resolves when events can be published now; rejects with QueueUnavailableError while Redis (which carries
   * the events and the scan queue) cannot be reached. Without Redis, always resolves.
   */
  assertAvailable(): Promise<void>;
  close(): Promise<void>;
}

/** The local emitter's key of a session's closing (event keys are the bare session ids). */
const closedKey = (sessionId: string): string => `closed:${sessionId}`;
/** The local emitter's keys of a resync of one session, and of every session (this node's subscriber is back). */
const resyncKey = (sessionId: string): string => `resync:${sessionId}`;
const RESYNC_ALL = 'resync:*';

const newEventId = (): string => `${Date.now().toString(36)}-${crypto.randomBytes(4).toString('hex')}`;

/** The hub: Redis pub/sub when `redisUrl` is set, else this process only. */
export async function createSessionEventHub(redisUrl: string | undefined): Promise<SessionEventHub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const buffers = new Map<string, SessionEvent[]>();
  const cancelListeners: ((scanId: string) => void)[] = [];

  const dispatch = (wire: Wire): void => {
    if (wire.kind === 'cancel') {
      for (const l of cancelListeners) l(wire.scanId);
      return;
    }
    if (wire.kind === 'resync') {
      for (const id of wire.sessionIds) local.emit(resyncKey(id));
      return;
    }
    if (wire.kind === 'closed') {
      for (const id of wire.sessionIds) {
        buffers.delete(id);
        local.emit(closedKey(id));
      }
      return;
    }
    const event: SessionEvent = { id: wire.id, sessionId: wire.sessionId, event: wire.event };
    const buffer = buffers.get(event.sessionId) ?? [];
    buffers.delete(event.sessionId);
    buffer.push(event);
    if (buffer.length > REPLAY_BUFFER) buffer.shift();
    buffers.set(event.sessionId, buffer);
    if (buffers.size > BUFFERED_SESSIONS) buffers.delete(buffers.keys().next().value as string);
    local.emit(event.sessionId, event);
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  if (redisUrl) {
    publisher = await connectRedis(redisUrl, false);
    subscriber = await connectRedis(redisUrl, true);
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, message: string) => {
      const parsed = wireSchema.safeParse(JSON.parse(message));
      if (parsed.success) dispatch(parsed.data);
    });
  }

  /** Sessions whose events this node failed to publish, announced to every node once Redis is back. */
  const lost = new Set<string>();
  const send = async (wire: Wire): Promise<void> => {
    if (!publisher) return dispatch(wire);
    try {
      await publisher.publish(CHANNEL, JSON.stringify(wire));
    } catch (error) {
      if (wire.kind === 'event') lost.add(wire.sessionId);
      throw error;
    }
  };
  if (publisher && subscriber) {
    const announceLost = (): void => {
      if (lost.size === 0) return;
      const sessionIds = [...lost];
      lost.clear();
      send({ kind: 'resync', sessionIds }).catch(() => {
        for (const id of sessionIds) lost.add(id);
      });
    };
    publisher.on('ready', announceLost);
    // ioredis subscribes again by itself on reconnecting; what was published meanwhile never arrives here.
    let subscriberLost = false;
    subscriber.on('close', () => (subscriberLost = true));
    subscriber.on('ready', () => {
      if (!subscriberLost) return;
      subscriberLost = false;
      local.emit(RESYNC_ALL);
    });
  }

  return {
    publish: (sessionId, event) => send({ kind: 'event', id: newEventId(), sessionId, event }),
    subscribe(sessionId, listener) {
      local.on(sessionId, listener);
      return () => local.off(sessionId, listener);
    },
    since(sessionId, lastEventId) {
      const buffer = buffers.get(sessionId) ?? [];
      const index = buffer.findIndex((e) => e.id === lastEventId);
      return index < 0 ? undefined : buffer.slice(index + 1);
    },
    requestCancel: (scanId) => send({ kind: 'cancel', scanId }),
    onCancel(listener) {
      cancelListeners.push(listener);
    },
    sessionsClosed: (sessionIds) =>
      sessionIds.length === 0 ? Promise.resolve() : send({ kind: 'closed', sessionIds: [...sessionIds] }),
    onSessionClosed(sessionId, listener) {
      local.once(closedKey(sessionId), listener);
      return () => local.off(closedKey(sessionId), listener);
    },
    onResync(sessionId, listener) {
      local.on(resyncKey(sessionId), listener);
      local.on(RESYNC_ALL, listener);
      return () => {
        local.off(resyncKey(sessionId), listener);
        local.off(RESYNC_ALL, listener);
      };
    },
    async assertAvailable() {
      if (publisher && redisUrl) await assertRedisAlive(publisher, redisUrl);
    },
    async close() {
      local.removeAllListeners();
      subscriber?.disconnect();
      publisher?.disconnect();
    },
  };
}
