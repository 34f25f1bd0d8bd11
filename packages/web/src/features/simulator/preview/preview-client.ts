/**
 * The page's side of the preview worker (lib/worker-client.ts): at most one request in flight; while it runs,
 * only the newest request waits (older ones are dropped), so a slider that moves faster than the engine never
 * builds a queue.
 */
import { createLatestOnly, type WorkerPort } from '#lib/worker-client.ts';
import type { PreviewRequest, PreviewResponse, PreviewWorkerApi } from './preview-messages.ts';

export type PreviewPort = WorkerPort<PreviewWorkerApi>;

export interface PreviewAnswer {
  response: PreviewResponse;
  /** From the request being made (not sent) to its answer arriving [ms]. */
  latencyMs: number;
}

export interface PreviewClient {
  request(request: Omit<PreviewRequest, 'id'>): void;
  dispose(): void;
}

export function createPreviewClient(
  port: PreviewPort,
  onAnswer: (answer: PreviewAnswer) => void,
  now: () => number = () => performance.now(),
): PreviewClient {
  let nextId = 1;
  let disposed = false;
  const worker = createLatestOnly<
    PreviewWorkerApi,
    { request: PreviewRequest; madeAt: number },
    PreviewResponse
  >({
    open: () => port,
    call: (calls, { request }) => calls.render(request),
    onAnswer: ({ madeAt }, response) => onAnswer({ response, latencyMs: now() - madeAt }),
  });
  worker.start();
  return {
    request(partial) {
      if (disposed) return;
      worker.request('preview', { request: { ...partial, id: nextId++ }, madeAt: now() });
    },
    dispose() {
      disposed = true;
      worker.stop();
    },
  };
}
