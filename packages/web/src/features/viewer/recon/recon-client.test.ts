import { describe, expect, it } from 'vitest';
import { createLocalReconClient, createWorkerReconClient, type ReconPort } from './recon-client.ts';
import type { ReconLoad } from './recon-messages.ts';
import { imageOf, type KSpaceFrame } from '../state/kspace.ts';
import { squarePhantom } from '../state/kspace.testing.ts';

const FRAME: KSpaceFrame = { rows: 8, columns: 8, acquiredRows: 8, fovRead: 0.2, fovPhase: 0.2 };
const KSPACE = squarePhantom(FRAME);

/** Lets every settled promise's callbacks run (a macrotask comes after all pending microtasks). */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Sent = ({ type: 'load' } & ReconLoad) | { type: 'image'; id: number; mask: Uint8Array | null };

/** Fake workers numbering their image calls together, as the client once numbered its requests. */
function fakeWorkers() {
  let calls = 0;
  return () => {
    const sent: Sent[] = [];
    const pending = new Map<number, (image: Float32Array) => void>();
    let terminated = false;
    const port: ReconPort = {
      calls: {
        load: async (kspace) => {
          sent.push({ type: 'load', ...kspace });
        },
        image: (mask) => {
          const id = ++calls;
          sent.push({ type: 'image', id, mask });
          return new Promise<Float32Array>((resolve) => pending.set(id, resolve));
        },
      },
      terminate: () => {
        terminated = true;
      },
    };
    /** The worker answers image call `id` with a one-pixel image of `value`. */
    const answer = async (id: number, value: number) => {
      pending.get(id)?.(Float32Array.of(value));
      pending.delete(id);
      await flush();
    };
    return { port, sent, answer, terminated: () => terminated };
  };
}

const ids = (sent: Sent[]) => sent.flatMap((m) => (m.type === 'image' ? [m.id] : []));

describe('reconstruction client', () => {
  it('keeps requests until started, loads a copy of the k-space first, then one request in flight per channel and only the newest waiting', async () => {
    const worker = fakeWorkers()();
    const client = createWorkerReconClient(() => worker.port, KSPACE, FRAME);
    const shown: number[] = [];
    const onImage = (image: Float32Array) => shown.push(image[0] as number);
    client.request('acquisition', new Uint8Array(64), onImage);
    expect(worker.sent).toEqual([]);
    client.start();
    const load = worker.sent[0];
    expect(load?.type).toBe('load');
    // Unconditional (it was `if (load is a load) expect(...)`): a copy of the k-space, whatever the first call was.
    expect(load).toMatchObject({ re: KSPACE.re, im: KSPACE.im, frame: FRAME });
    expect(load !== undefined && 're' in load ? load.re : KSPACE.re).not.toBe(KSPACE.re);
    client.request('acquisition', new Uint8Array(64), onImage);
    client.request('acquisition', new Uint8Array(64), onImage);
    client.request('mask', null, onImage);
    // One acquisition request and the mask's went out; of the two waiting acquisition requests only the last stays.
    expect(ids(worker.sent)).toEqual([1, 2]);
    await worker.answer(1, 10);
    expect(ids(worker.sent)).toEqual([1, 2, 3]);
    await worker.answer(3, 30);
    await worker.answer(2, 20);
    expect(shown).toEqual([10, 30, 20]);
  });

  it('stop ends the worker; an unanswered request goes to the next worker when it starts again', async () => {
    const fakeWorker = fakeWorkers();
    const first = fakeWorker();
    const second = fakeWorker();
    const ports = [first.port, second.port];
    const client = createWorkerReconClient(() => ports.shift() ?? first.port, KSPACE, FRAME);
    const shown: number[] = [];
    client.start();
    client.request('full', null, (image) => shown.push(image[0] as number));
    client.stop();
    expect(first.terminated()).toBe(true);
    await first.answer(1, 1);
    expect(shown).toEqual([]);
    client.start();
    expect(second.sent.map((m) => m.type)).toEqual(['load', 'image']);
    await second.answer(2, 2);
    expect(shown).toEqual([2]);
  });

  it('the local client answers at once with the image of the masked k-space', () => {
    const client = createLocalReconClient(KSPACE, FRAME);
    let image: Float32Array | undefined;
    client.request('full', null, (i) => (image = i));
    expect(Array.from(image ?? [])).toEqual(Array.from(imageOf(KSPACE, FRAME)));
    const none = new Uint8Array(64);
    client.request('mask', none, (i) => (image = i));
    expect(image?.every((v) => v === 0)).toBe(true);
  });
});
