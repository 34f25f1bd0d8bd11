import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  addSignals,
  splitIntoChunks,
  type BlochScan,
  type BlochSignal,
} from '@larmor/mri/simulate/bloch/scan';
import type { WorkerReply, WorkerRequest } from './messages.ts';

interface Pending {
  resolve: (signal: BlochSignal) => void;
  reject: (error: Error) => void;
}

/**
 * Worker threads that run the Bloch engine at the edge (DESIGN.md §2): a scan is split into spin chunks
 * (splitIntoChunks, a pure function), each worker simulates one, and the signals are summed.
 */
export class BlochWorkerPool {
  readonly size: number;
  readonly #workers: Worker[];
  readonly #load: number[];
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor(size: number = os.availableParallelism()) {
    this.size = Math.max(1, Math.floor(size));
    this.#workers = Array.from({ length: this.size }, () => this.#spawn());
    this.#load = this.#workers.map(() => 0);
  }

  #spawn(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url));
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.error !== undefined) pending.reject(new Error(`Bloch worker failed: ${reply.error}`));
      else pending.resolve(reply.signal);
    });
    worker.on('error', (error) => {
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
    });
    return worker;
  }

  /** Simulates one chunk on the least-loaded worker. */
  runChunk(scan: BlochScan): Promise<BlochSignal> {
    let index = 0;
    this.#load.forEach((l, i) => {
      if (l < (this.#load[index] ?? 0)) index = i;
    });
    const worker = this.#workers[index];
    if (!worker) return Promise.reject(new Error('the pool is closed'));
    const id = this.#nextId++;
    this.#load[index] = (this.#load[index] ?? 0) + 1;
    const request: WorkerRequest = { id, scan };
    return new Promise<BlochSignal>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage(request);
    }).finally(() => {
      this.#load[index] = (this.#load[index] ?? 1) - 1;
    });
  }

  /** Simulates a scan split into `chunks` spin chunks (default: one per worker) and sums their signals. */
  async simulate(scan: BlochScan, chunks: number = this.size): Promise<BlochSignal> {
    const parts = await Promise.all(splitIntoChunks(scan, chunks).map((c) => this.runChunk(c)));
    return addSignals(parts);
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.terminate()));
    this.#workers.length = 0;
  }
}
