/**
 * Runs the slices of a fast-engine scan on worker threads, one per core (DESIGN.md §2: threads live at the
 * edge, the engine stays a pure function). Slices are dealt round-robin; results come back in slice order.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SliceJob, SliceReply } from './messages.ts';

export type SliceResult = Extract<SliceReply, { slice: number }>;

export class FastSlicePool {
  readonly size: number;
  readonly #workers: Worker[];

  constructor(size: number = os.availableParallelism()) {
    this.size = Math.max(1, Math.floor(size));
    this.#workers = Array.from(
      { length: this.size },
      () => new Worker(new URL('./worker.ts', import.meta.url)),
    );
  }

  /** Simulates every slice of `job` (its `slices` field is ignored: all of protocol.sliceCount are run). */
  run(job: Omit<SliceJob, 'slices'>): Promise<SliceResult[]> {
    const count = job.protocol.sliceCount;
    const results: SliceResult[] = new Array<SliceResult>(count);
    const used = this.#workers.slice(0, Math.min(this.size, count));
    let remaining = count;
    return new Promise((resolve, reject) => {
      const cleanups: (() => void)[] = [];
      const finish = (error?: Error): void => {
        for (const c of cleanups) c();
        if (error) reject(error);
        else resolve(results);
      };
      used.forEach((worker, w) => {
        const onMessage = (reply: SliceReply): void => {
          if ('error' in reply) {
            finish(new Error(`slice worker failed: ${reply.error}`));
            return;
          }
          results[reply.slice] = reply;
          remaining--;
          if (remaining === 0) finish();
        };
        const onError = (error: Error): void => finish(error);
        worker.on('message', onMessage);
        worker.on('error', onError);
        cleanups.push(() => {
          worker.off('message', onMessage);
          worker.off('error', onError);
        });
        const slices = Array.from({ length: count }, (_, i) => i).filter((i) => i % used.length === w);
        worker.postMessage({ ...job, slices } satisfies SliceJob);
      });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
