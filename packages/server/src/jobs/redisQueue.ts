/**
 * The Redis back end of the scan queue (DESIGN.md §2, scaled out): the coordinator (coordinator.ts) runs in the
 * process that submits; each part of a scan is a BullMQ job on Redis that any `larmor worker` may take
 * (redisWorker.ts). A worker leaves the part's output in the shared blob store and returns its key; the
 * coordinator reads it when the queue's events say the job completed. A stored scan's parts (`submitStored`,
 * jobs/stored.ts) are written by the workers as the scan's final blobs: only their numbers come back here. A
 * cancel removes the part's job if it still waits and tells the workers (pub/sub) to stop it if it runs. A part
 * whose worker dies is moved back to the queue by BullMQ's stalled-job check and taken by another worker; past
 * `maxStalledCount` it fails with BullMQ's message, and the coordinator tries it again as a new job up to its
 * attempts. Each part's BullMQ priority is its place in its owner's backlog (fairScheduler.ts
 * `backlogPriority`), so that workers take a light scan's parts before the depths of another user's backlog.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { PartOutput } from '@larmor/mri/simulate';
import type { BlobStore } from '../blobs/types.ts';
import { startScan, startScanOf, type Assembler } from './coordinator.ts';
import { backlogPriority, NO_OWNER } from './fairScheduler.ts';
import {
  assertRedisAlive,
  cancelChannel,
  closeWithin,
  connectRedis,
  decodePartOutput,
  DEFAULT_QUEUE_PREFIX,
  PART_OUTPUT_PREFIX,
  SCAN_QUEUE,
  type PartAnswer,
  type PartJob,
  type StoredPartAnswer,
} from './redis.ts';
import { removeBlobs, removeScanBlobs, scanBlobPrefix, storedScanOf, type StoredSlice } from './stored.ts';
import {
  checkedSnapshot,
  QueueUnavailableError,
  type PartRunner,
  type PartTask,
  type ScanJob,
  type ScanQueue,
} from './types.ts';

export interface RedisQueueOptions {
  redisUrl: string;
  /** The blob store the workers write part outputs to (S3 when workers run on other machines). */
  blobs: BlobStore;
  /** Prefix of the queue's Redis keys; default 'larmor'. */
  prefix?: string;
  /** Where a Bloch scan's outputs are joined (a thread of this process, `ThreadScanQueue.assemble`); default here. */
  assemble?: Assembler;
  /** Where a finished scan's part is run again (`ScanQueue.recomputePart`); default the workers, through Redis. */
  recompute?: PartRunner;
  /**
   * How often the parts in flight are looked up in Redis [ms] (default 5 s): a part whose job Redis no longer
   * holds (lost with a Redis that restarted empty) fails and is tried again; one whose completion or failure
   * event was missed is settled from the job.
   */
  checkIntervalMs?: number;
}

interface Waiting {
  /** The job has been added to Redis (before that, Redis not knowing it means nothing). */
  added: boolean;
  /** Takes the worker's answer (the job's return value) to the part's result. */
  answer: (answer: unknown) => void;
  reject: (error: Error) => void;
}

/** The blobs a worker's answer left in the store (removed when nobody waits for them any more). */
function blobsOf(answer: unknown): string[] {
  if (typeof answer === 'string') return [answer];
  const keys = (answer as Partial<StoredPartAnswer> | null)?.keys;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
}

/** A stored part's answer, checked (it comes from Redis). */
function storedAnswer(answer: unknown): StoredSlice {
  const stored = (answer as Partial<StoredPartAnswer> | null)?.stored;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (
    !stored ||
    ![stored.slice, stored.rows, stored.columns, stored.kspaceSamples, stored.receiveChannels].every(whole)
  )
    throw new Error(`a worker answered a stored part with ${JSON.stringify(answer)}`);
  return stored;
}

/** How long a completed part's job stays in Redis for a coordinator that missed its event [s]. */
const KEEP_COMPLETED_S = 300;

/** Connects to Redis (QueueUnavailableError when it cannot) and returns the queue. */
export async function createRedisQueue(options: RedisQueueOptions): Promise<ScanQueue> {
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const { blobs, redisUrl } = options;
  const connection = await connectRedis(redisUrl, false);
  let eventsConnection: Redis;
  try {
    eventsConnection = await connectRedis(redisUrl, true);
  } catch (error) {
    connection.disconnect();
    throw error;
  }
  const queue = new Queue<PartJob, PartAnswer>(SCAN_QUEUE, { connection, prefix });
  const events = new QueueEvents(SCAN_QUEUE, { connection: eventsConnection, prefix });
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  await events.waitUntilReady();

  const waiting = new Map<string, Waiting>();
  /**
   * Parts this coordinator cancelled, with the key prefix their blobs may have: if one completes anyway, what it
   * left in the store is removed (only under that prefix, whatever its answer names).
   */
  const abandoned = new Map<string, string>();
  const complete = (jobId: string, returnvalue: unknown): void => {
    const w = waiting.get(jobId);
    if (!w) {
      // Other coordinators hear of this job too; only the one that cancelled it cleans up after it.
      const prefix = abandoned.get(jobId);
      if (prefix === undefined) return;
      abandoned.delete(jobId);
      void removeBlobs(
        blobs,
        blobsOf(returnvalue).filter((key) => key.startsWith(prefix)),
      );
      return;
    }
    waiting.delete(jobId);
    w.answer(returnvalue);
  };
  /** A part output the worker left in the store: read, removed, decoded. */
  const partOutput = async (answer: unknown): Promise<PartOutput> => {
    const key = String(answer);
    const bytes = await blobs.get(key);
    // The output is the coordinator's now; a failed delete leaves a stray blob, not a failed scan.
    await blobs.delete(key).catch(() => undefined);
    return decodePartOutput(bytes);
  };
  const fail = (jobId: string, reason: string): void => {
    const w = waiting.get(jobId);
    if (!w) {
      abandoned.delete(jobId);
      return;
    }
    waiting.delete(jobId);
    w.reject(new Error(reason));
  };
  events.on('completed', ({ jobId, returnvalue }) => complete(jobId, returnvalue));
  events.on('failed', ({ jobId, failedReason }) => fail(jobId, failedReason));

  /** Settles the parts in flight whose jobs Redis has finished or lost without the coordinator hearing of it. */
  let checking = false;
  const check = async (): Promise<void> => {
    if (checking || connection.status !== 'ready') return;
    checking = true;
    try {
      for (const [jobId, w] of [...waiting]) {
        if (!w.added) continue;
        const job = await queue.getJob(jobId);
        if (!job) fail(jobId, `part job ${jobId} is no longer in Redis (Redis lost it); it runs again`);
        else if (job.finishedOn && job.failedReason) fail(jobId, job.failedReason);
        else if (job.finishedOn) complete(jobId, job.returnvalue);
      }
    } catch {
      // Redis went away during the check: the next one looks again.
    } finally {
      checking = false;
    }
  };
  const checker = setInterval(() => void check(), options.checkIntervalMs ?? 5_000);

  /** Parts of each owner this coordinator has in Redis, not yet settled: their place sets a part's priority. */
  const backlogs = new Map<string, number>();
  /**
   * Runs `owner`'s part as a job of its own in Redis; `settle` takes the worker's answer to the part's result.
   */
  const runJob = <O>(
    data: PartJob,
    signal: AbortSignal,
    owner: string,
    settle: (answer: unknown) => Promise<O>,
  ) =>
    new Promise<O>((resolve, reject) => {
      const jobId = randomUUID();
      const backlog = backlogs.get(owner) ?? 0;
      backlogs.set(owner, backlog + 1);
      let inBacklog = true;
      const leaveBacklog = (): void => {
        if (!inBacklog) return;
        inBacklog = false;
        const left = (backlogs.get(owner) ?? 1) - 1;
        if (left > 0) backlogs.set(owner, left);
        else backlogs.delete(owner);
      };
      const onAbort = (): void => {
        leaveBacklog();
        if (waiting.delete(jobId))
          abandoned.set(jobId, data.store ? scanBlobPrefix(data.store.scanId) : PART_OUTPUT_PREFIX);
        reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
        // Drop the job if it still waits; a worker running it hears the cancel and stops its thread.
        void queue
          .remove(jobId)
          .catch(() => 0)
          .then(() => connection.publish(cancelChannel(prefix), jobId))
          .catch(() => undefined);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => {
        leaveBacklog();
        signal.removeEventListener('abort', onAbort);
      };
      const entry: Waiting = {
        added: false,
        answer: (answer) => {
          settle(answer).then(
            (o) => (done(), resolve(o)),
            (error: unknown) => (done(), reject(error instanceof Error ? error : new Error(String(error)))),
          );
        },
        reject: (e) => (done(), reject(e)),
      };
      waiting.set(jobId, entry);
      queue
        .add('part', data, {
          jobId,
          priority: backlogPriority(backlog),
          attempts: 1,
          removeOnComplete: { age: KEEP_COMPLETED_S },
          removeOnFail: { age: 24 * 3600 },
        })
        .then(() => {
          entry.added = true;
        })
        .catch((error: unknown) => {
          waiting.delete(jobId);
          done();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    });
  const runPart = (task: PartTask, signal: AbortSignal, owner: string) =>
    runJob({ snapshot: task.snapshot, part: task.part }, signal, owner, partOutput);

  const running = new Set<ScanJob<unknown>>();
  let closed = false;
  return {
    backend: 'redis',
    concurrency: 0,
    recomputePart: options.recompute ?? ((task, signal) => runPart(task, signal, NO_OWNER)),
    async submit(snapshot, submitOptions = {}) {
      if (closed) throw new QueueUnavailableError('the scan queue is closed');
      await assertRedisAlive(connection, redisUrl);
      const checked = checkedSnapshot(snapshot);
      const job = startScan(
        randomUUID(),
        checked,
        (task, signal) => runPart(task, signal, submitOptions.owner ?? NO_OWNER),
        submitOptions.attempts,
        checked.engine === 'censol' ? options.assemble : undefined,
      );
      running.add(job);
      void job.result.finally(() => running.delete(job)).catch(() => undefined);
      return job;
    },
    async submitStored(snapshot, scanId, submitOptions = {}) {
      if (closed) throw new QueueUnavailableError('the scan queue is closed');
      await assertRedisAlive(connection, redisUrl);
      const checked = checkedSnapshot(snapshot);
      if (checked.engine !== 'cpusim') throw new RangeError('a stored scan needs the cpusim engine');
      const owner = submitOptions.owner ?? NO_OWNER;
      const job = startScanOf(
        randomUUID(),
        checked,
        (task, signal) =>
          runJob({ snapshot: task.snapshot, part: task.part, store: { scanId } }, signal, owner, async (a) =>
            storedAnswer(a),
          ),
        submitOptions.attempts,
        (s, slices) => storedScanOf(blobs, scanId, s, slices),
      );
      running.add(job);
      // A cancelled or failed scan leaves none of its slices behind (a part still finishing removes its own).
      // Not when this queue closes: its scans are then taken over by another process (scans/leases.ts), which
      // writes the same blobs again.
      void job.result
        .catch(() => (closed ? undefined : removeScanBlobs(blobs, scanId)))
        .finally(() => running.delete(job))
        .catch(() => undefined);
      return job;
    },
    async close() {
      closed = true;
      for (const job of running) job.cancel();
      await Promise.allSettled([...running].map((j) => j.result));
      clearInterval(checker);
      await closeWithin(Promise.all([events.close(), queue.close()]));
      connection.disconnect();
      eventsConnection.disconnect();
    },
  };
}
