/**
 * The page's side of the preview worker: at most one request in flight; while it runs, only the newest request
 * waits (older ones are dropped), so a slider that moves faster than the engine never builds a queue.
 */
import type { PreviewRequest, PreviewResponse } from './preview-messages.ts';

/** What the client needs of a Worker (a fake one in tests). */
export interface PreviewPort {
  postMessage(message: PreviewRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PreviewResponse>) => void): void;
  terminate(): void;
}

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
  let inFlight: { id: number; madeAt: number } | undefined;
  let waiting: { request: PreviewRequest; madeAt: number } | undefined;
  let disposed = false;

  const send = (request: PreviewRequest, madeAt: number) => {
    inFlight = { id: request.id, madeAt };
    port.postMessage(request);
  };

  port.addEventListener('message', (event) => {
    if (disposed || inFlight?.id !== event.data.id) return;
    const madeAt = inFlight.madeAt;
    inFlight = undefined;
    // The newest waiting request goes out first, so the worker is busy again while this answer is painted
    // (it is still newer than what the screen shows).
    if (waiting) {
      const next = waiting;
      waiting = undefined;
      send(next.request, next.madeAt);
    }
    onAnswer({ response: event.data, latencyMs: now() - madeAt });
  });

  return {
    request(partial) {
      if (disposed) return;
      const request = { ...partial, id: nextId++ };
      if (inFlight) waiting = { request, madeAt: now() };
      else send(request, now());
    },
    dispose() {
      disposed = true;
      port.terminate();
    },
  };
}
