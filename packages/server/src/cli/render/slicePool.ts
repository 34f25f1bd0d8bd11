/**
 * Runs the slices of a fast-engine scan on worker threads, one per core (DESIGN.md §2: threads live at the
 * edge, the engine stays a pure function). The pool builds each model (and field map) once and hands the workers
 * its voxel arrays in SharedArrayBuffers: one copy in memory however many threads, and no worker rebuilds it.
 * Slices are dealt round-robin (as even a split as the count allows); results come back in slice order.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AnatomicalModel } from '@larmor/mri';
import { modelFieldMap } from '@larmor/mri/simulate/simulate';
import type { FieldMap3d } from '@larmor/mri/simulate/fieldMap';
import { tissueAtField } from '@larmor/mri/tissue/library';
import { createModelStore } from '../../anatomy/modelStore.ts';
import type { ScanJob, SliceJob, SliceReply } from './messages.ts';

export type SliceResult = Extract<SliceReply, { slice: number }>;

/** A copy of `array` in a SharedArrayBuffer (posted to a worker, it is shared, not cloned). */
function shared<T extends Uint8Array | Float32Array>(array: T, make: (buffer: SharedArrayBuffer) => T): T {
  const copy = make(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

export class FastSlicePool {
  readonly size: number;
  readonly #workers: Worker[];
  readonly #store = createModelStore({ maxEntries: 2 });
  /** Models with shared label volumes, by model id. */
  readonly #models = new Map<number, AnatomicalModel>();
  /** Field maps (about a second each) with shared voxels, by model id and B0. */
  readonly #fieldMaps = new Map<string, FieldMap3d>();

  constructor(size: number = os.availableParallelism()) {
    this.size = Math.max(1, Math.floor(size));
    this.#workers = Array.from(
      { length: this.size },
      () => new Worker(new URL('./worker.ts', import.meta.url)),
    );
  }

  #model(id: number): AnatomicalModel {
    let model = this.#models.get(id);
    if (!model) {
      const built = this.#store.get(id);
      const labels = shared(built.volume.labels, (b) => new Uint8Array(b));
      model = { ...built, volume: { ...built.volume, labels } };
      this.#models.set(id, model);
    }
    return model;
  }

  #fieldMap(model: AnatomicalModel, b0: number): FieldMap3d {
    const key = `${model.id}@${b0}`;
    let map = this.#fieldMaps.get(key);
    if (!map) {
      const built = modelFieldMap(model, (k) => tissueAtField(k, b0), b0);
      map = { ...built, hz: shared(built.hz, (b) => new Float32Array(b)) };
      this.#fieldMaps.set(key, map);
    }
    return map;
  }

  /** Simulates every slice of `job`'s protocol (all of protocol.sliceCount). */
  run(job: ScanJob): Promise<SliceResult[]> {
    const { modelId, susceptibility, ...scan } = job;
    const count = scan.protocol.sliceCount;
    const results: SliceResult[] = new Array<SliceResult>(count);
    const used = this.#workers.slice(0, Math.min(this.size, count));
    let remaining = count;
    let model: AnatomicalModel;
    let fieldMap: FieldMap3d | undefined;
    try {
      model = this.#model(modelId);
      fieldMap = susceptibility ? this.#fieldMap(model, scan.scanner.b0) : undefined;
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
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
        worker.postMessage({ ...scan, model, ...(fieldMap ? { fieldMap } : {}), slices } satisfies SliceJob);
      });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
