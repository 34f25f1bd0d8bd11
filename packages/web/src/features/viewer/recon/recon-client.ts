/**
 * Images of a (masked) k-space for the k-space view, from a worker (recon.worker.ts) or, where there is no
 * Worker (tests), computed at once. Each channel (the whole image, the acquisition, the mask) keeps at most one
 * request in flight and only its newest request waiting, so an animation or a slider that moves faster than
 * the FFT never builds a queue.
 */
import type { ComplexArray } from '@larmor/mri/recon';
import { imageOf, masked, type KSpaceFrame } from '../state/kspace.ts';
import type { ReconRequest, ReconResponse } from './recon-messages.ts';

/** What the client needs of a Worker (a fake one in tests). */
export interface ReconPort {
  postMessage(message: ReconRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ReconResponse>) => void): void;
  terminate(): void;
}

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
  let port: ReconPort | undefined;
  let nextId = 1;
  const inFlight = new Map<number, { channel: string; pending: Pending }>();
  const busy = new Set<string>();
  const waiting = new Map<string, Pending>();

  const send = (open: ReconPort, channel: string, pending: Pending) => {
    const id = nextId++;
    busy.add(channel);
    inFlight.set(id, { channel, pending });
    open.postMessage({ type: 'image', id, mask: pending.mask });
  };

  const onMessage = (event: MessageEvent<ReconResponse>) => {
    const answered = inFlight.get(event.data.id);
    if (!port || !answered) return;
    const { channel } = answered;
    inFlight.delete(event.data.id);
    busy.delete(channel);
    const next = waiting.get(channel);
    if (next) {
      waiting.delete(channel);
      send(port, channel, next);
    }
    answered.pending.onImage(event.data.image);
  };

  return {
    request(channel, mask, onImage) {
      const pending = { mask, onImage };
      if (!port || busy.has(channel)) waiting.set(channel, pending);
      else send(port, channel, pending);
    },
    start() {
      if (port) return;
      const open = openPort();
      port = open;
      open.addEventListener('message', onMessage);
      open.postMessage({ type: 'load', re: kspace.re.slice(), im: kspace.im.slice(), frame });
      for (const [channel, pending] of [...waiting]) {
        waiting.delete(channel);
        send(open, channel, pending);
      }
    },
    stop() {
      if (!port) return;
      port.terminate();
      port = undefined;
      for (const { channel, pending } of inFlight.values()) {
        if (!waiting.has(channel)) waiting.set(channel, pending);
      }
      inFlight.clear();
      busy.clear();
    },
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
