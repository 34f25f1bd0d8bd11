/**
 * The consumer side of the Redis back end (`larmor worker`, DESIGN.md §2): takes part jobs from BullMQ, runs each
 * on a thread of its own thread queue (so a cancel stops the thread at once), writes the output to the blob
 * store and returns its key; a stored part (a job with `store`, jobs/stored.ts) has its slice's final image and
 * k-space written to the store under the scan's keys and returns the slice's numbers and those keys. A cancel
 * arrives on the cancel channel and aborts the job's processor; a cancelled or failed part is not retried by
 * BullMQ (the coordinator decides). Its lock on a job lapses `lockDurationMs` after this process dies, and
 * BullMQ's stalled-job check (every `stalledIntervalMs`, in every worker) hands the job to another worker.
 */
import { UnrecoverableError, Worker } from 'bullmq';
import { z } from 'zod';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import type { BlobStore } from '../blobs/types.ts';
import {
  cancelChannel,
  closeWithin,
  connectRedis,
  DEFAULT_QUEUE_PREFIX,
  encodePartOutput,
  isConnectionError,
  partOutputKey,
  type PartAnswer,
  type PartJob,
  SCAN_QUEUE,
  shownRedisUrl,
} from './redis.ts';
import { putSlice, sliceKeys } from './stored.ts';
import { createThreadQueue, type ThreadQueueOptions } from './threadQueue.ts';
import { checkedSnapshot, type PartTask } from './types.ts';

/** A part of a scan as it arrives in a job (@larmor/mri `ScanPart`). */
const index = z.number().int().min(0);
const scanPartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slice'), slice: index }),
  z.object({ kind: z.literal('spins'), slice: index, chunk: index, chunks: z.number().int().min(1) }),
]);
/** Where a stored part's slice goes (redis.ts `PartJob`): the scan's id, one safe key segment. */
const storeSchema = z.object({ scanId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }).optional();

/**
 * How long a worker's lock on a running part lasts without renewal [ms]; BullMQ renews it every half of that
 * while the part runs (the part computes on a thread, so the event loop that renews is free). A killed worker's
 * part is free again at most this long after its death: BullMQ's default is 30 s.
 */
export const WORKER_LOCK_MS = 5_000;
/**
 * How often every worker looks for parts whose lock has lapsed and hands them to the next worker [ms]. With
 * WORKER_LOCK_MS a killed worker's part runs again within 8 s (BullMQ's default is 30 s).
 */
export const WORKER_STALLED_INTERVAL_MS = 3_000;

export interface RedisWorkerOptions {
  redisUrl: string;
  blobs: BlobStore;
  prefix?: string;
  /** Threads, and so parts run at once; default one per core. */
  threads?: number;
  /** The thread module (tests); default the engine's. */
  threadFile?: ThreadQueueOptions['filename'];
  /** How long a job stays locked without renewal [ms]; default WORKER_LOCK_MS. */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for [ms]; default WORKER_STALLED_INTERVAL_MS. */
  stalledIntervalMs?: number;
  /** Times a job may stall before it fails (BullMQ default 1). */
  maxStalledCount?: number;
  log?: (line: string) => void;
}

export interface RedisWorker {
  readonly threads: number;
  /** Stops taking jobs, stops the running ones, and closes every connection. */
  close(): Promise<void>;
}

/** Snapshots checked lately, by their JSON: a scan's parts all carry the same one. */
const SNAPSHOTS_KEPT = 8;

/**
 * `checkedSnapshot` that checks each distinct snapshot once: every part of a scan arrives with the scan's
 * snapshot, and the schema check costs more than the part's bookkeeping (issue 26 item 6).
 */
function checkedSnapshots(): (snapshot: unknown) => ScanSnapshot {
  const kept = new Map<string, ScanSnapshot>();
  return (snapshot) => {
    const key = JSON.stringify(snapshot);
    let found = kept.get(key);
    if (!found) {
      found = checkedSnapshot(snapshot);
      kept.set(key, found);
      if (kept.size > SNAPSHOTS_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return found;
  };
}

export async function startRedisWorker(options: RedisWorkerOptions): Promise<RedisWorker> {
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const log = options.log ?? (() => undefined);
  const connection = await connectRedis(options.redisUrl, true);
  const subscriber = await connectRedis(options.redisUrl, false).catch((error: unknown) => {
    connection.disconnect();
    throw error;
  });
  let stopping = false;
  const checked = checkedSnapshots();
  const threads = createThreadQueue({
    ...(options.threads ? { threads: options.threads } : {}),
    ...(options.threadFile ? { filename: options.threadFile } : {}),
  });
  const worker = new Worker<PartJob, PartAnswer>(
    SCAN_QUEUE,
    async (job, _token, signal) => {
      const jobId = job.id ?? '';
      let task: PartTask;
      let store: { scanId: string } | undefined;
      try {
        task = { snapshot: checked(job.data.snapshot), part: scanPartSchema.parse(job.data.part) };
        store = storeSchema.parse(job.data.store);
        if (store && (task.part.kind !== 'slice' || task.snapshot.engine !== 'cpusim'))
          throw new Error('only a fast-engine slice part is stored by its worker');
      } catch (error) {
        // Data from Redis that is not a part of a scan fails for good: trying again cannot mend it.
        throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      }
      const running = signal ?? new AbortController().signal;
      const stopped = (error: unknown): Error => {
        if (!signal?.aborted) return error instanceof Error ? error : new Error(String(error));
        return new UnrecoverableError(
          stopping ? `part ${jobId} stopped: its worker is shutting down` : `part ${jobId} was cancelled`,
        );
      };
      if (store) {
        // A stored part: the slice's final blobs go to the store from here, the coordinator gets their numbers.
        const bytes = await threads.runSliceBytes(task, running).catch((error: unknown) => {
          throw stopped(error);
        });
        await putSlice(options.blobs, store.scanId, bytes);
        return { stored: bytes.stored, keys: sliceKeys(store.scanId, bytes.stored.slice) };
      }
      const output = await threads.runPart(task, running).catch((error: unknown) => {
        throw stopped(error);
      });
      const key = partOutputKey(jobId);
      await options.blobs.put(key, encodePartOutput(output));
      return key;
    },
    {
      connection,
      prefix,
      concurrency: threads.concurrency,
      lockDuration: options.lockDurationMs ?? WORKER_LOCK_MS,
      stalledInterval: options.stalledIntervalMs ?? WORKER_STALLED_INTERVAL_MS,
      ...(options.maxStalledCount !== undefined ? { maxStalledCount: options.maxStalledCount } : {}),
    },
  );
  // An outage is logged once when it starts and once when it ends, not for every call that fails meanwhile.
  let connectionLost = false;
  worker.on('error', (error) => {
    if (connection.status === 'ready' && !isConnectionError(error)) return log(`worker: ${error.message}`);
    if (connectionLost) return;
    connectionLost = true;
    log(
      `worker: lost its Redis connection to ${shownRedisUrl(options.redisUrl)} (${error.message}); waiting for it to come back`,
    );
  });
  connection.on('ready', () => {
    if (!connectionLost) return;
    connectionLost = false;
    log('worker: Redis connection is back; taking scan parts again');
  });
  worker.on('failed', (job, error) => log(`worker: part ${job?.id ?? '?'} failed: ${error.message}`));
  await subscriber.subscribe(cancelChannel(prefix));
  subscriber.on('message', (_channel: string, jobId: string) => {
    if (worker.cancelJob(jobId, 'cancelled')) log(`worker: part ${jobId} cancelled`);
  });
  await worker.waitUntilReady();
  return {
    threads: threads.concurrency,
    async close() {
      stopping = true;
      worker.cancelAllJobs('worker stopping');
      await closeWithin(worker.close());
      await threads.close();
      subscriber.disconnect();
      connection.disconnect();
    },
  };
}
