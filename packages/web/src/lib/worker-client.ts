/**
 * The app's one way to talk to a Web Worker: the worker exposes an API with comlink's `expose`, the page calls it
 * as promises (`comlinkPort`; buffers named with comlink's `transfer` move instead of being copied), and
 * `createLatestOnly` keeps, per channel, at most one call in flight and only the newest waiting, so a slider or an
 * animation that moves faster than the worker never builds a queue.
 */
import { wrap } from 'comlink';

/** The calls of a worker's API as the page sees them: every answer is a promise. */
export type WorkerCalls<Api> = {
  [K in keyof Api]: Api[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

/** An open worker: its calls and the way to end it (a fake in tests). */
export interface WorkerPort<Api> {
  calls: WorkerCalls<Api>;
  terminate(): void;
}

/** The API `worker` exposes with comlink, as a port. */
export function comlinkPort<Api>(worker: Worker): WorkerPort<Api> {
  return { calls: wrap<Api>(worker) as unknown as WorkerCalls<Api>, terminate: () => worker.terminate() };
}

export interface LatestOnlyOptions<Api, Request, Answer> {
  /** Opens a worker at each start (React may start, stop and start a client again). */
  open: () => WorkerPort<Api>;
  /** Runs once on each newly opened worker, before any request (e.g. sends the data the calls work on). */
  prepare?: (calls: WorkerCalls<Api>) => void;
  call: (calls: WorkerCalls<Api>, request: Request) => Promise<Answer>;
  /** The answer to `request`, given after the channel's next waiting request went out. */
  onAnswer: (request: Request, answer: Answer) => void;
}

export interface LatestOnly<Request> {
  /** Sends `request` on `channel` now if the channel is idle, else it replaces the channel's waiting request. */
  request(channel: string, request: Request): void;
  /** Opens the worker; requests made before go out now. */
  start(): void;
  /** Ends the worker; its answers are ignored, and requests still unanswered wait for the next start. */
  stop(): void;
}

export function createLatestOnly<Api, Request, Answer>(
  options: LatestOnlyOptions<Api, Request, Answer>,
): LatestOnly<Request> {
  /** The open worker; a new object at each start, so answers of a stopped one are told apart. */
  let open: { port: WorkerPort<Api> } | undefined;
  const inFlight = new Map<string, Request>();
  const waiting = new Map<string, Request>();

  const send = (current: { port: WorkerPort<Api> }, channel: string, request: Request): void => {
    inFlight.set(channel, request);
    const settle = (answered: (() => void) | undefined) => {
      if (open !== current) return;
      inFlight.delete(channel);
      const next = waiting.get(channel);
      if (next !== undefined) {
        waiting.delete(channel);
        // The newest waiting request goes out first, so the worker is busy again while this answer is used.
        send(current, channel, next);
      }
      answered?.();
    };
    options.call(current.port.calls, request).then(
      (answer) => settle(() => options.onAnswer(request, answer)),
      // A failed call frees its channel; the worker answers failures it expects as values.
      () => settle(undefined),
    );
  };

  return {
    request(channel, request) {
      if (open === undefined || inFlight.has(channel)) waiting.set(channel, request);
      else send(open, channel, request);
    },
    start() {
      if (open !== undefined) return;
      const current = { port: options.open() };
      open = current;
      options.prepare?.(current.port.calls);
      for (const [channel, request] of [...waiting]) {
        waiting.delete(channel);
        send(current, channel, request);
      }
    },
    stop() {
      if (open === undefined) return;
      open.port.terminate();
      open = undefined;
      for (const [channel, request] of inFlight) {
        if (!waiting.has(channel)) waiting.set(channel, request);
      }
      inFlight.clear();
    },
  };
}
