/**
 * The thread back end of the scan queue: parts run on a piscina pool of worker threads in this process (the
 * embedded default of `npm start`, DESIGN.md §2; the CLI and the bench). piscina replaces a thread that crashes
 * (the part is then retried by the coordinator). A cancel sets the part's shared stop flag, which the engine
 * checks every few blocks, so the thread stops within milliseconds and stays warm (its models and field maps
 * kept). Only a part that does not stop within HARD_STOP_AFTER_MS (a hung thread, or
 * a model still being built) has its thread terminated: terminating a thread in the middle of WebAssembly is
 * the rare path, since Node has aborted the whole process on it (nodejs/node#47748). Scans' parts reach the pool
 * through a FairScheduler (fairScheduler.ts): no more at once than there are threads, the rest waiting their
 * turn round-robin over the users who ran them, rather than first come first served in piscina's queue.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Piscina } from 'piscina';
import { addSignals, splitIntoChunks, type BlochScan, type BlochSignal } from '@larmor/mri/bloch';
import { assembleScan, type PartOutput, type ScanSnapshot, type SnapshotResult } from '@larmor/mri/simulate';
import type { BlobStore } from '../blobs/types.ts';
import { startScan, startScanOf, type Assembler } from './coordinator.ts';
import { storeScanHere, type SliceBytes } from './stored.ts';
import { createFairScheduler, NO_OWNER } from './fairScheduler.ts';
import {
  checkedSnapshot,
  QueueUnavailableError,
  type PartRunner,
  type PartTask,
  type ScanJob,
  type ScanQueue,
} from './types.ts';

/**
 * What a thread runs: a part of a snapshot (with `sliceBytes`, a fast-engine slice answered in its stored form,
 * jobs/stored.ts, formed on the thread), a Bloch scan's reduce step, or a spin chunk of a raw Bloch scan.
 */
export type ThreadTask =
  | PartTask
  | (PartTask & { sliceBytes: true })
  | { blochScan: BlochScan }
  | { assemble: { snapshot: ScanSnapshot; outputs: PartOutput[] } };

/** What a thread answers. */
type ThreadAnswer = PartOutput | SliceBytes | BlochSignal | SnapshotResult;

/**
 * The thread queue also runs raw Bloch scans (a timeline and spins that no snapshot describes, e.g. a Pulseq
 * file on a spin list): split into spin chunks across the threads and summed. They hold typed arrays, so they
 * stay on this machine's threads rather than going through Redis.
 */
export interface ThreadScanQueue extends ScanQueue {
  /** Runs one part on a thread (what `larmor worker` does with each BullMQ job); `signal` stops it at once. */
  runPart: PartRunner;
  /** Runs a fast-engine slice part on a thread and answers it as the blobs to store (a worker's stored part). */
  runSliceBytes: (task: PartTask, signal: AbortSignal) => Promise<SliceBytes>;
  /** Joins the outputs of a scan's parts on a thread (`assembleScan`). */
  assemble: Assembler;
  simulateBloch(scan: BlochScan, options?: { chunks?: number; attempts?: number }): Promise<BlochSignal>;
  /** Threads that ended before close (a crash, or a part that ignored its stop flag) and were replaced. */
  threadsLost(): number;
}

/** How long a cancelled part may run on before its thread is terminated [ms]. */
export const HARD_STOP_AFTER_MS = 600;

/**
 * How long closing the queue waits for the tasks on its threads to stop by their flags or finish before it
 * terminates the threads [ms]: longer than a cancel's, since nobody waits on a closing queue's answer and a
 * thread still loading its modules (a loaded machine) reads its flag only once loaded.
 */
export const CLOSE_GRACE_MS = 5_000;

/**
 * Runs a part on the pool: a cancel (`signal`) sets the part's stop flag at once and terminates its thread only
 * if it is still running HARD_STOP_AFTER_MS later. A part still queued for a thread leaves the queue then.
 */
function stoppablePart<T extends ThreadAnswer>(
  pool: Piscina<ThreadTask, ThreadAnswer>,
  inFlight: InFlight,
  asThreadTask: (task: PartTask) => ThreadTask = (task) => task,
): (task: PartTask, signal: AbortSignal) => Promise<T> {
  return (task, signal) => {
    const stop = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const hard = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      Atomics.store(stop, 0, 1);
      timer = setTimeout(() => hard.abort(signal.reason), HARD_STOP_AFTER_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const output = pool.run(asThreadTask({ ...task, stop }), { signal: hard.signal }) as Promise<T>;
    return inFlight.track(output, stop).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    });
  };
}

/**
 * Every task on the pool's threads until it settles, so that closing lets them end before the threads go:
 * terminating a thread in the middle of its work (WebAssembly above all, nodejs/node#47748) is left to the one
 * that does not end within CLOSE_GRACE_MS of its stop flag.
 */
interface InFlight {
  track<T>(task: Promise<T>, stop?: Int32Array): Promise<T>;
  /** Raises every tracked part's stop flag and waits for the tasks to settle, at most `ms`. */
  drain(ms: number): Promise<void>;
}

function createInFlight(): InFlight {
  const tasks = new Map<Promise<unknown>, Int32Array | undefined>();
  return {
    track(task, stop) {
      const settled = task.then(
        () => undefined,
        () => undefined,
      );
      tasks.set(settled, stop);
      void settled.then(() => tasks.delete(settled));
      return task;
    },
    async drain(ms) {
      for (const stop of tasks.values()) if (stop) Atomics.store(stop, 0, 1);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
      await Promise.race([Promise.all(tasks.keys()), late]);
      clearTimeout(timer);
    },
  };
}

/** Threads of the server's pool: one per core but one, so that the API stays responsive (DESIGN.md §2). */
export const serverThreadCount = (): number => Math.max(1, os.availableParallelism() - 1);

export interface ThreadQueueOptions {
  /** Worker threads; default one per core. */
  threads?: number;
  /** Where `submitStored` stores scans (the server's store); a queue without one answers only `submit`. */
  blobs?: BlobStore;
  /** The worker module (default ./thread.ts); tests pass one that crashes or hangs on purpose. */
  filename?: URL;
}

export function createThreadQueue(options: ThreadQueueOptions = {}): ThreadScanQueue {
  const threads = Math.max(1, Math.floor(options.threads ?? os.availableParallelism()));
  const pool = new Piscina<ThreadTask, ThreadAnswer>({
    filename: (options.filename ?? new URL('./thread.ts', import.meta.url)).href,
    minThreads: threads,
    maxThreads: threads,
    // Threads keep their models warm: never retire an idle one.
    idleTimeout: Infinity,
  });
  const inFlight = createInFlight();
  const runPart = stoppablePart<PartOutput>(pool, inFlight);
  const runSliceBytes = stoppablePart<SliceBytes>(pool, inFlight, (task) => ({ ...task, sliceBytes: true }));
  // Scans' parts take the threads in turns by owner; piscina gets no more than it has threads.
  const fair = createFairScheduler(runPart, threads);
  let closed = false;
  let lost = 0;
  pool.on('workerDestroy', () => {
    if (!closed) lost++;
  });
  // A Bloch scan's reduce step (chunk signals summed, line placement, FFT: a few hundred ms per 256² slice) runs
  // on a thread too, so that the submitting process's event loop stays free; the fast engine's is a sort.
  const assembleOnThread: Assembler = (snapshot, outputs) =>
    inFlight.track(pool.run({ assemble: { snapshot, outputs } }) as Promise<SnapshotResult>);
  const running = new Set<ScanJob<unknown>>();
  return {
    backend: 'threads',
    concurrency: threads,
    runPart,
    runSliceBytes,
    recomputePart: runPart,
    assemble: assembleOnThread,
    async submit(snapshot, submitOptions = {}) {
      if (closed) throw new QueueUnavailableError('the scan queue is closed');
      const checked = checkedSnapshot(snapshot);
      const owner = submitOptions.owner ?? NO_OWNER;
      const job = startScan(
        randomUUID(),
        checked,
        (task, signal) => fair.run(owner, task, signal),
        submitOptions.attempts,
        checked.engine === 'censol' ? assembleOnThread : undefined,
      );
      running.add(job);
      void job.result.finally(() => running.delete(job)).catch(() => undefined);
      return job;
    },
    async submitStored(snapshot, scanId, submitOptions = {}) {
      const { blobs } = options;
      if (!blobs) throw new Error('this scan queue has no blob store to store scans in');
      if (closed) throw new QueueUnavailableError('the scan queue is closed');
      const checked = checkedSnapshot(snapshot);
      if (checked.engine !== 'cpusim') throw new RangeError('a stored scan needs the cpusim engine');
      const owner = submitOptions.owner ?? NO_OWNER;
      // The slices are in this process already: assembled, then stored with the window from the arrays.
      const job = startScanOf(
        randomUUID(),
        checked,
        (task, signal) => fair.run(owner, task, signal),
        submitOptions.attempts,
        async (s, outputs) => storeScanHere(blobs, scanId, assembleScan(s, outputs)),
      );
      running.add(job);
      void job.result.finally(() => running.delete(job)).catch(() => undefined);
      return job;
    },
    async simulateBloch(scan, { chunks = threads, attempts = 2 } = {}) {
      if (closed) throw new QueueUnavailableError('the scan queue is closed');
      const runChunk = async (chunk: BlochScan): Promise<BlochSignal> => {
        for (let attempt = 1; ; attempt++) {
          try {
            return (await inFlight.track(pool.run({ blochScan: chunk }))) as BlochSignal;
          } catch (error) {
            if (attempt >= attempts) throw error;
          }
        }
      };
      return addSignals(await Promise.all(splitIntoChunks(scan, chunks).map(runChunk)));
    },
    threadsLost: () => lost,
    async close() {
      closed = true;
      for (const job of running) job.cancel();
      await Promise.allSettled([...running].map((j) => j.result));
      // A k-space recomputed for a reader, a raw Bloch chunk: stopped or finished before their threads go.
      await inFlight.drain(CLOSE_GRACE_MS);
      await pool.destroy();
    },
  };
}
