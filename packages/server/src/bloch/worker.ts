/**
 * A Bloch worker thread: simulates the spin chunks it receives with the fast engine (WebAssembly SIMD kernels,
 * or the JavaScript ones where WebAssembly SIMD is missing) and posts the signals back.
 */
import { parentPort } from 'node:worker_threads';
import { simulateFast } from '@larmor/mri/simulate/bloch/fast';
import { createJsKernels, type KernelFactory } from '@larmor/mri/simulate/bloch/kernels';
import type { BlochScan } from '@larmor/mri/simulate/bloch/scan';
import { createWasmKernels } from '@larmor/mri/simulate/bloch/wasmKernels';
import type { WorkerReply, WorkerRequest } from './messages.ts';

function pickKernels(): KernelFactory {
  try {
    createWasmKernels(4, 1);
    return createWasmKernels;
  } catch {
    return createJsKernels;
  }
}

const kernels = pickKernels();
const port = parentPort;
if (!port) throw new Error('bloch worker must run in a worker thread');
port.on('message', (request: WorkerRequest) => {
  try {
    const scan: BlochScan = request.scan;
    const signal = simulateFast(scan, { kernels });
    const reply: WorkerReply = { id: request.id, signal };
    const buffers = signal.coils.flatMap((c) => [c.re.buffer, c.im.buffer]) as ArrayBuffer[];
    port.postMessage(reply, [signal.times.buffer as ArrayBuffer, ...buffers]);
  } catch (error) {
    const reply: WorkerReply = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
    port.postMessage(reply);
  }
});
