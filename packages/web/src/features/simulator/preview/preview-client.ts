/**
 * The page's side of the preview worker (lib/worker-client.ts): at most one request in flight; while it runs,
 * only the newest request waits (older ones are dropped), so a slider that moves faster than the engine never
 * builds a queue. A request equal to the last one made is not made again: the workspace asks for the preview of an
 * edit as the input arrives, before React renders it, and its render's effect then asks for the same one.
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
  /** Asks for `request`'s preview; false when it was not asked for (the same as the last one, or disposed). */
  request(request: Omit<PreviewRequest, 'id'>): boolean;
  dispose(): void;
}

export function createPreviewClient(
  port: PreviewPort,
  onAnswer: (answer: PreviewAnswer) => void,
  now: () => number = () => performance.now(),
): PreviewClient {
  let nextId = 1;
  let disposed = false;
  let lastKey: string | undefined;
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
      if (disposed) return false;
      const { modelId, settings, protocol, scanner, noiseLevel, susceptibility } = partial;
      const key = JSON.stringify([modelId, settings, protocol, scanner, noiseLevel, susceptibility]);
      if (key === lastKey) return false;
      lastKey = key;
      worker.request('preview', { request: { ...partial, id: nextId++ }, madeAt: now() });
      return true;
    },
    dispose() {
      disposed = true;
      worker.stop();
    },
  };
}
