/**
 * What the simulator modules share in one API process: the blob store (images and k-space), the scan queue
 * (created on the first run: worker threads, or BullMQ with REDIS_URL), the live-event hub, the scans this
 * process coordinates, and the reaper that closes sessions left without keepalive (SESSION_REAP_AFTER_MS:
 * idle time 600 s plus countdown 300 s; configurable for tests).
 */
import { SESSION_REAP_AFTER_MS } from '@larmor/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createBlobStore, type BlobStore } from '../../blobs/index.ts';
import { createScanQueue, type ScanJob, type ScanQueue } from '../../jobs/index.ts';
import { createSessionEventHub, type SessionEventHub } from '../scans/events.ts';
import { DEFAULT_SCAN_LEASE_MS } from '../scans/leases.ts';
import { reapStaleSessions } from './repository.ts';

/** How often the reaper looks for stale sessions by default [ms]. */
const DEFAULT_REAP_INTERVAL_MS = 30_000;

export interface SimulatorRuntime {
  /** The app's logger, for work that outlives the call that started it. */
  readonly log: FastifyBaseLogger;
  readonly blobs: BlobStore;
  readonly events: SessionEventHub;
  /** The scan queue, created on first use. */
  queue(): Promise<ScanQueue>;
  /** Scans this process coordinates, by scan id, once their job is submitted. */
  readonly running: Map<string, ScanJob>;
  /** Scans this process coordinates, from start to end: it renews their leases (scans/leases.ts). */
  readonly coordinating: Set<string>;
  /** How long a coordinator holds a running scan without renewing its lease [ms]. */
  readonly scanLeaseMs: number;
  /** True once the app closes: the scans it stops are left running, for another process to take over. */
  isClosing(): boolean;
  /** Work started by a call that answered before it finished (a scan's coordination); awaited on close. */
  track(work: Promise<unknown>): void;
  /** A session without keepalive since before this is stale [ms]. */
  readonly reapAfterMs: number;
  /** Calls `listener` with the ids of sessions closed (PUT close, the reaper): their scans are cancelled. */
  onSessionsClosed(listener: (sessionIds: string[]) => Promise<void>): void;
  /** Tells the listeners that `sessionIds` were closed. */
  sessionsClosed(sessionIds: string[]): Promise<void>;
  /** Runs one reaper round now (tests); answers the sessions it closed. */
  reapNow(): Promise<string[]>;
}

const runtimes = new WeakMap<object, SimulatorRuntime>();

/** The runtime of the app that `app` belongs to (for tests and the bench: its reaper, blob store, queue). */
export function simulatorRuntimeOf(app: FastifyInstance): SimulatorRuntime {
  const runtime = runtimes.get(app.server);
  if (!runtime) throw new Error('this app has no simulator runtime');
  return runtime;
}

/** Creates the runtime of `app` and closes it with the app. */
export async function createSimulatorRuntime(app: FastifyInstance): Promise<SimulatorRuntime> {
  const { config } = app;
  const blobs = createBlobStore({ dataDir: config.dataDir, s3Url: config.s3Url });
  const events = await createSessionEventHub(config.redisUrl);
  let queue: Promise<ScanQueue> | undefined;
  const running = new Map<string, ScanJob>();
  const pending = new Set<Promise<unknown>>();
  const reapedListeners: ((ids: string[]) => Promise<void>)[] = [];
  const reapAfterMs = config.sessionReapAfterMs ?? SESSION_REAP_AFTER_MS;

  const sessionsClosed = async (ids: string[]): Promise<void> => {
    for (const l of reapedListeners) await l(ids);
  };
  const reapNow = async (): Promise<string[]> => {
    const now = Date.now();
    const ids = await reapStaleSessions(
      app.db,
      new Date(now - reapAfterMs).toISOString(),
      new Date(now).toISOString(),
    );
    if (ids.length > 0) await sessionsClosed(ids);
    return ids;
  };
  const timer = setInterval(() => {
    reapNow().catch((error: unknown) => app.log.error({ err: error }, 'session reaper round failed'));
  }, config.sessionReapIntervalMs ?? DEFAULT_REAP_INTERVAL_MS);
  timer.unref();

  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    for (const job of running.values()) job.cancel();
    await Promise.allSettled([...pending]);
    if (queue) await (await queue.catch(() => undefined))?.close();
    await events.close();
    await blobs.close();
  });

  const runtime: SimulatorRuntime = {
    log: app.log,
    blobs,
    events,
    queue() {
      // A queue that could not start (Redis down) is tried again on the next run.
      queue ??= createScanQueue(config, blobs).catch((error: unknown) => {
        queue = undefined;
        throw error;
      });
      return queue;
    },
    running,
    coordinating: new Set<string>(),
    scanLeaseMs: config.scanLeaseMs ?? DEFAULT_SCAN_LEASE_MS,
    isClosing: () => closing,
    track(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work)).catch(() => undefined);
    },
    reapAfterMs,
    onSessionsClosed(listener) {
      reapedListeners.push(listener);
    },
    sessionsClosed,
    reapNow,
  };
  // Another API process asked to cancel a scan: stop it if this process coordinates it.
  events.onCancel((scanId) => running.get(scanId)?.cancel());
  runtimes.set(app.server, runtime);
  return runtime;
}
