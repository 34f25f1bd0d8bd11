/**
 * The one seam for running scans (DESIGN.md §1 jobs/): a queue takes a plain-data scan snapshot and gives back
 * its images, with progress, cancel and retries. Two back ends implement it: worker threads in this process
 * (threadQueue.ts, piscina) and BullMQ on Redis with `larmor worker` on any machine (redisQueue.ts). The CLI, the
 * API and the bench all run scans through it.
 */
import { z } from 'zod';
import { scanSnapshotSchema } from '@larmor/contracts';
import type { PartOutput, ScanPart, ScanSnapshot, SnapshotResult } from '@larmor/mri/simulate';
import type { StoredScan } from './stored.ts';

/** What a worker runs: one part of a scan (`scanParts` of @larmor/mri). */
export interface PartTask {
  snapshot: ScanSnapshot;
  part: ScanPart;
  /**
   * A stop flag shared with the thread that runs the part (an Int32Array over a SharedArrayBuffer, set to 1 by
   * a cancel): the engine checks it between pieces of work and stops, so that a cancel needs no thread killed.
   */
  stop?: Int32Array;
}

/** How far a scan has come: parts finished of all its parts (a slice, or a spin chunk of a slice). */
export interface ScanProgress {
  done: number;
  total: number;
}

/** A submitted scan (`R`: what it gives, the images themselves or, for a stored scan, what was stored). */
export interface ScanJob<R = SnapshotResult> {
  readonly id: string;
  /** The assembled scan; rejects with ScanCancelledError after `cancel()`, or with the error of a failed part. */
  readonly result: Promise<R>;
  /** Calls `listener` each time a part finishes; returns the function that unsubscribes. */
  onProgress(listener: (progress: ScanProgress) => void): () => void;
  /** Stops the scan: running parts stop within a second, queued ones never start. Idempotent. */
  cancel(): void;
}

export interface SubmitOptions {
  /** Tries per part before the scan fails (a crashed thread or a killed worker counts as a try); default 2. */
  attempts?: number;
  /**
   * Whose scan it is (the user who ran it): the back ends share their threads fairly between owners, part by
   * part (fairScheduler.ts), so one owner's backlog never holds another's scan back. Default: one shared owner.
   */
  owner?: string;
}

export interface ScanQueue {
  /** 'threads': worker threads in this process; 'redis': BullMQ, scans run by `larmor worker` processes. */
  readonly backend: 'threads' | 'redis';
  /** Workers that run parts at once (threads of this process; for Redis, unknown: 0). */
  readonly concurrency: number;
  /** Queues a scan. Rejects at once with QueueUnavailableError when the queue cannot take it (Redis down). */
  submit(snapshot: ScanSnapshot, options?: SubmitOptions): Promise<ScanJob>;
  /**
   * Queues a scan whose slices are stored in the blob store as scan `scanId`'s images and k-spaces
   * (jobs/stored.ts), each where it was computed: on the Redis back end by the worker that ran it, so that the
   * pixels cross the store once and never pass through this process but for the window. A fast-engine
   * (`cpusim`) snapshot only. On cancel or failure, the slices already stored are removed.
   */
  submitStored(snapshot: ScanSnapshot, scanId: string, options?: SubmitOptions): Promise<ScanJob<StoredScan>>;
  /**
   * Runs one part of a finished scan's snapshot again, not queued as a scan: a view the scan did not store, e.g.
   * one slice's k-space per receive channel. The API process runs it on its own threads (createScanQueue).
   */
  recomputePart: PartRunner;
  /** Cancels what is running and releases threads and connections. */
  close(): Promise<void>;
}

/** Runs one part with the back end; rejects when the part fails or `signal` aborts. */
export type PartRunner = (task: PartTask, signal: AbortSignal) => Promise<PartOutput>;

/** The scan was cancelled. */
export class ScanCancelledError extends Error {
  constructor(id: string) {
    super(`scan ${id} was cancelled`);
    this.name = 'ScanCancelledError';
  }
}

/** The queue cannot take scans now (e.g. Redis is unreachable); the message says why. */
export class QueueUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'QueueUnavailableError';
  }
}

/** A scan snapshot that does not match the contract (@larmor/contracts `scanSnapshotSchema`); nothing was queued. */
export class InvalidSnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSnapshotError';
  }
}

/**
 * The snapshot, checked against its schema where it enters a queue or arrives from Redis (plain data of the right
 * shape and units; the physics limits are the engine's). Throws InvalidSnapshotError listing what is wrong.
 */
export function checkedSnapshot(snapshot: unknown): ScanSnapshot {
  const parsed = scanSnapshotSchema.safeParse(snapshot);
  if (!parsed.success)
    throw new InvalidSnapshotError(`invalid scan snapshot: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
