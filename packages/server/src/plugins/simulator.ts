/**
 * The simulator runtime as an app plugin (`app.simulator`): what the simulator modules share in one API process.
 * The blob store (images and k-space), the scan queue (created on the first run: worker threads, or BullMQ with
 * REDIS_URL), the live-event hub, the scans this process coordinates and the state of their leases, and the
 * reaper that closes sessions left without keepalive (SESSION_REAP_AFTER_MS: idle time 600 s plus countdown
 * 300 s; configurable for tests). Everything here closes with the app.
 */
import { SESSION_REAP_AFTER_MS, sessionIdParamsSchema } from '@larmor/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ZodType } from 'zod';
import { authenticate } from './auth.ts';
import { BEARER_SECURITY } from './calls.ts';
import { SESSION_CALL_ERRORS } from './errors.ts';
import { createBlobStore, type BlobStore } from '../blobs/index.ts';
import { createSessionEventHub, type SessionEventHub } from '../jobs/events.ts';
import { createScanQueue, type ScanJob, type ScanQueue } from '../jobs/index.ts';
import { reapStaleSessions } from '../modules/sessions/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulator runtime of this app (plugins/simulator.ts). */
    simulator: SimulatorRuntime;
  }
}

/** How often the reaper looks for stale sessions by default [ms]. */
const DEFAULT_REAP_INTERVAL_MS = 30_000;

/**
 * How long a coordinator holds a running scan without renewing [ms]; SCAN_LEASE_MS overrides it. Renewed every
 * third of it (2 s) and looked for as often, so a dead coordinator's scan is taken over within 8 s. A
 * coordinator that stalls longer (a database slower than the lease) may see its scan taken over too: both write
 * the same bytes and the first end wins, so that costs work, never images (modules/scans/leases.ts).
 */
export const DEFAULT_SCAN_LEASE_MS = 6_000;

/** The OpenAPI tags of the simulator's calls. */
export const SIMULATOR_TAGS = ['simulator'];

/**
 * A simulator call's route options: signed in, tagged `simulator` with bearer security; `schema` adds the rest,
 * its error answers included (unlike plugins/calls.ts's `signedInCalls`: the event stream and the slice bytes
 * declare no answers, and max-allowed only 401).
 */
export function simulatorCall<S extends object>(summary: string, schema: S) {
  return {
    preHandler: authenticate,
    schema: { summary, tags: SIMULATOR_TAGS, security: BEARER_SECURITY, ...schema },
  };
}

/** A simulator call on one session, by its id, that answers `answer` (or one of the session calls' errors). */
export function sessionCall<const A extends ZodType>(summary: string, answer: A) {
  return simulatorCall(summary, {
    params: sessionIdParamsSchema,
    response: { 200: answer, ...SESSION_CALL_ERRORS },
  });
}

export interface SimulatorRuntime {
  /** The app's logger, for work that outlives the call that started it. */
  readonly log: FastifyBaseLogger;
  readonly blobs: BlobStore;
  readonly events: SessionEventHub;
  /** The scan queue, created on first use. */
  queue(): Promise<ScanQueue>;
  /** Scans this process coordinates, by scan id, once their job is submitted. */
  readonly running: Map<string, ScanJob<unknown>>;
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

/** Creates the runtime of `app` and closes it with the app. */
async function createSimulatorRuntime(app: FastifyInstance): Promise<SimulatorRuntime> {
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

  // Another API process asked to cancel a scan: stop it if this process coordinates it.
  events.onCancel((scanId) => running.get(scanId)?.cancel());
  return {
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
}

/** Decorates the app with its simulator runtime (`app.simulator`), closed with the app. */
export const simulatorPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorate('simulator', await createSimulatorRuntime(app));
  },
  { name: 'larmor-simulator' },
);
