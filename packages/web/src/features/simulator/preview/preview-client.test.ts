import { describe, expect, it } from 'vitest';
import { createPreviewClient, type PreviewAnswer, type PreviewPort } from './preview-client.ts';
import type { PreviewRequest, PreviewResponse } from './preview-messages.ts';

function fakeWorker() {
  const sent: PreviewRequest[] = [];
  let listener: ((event: MessageEvent<PreviewResponse>) => void) | undefined;
  const port: PreviewPort = {
    postMessage: (m) => sent.push(m),
    addEventListener: (_type, l) => {
      listener = l;
    },
    terminate: () => undefined,
  };
  const answer = (id: number) =>
    listener?.({ data: { id, ok: false, message: `answer ${id}` } } as MessageEvent<PreviewResponse>);
  return { port, sent, answer };
}

const request = (echoTime: number) =>
  ({ modelId: 1, noiseLevel: 0, protocol: { echoTime }, scanner: {} }) as unknown as Omit<
    PreviewRequest,
    'id'
  >;

describe('preview client', () => {
  it('keeps one request in flight and only the newest one waiting', () => {
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
    worker.answer(1);
    // The second request was dropped; the third went out as soon as the first came back.
    expect(worker.sent.map((r) => r.protocol.echoTime)).toEqual([0.01, 0.03]);
    expect(answers.map((a) => a.latencyMs)).toEqual([30]);
    clock = 45;
    worker.answer(3);
    expect(answers.map((a) => a.response.id)).toEqual([1, 3]);
    // Latency counts from when the user made the request, including its wait.
    expect(answers[1]?.latencyMs).toBe(45);
  });

  it('ignores answers after dispose and unknown ids', () => {
    const worker = fakeWorker();
    const answers: PreviewAnswer[] = [];
    const client = createPreviewClient(worker.port, (a) => answers.push(a));
    client.request(request(0.01));
    worker.answer(7);
    expect(answers).toEqual([]);
    client.dispose();
    worker.answer(1);
    client.request(request(0.02));
    expect(answers).toEqual([]);
    expect(worker.sent).toHaveLength(1);
  });
});
