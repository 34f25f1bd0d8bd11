/**
 * Images of a (masked) k-space for the k-space view, from a worker (recon.worker.ts, through lib/worker-client.ts)
 * or, where there is no Worker (tests), computed at once. Each channel (the whole image, the acquisition, the
 * mask) keeps at most one request in flight and only its newest request waiting, so an animation or a slider that
 * moves faster than the FFT never builds a queue.
 */
import { transfer } from 'comlink';
import type { ComplexArray } from '@larmor/mri/recon';
import { createLatestOnly, type WorkerPort } from '#lib/worker-client.ts';
import { imageOf, masked, type KSpaceFrame } from '../state/kspace.ts';
import type { ReconWorkerApi } from './recon-messages.ts';

export type ReconPort = WorkerPort<ReconWorkerApi>;

export type OnImage = (image: Float32Array) => void;

export interface ReconClient {
  /** Asks for the image of the k-space under `mask` (null: all of it) on `channel`; `onImage` gets it. */
  request(channel: string, mask: Uint8Array | null, onImage: OnImage): void;
  /** Opens the worker and sends it the k-space; requests made before wait for it. */
  start(): void;
  /** Ends the worker; requests still unanswered wait for the next start. */
  stop(): void;
}

interface Pending {
  mask: Uint8Array | null;
  onImage: OnImage;
}

/** A client whose worker `openPort` opens at each start (React may start, stop and start it again). */
export function createWorkerReconClient(
  openPort: () => ReconPort,
  kspace: ComplexArray,
  frame: KSpaceFrame,
): ReconClient {
  const worker = createLatestOnly<ReconWorkerApi, Pending, Float32Array>({
    open: openPort,
    prepare: (calls) => {
      const [re, im] = [kspace.re.slice(), kspace.im.slice()];
      void calls.load(transfer({ re, im, frame }, [re.buffer, im.buffer]));
    },
    call: (calls, pending) => calls.image(pending.mask),
    onAnswer: (pending, image) => pending.onImage(image),
  });
  return {
    request: (channel, mask, onImage) => worker.request(channel, { mask, onImage }),
    start: () => worker.start(),
    stop: () => worker.stop(),
  };
}

/** The same on the calling thread (where there is no Worker): each request is answered before it returns. */
export function createLocalReconClient(kspace: ComplexArray, frame: KSpaceFrame): ReconClient {
  return {
    request(_channel, mask, onImage) {
      onImage(imageOf(mask ? masked(kspace, mask) : kspace, frame));
    },
    start() {},
    stop() {},
  };
}
