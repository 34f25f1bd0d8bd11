/**
 * A fast-engine slice worker: receives a SliceJob, simulates its slices one by one with `simulateSlice`
 * (each slice's noise comes from its own derived seed, so the split does not change the images) and posts each
 * back with its buffers transferred. Models are cached per worker across jobs.
 */
import { parentPort } from 'node:worker_threads';
import type { FieldMap3d } from '@larmor/mri/simulate/fieldMap';
import { modelFieldMap, simulateSlice } from '@larmor/mri/simulate/simulate';
import { tissueAtField } from '@larmor/mri/tissue/library';
import { createModelStore } from '../../anatomy/modelStore.ts';
import type { SliceJob, SliceReply } from './messages.ts';

const store = createModelStore({ maxEntries: 2 });
/** Field maps by model id and B0: about a second each, so computed once per worker. */
const fieldMaps = new Map<string, FieldMap3d>();

parentPort?.on('message', (job: SliceJob) => {
  try {
    const model = store.get(job.modelId);
    const tissueAt = (key: string) => tissueAtField(key, job.scanner.b0);
    const mapKey = `${job.modelId}@${job.scanner.b0}`;
    let fieldMap = job.susceptibility ? fieldMaps.get(mapKey) : undefined;
    if (job.susceptibility && !fieldMap) {
      fieldMap = modelFieldMap(model, tissueAt, job.scanner.b0);
      fieldMaps.set(mapKey, fieldMap);
    }
    const options = {
      tissueAt,
      noiseLevel: job.noiseLevel,
      seed: job.seed,
      receive: job.receive,
      ...(fieldMap ? { fieldMap } : {}),
    };
    for (const slice of job.slices) {
      const { image, kspace } = simulateSlice(model, job.protocol, job.scanner, options, slice);
      const reply: SliceReply = {
        slice,
        rows: image.rows,
        columns: image.columns,
        magnitude: image.magnitude,
        kspaceRe: kspace.re,
        kspaceIm: kspace.im,
      };
      const buffers = [image.magnitude.buffer, kspace.re.buffer, kspace.im.buffer] as ArrayBuffer[];
      parentPort?.postMessage(reply, buffers);
    }
  } catch (error) {
    parentPort?.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
