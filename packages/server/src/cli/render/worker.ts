/**
 * A fast-engine slice worker: receives a SliceJob (its model and field map shared with the pool, not copied),
 * simulates its slices one by one with `simulateSlice` (each slice's noise comes from its own derived seed, so the
 * split does not change the images) and posts each back with its buffers transferred.
 */
import { parentPort } from 'node:worker_threads';
import { simulateSlice, tissuesByLabel } from '@larmor/mri/simulate/simulate';
import { tissueAtField } from '@larmor/mri/tissue/library';
import type { SliceJob, SliceReply } from './messages.ts';

parentPort?.on('message', (job: SliceJob) => {
  try {
    const tissueAt = (key: string) => tissueAtField(key, job.scanner.b0);
    const options = {
      tissueAt,
      noiseLevel: job.noiseLevel,
      seed: job.seed,
      receive: job.receive,
      ...(job.fieldMap ? { fieldMap: job.fieldMap } : {}),
    };
    const tissues = tissuesByLabel(job.model, options);
    for (const slice of job.slices) {
      const { image, kspace } = simulateSlice(job.model, job.protocol, job.scanner, options, slice, tissues);
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
