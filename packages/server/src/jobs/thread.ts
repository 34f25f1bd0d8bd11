/**
 * A worker thread of the thread queue (piscina): runs a part of a scan snapshot (parts.ts; a stored part answers
 * its slice's blobs, jobs/stored.ts, so that the interleaving happens off the worker's event loop), a Bloch scan's
 * reduce step (`assembleScan`), or a spin chunk of a raw Bloch scan (a Pulseq file on a spin list: `larmor
 * simulate`, the Bloch bench).
 */
import { simulateBloch, type BlochSignal } from '@larmor/mri/bloch';
import { assembleScan, type PartOutput, type SnapshotResult } from '@larmor/mri/simulate';
import { createPartRunner, lazyKernels } from './parts.ts';
import { sliceBytes, type SliceBytes } from './stored.ts';
import type { ThreadTask } from './threadQueue.ts';

const runPart = createPartRunner();
const kernels = lazyKernels();

export default function runThreadTask(
  task: ThreadTask,
): PartOutput | SliceBytes | BlochSignal | SnapshotResult {
  if ('blochScan' in task) return simulateBloch(task.blochScan, { kernels });
  if ('assemble' in task) return assembleScan(task.assemble.snapshot, task.assemble.outputs);
  if ('sliceBytes' in task) {
    const output = runPart(task);
    if (output.kind !== 'slice') throw new RangeError('a stored part must be a fast-engine slice');
    return sliceBytes(output.output);
  }
  return runPart(task);
}
