import { describe, expect, it } from 'vitest';
import { createPreviewClient, type PreviewAnswer, type PreviewPort } from './preview-client.ts';
import type { PreviewRequest, PreviewResponse } from './preview-messages.ts';

/** Lets every settled promise's callbacks run (a macrotask comes after all pending microtasks). */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function fakeWorker() {
  const sent: PreviewRequest[] = [];
  const pending = new Map<number, (response: PreviewResponse) => void>();
  const port: PreviewPort = {
    calls: {
      render: (m) => {
        sent.push(m);
        return new Promise<PreviewResponse>((resolve) => pending.set(m.id, resolve));
      },
    },
    terminate: () => undefined,
  };
  /** The worker answers request `id` (an id never sent has no call to answer). */
  const answer = async (id: number) => {
    pending.get(id)?.({ id, ok: false, message: `answer ${id}` });
    pending.delete(id);
    await flush();
  };
  return { port, sent, answer };
}

const request = (echoTime: number, susceptibility = false) =>
  ({ modelId: 1, noiseLevel: 0, protocol: { echoTime }, scanner: {}, susceptibility }) as unknown as Omit<
    PreviewRequest,
    'id'
  >;

describe('preview client', () => {
  it('says whether a request was made: not for the same preview again, nor once disposed', () => {
    const worker = fakeWorker();
    const client = createPreviewClient(worker.port, () => undefined);
    expect(client.request(request(0.01))).toBe(true);
    expect(client.request(request(0.01))).toBe(false);
    // Turning susceptibility on is another preview.
    expect(client.request(request(0.01, true))).toBe(true);
    // Waiting behind the one in flight is made too.
    expect(client.request(request(0.02))).toBe(true);
    client.dispose();
    expect(client.request(request(0.03))).toBe(false);
  });

  it('keeps one request in flight and only the newest one waiting', async () => {
    const worker = fakeWorker();
    const answers: PreviewAnswer[] = [];
    let clock = 0;
    const client = createPreviewClient(
      worker.port,
      (a) => answers.push(a),
      () => clock,
    );
    client.request(request(0.01));
    client.request(request(0.02));
    client.request(request(0.03));
    expect(worker.sent.map((r) => r.protocol.echoTime)).toEqual([0.01]);
    clock = 30;
    await worker.answer(1);
    // The second request was dropped; the third went out as soon as the first came back.
    expect(worker.sent.map((r) => r.protocol.echoTime)).toEqual([0.01, 0.03]);
    expect(answers.map((a) => a.latencyMs)).toEqual([30]);
    clock = 45;
    await worker.answer(3);
    expect(answers.map((a) => a.response.id)).toEqual([1, 3]);
    // Latency counts from when the user made the request, including its wait.
    expect(answers[1]?.latencyMs).toBe(45);
  });

  it('does not make the same request twice in a row, but makes it again after another one', async () => {
    const worker = fakeWorker();
    const client = createPreviewClient(worker.port, () => undefined);
    client.request(request(0.01));
    client.request(request(0.01));
    await worker.answer(1);
    expect(worker.sent.map((r) => r.protocol.echoTime)).toEqual([0.01]);
    client.request(request(0.02));
    await worker.answer(2);
    client.request(request(0.01));
    expect(worker.sent.map((r) => r.protocol.echoTime)).toEqual([0.01, 0.02, 0.01]);
  });

  it('ignores answers after dispose and unknown ids', async () => {
    const worker = fakeWorker();
    const answers: PreviewAnswer[] = [];
    const client = createPreviewClient(worker.port, (a) => answers.push(a));
    client.request(request(0.01));
    await worker.answer(7);
    expect(answers).toEqual([]);
    client.dispose();
    await worker.answer(1);
    client.request(request(0.02));
    expect(answers).toEqual([]);
    expect(worker.sent).toHaveLength(1);
  });
});
