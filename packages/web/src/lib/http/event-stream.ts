/**
 * A Server-Sent Events client on fetch (the session's event stream): unlike EventSource it sends the bearer token,
 * and it reconnects by itself after a drop (1 s, doubling to 30 s, reset by a message), resuming with
 * Last-Event-ID so nothing is missed. The event-stream format is parsed by eventsource-parser; the HTTP client
 * (client.ts) opens streams under its token and timeout policy.
 */
import { createParser } from 'eventsource-parser';

export interface StreamEvent {
  /** The event type; "message" when the stream names none. */
  type: string;
  data: string;
  /** The last event id seen, when the stream sets one. */
  id: string | undefined;
}

/** A push parser: feed it decoded text in any chunking; it calls `onEvent` for each complete event. */
export function createEventStreamParser(
  onEvent: (event: StreamEvent) => void,
  onRetry?: (ms: number) => void,
) {
  let lastId: string | undefined;
  const parser = createParser({
    // The last event id outlives its event (the HTML standard's "last event ID buffer").
    onId: (id) => {
      lastId = id;
    },
    onEvent: (event) => {
      const type = event.event === undefined || event.event === '' ? 'message' : event.event;
      onEvent({ type, data: event.data, id: lastId });
    },
    ...(onRetry === undefined ? {} : { onRetry }),
  });
  return {
    feed(chunk: string): void {
      parser.feed(chunk);
    },
    lastEventId(): string | undefined {
      return lastId;
    },
  };
}

export const EVENT_STREAM_RETRY_MIN_MS = 1_000;
export const EVENT_STREAM_RETRY_MAX_MS = 30_000;

export type StreamState = 'connecting' | 'open' | 'retrying' | 'ended';

export interface StreamHandlers {
  onEvent: (event: StreamEvent) => void;
  /** Connection state changes, for a status pill; 'ended' when the server refused a reconnection for good. */
  onState?: (state: StreamState) => void;
}

export interface EventStreamOptions extends StreamHandlers {
  url: string;
  /** Headers of each (re)connection, e.g. the current bearer token (after a refresh, when one is due). */
  headers: () => Record<string, string> | Promise<Record<string, string>>;
  fetch?: typeof fetch;
  /** Waits `ms` (a fake timer in tests). */
  sleep?: (ms: number) => Promise<void>;
}

/** A client error other than timeout and rate limit: the same request will be refused again. */
function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Opens the stream and keeps it open until the returned function is called (or the server refuses it for good). */
export function openEventStream(options: EventStreamOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const controller = new AbortController();
  let delay = EVENT_STREAM_RETRY_MIN_MS;
  let lastId: string | undefined;

  const run = async () => {
    while (!controller.signal.aborted) {
      options.onState?.('connecting');
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream', ...(await options.headers()) };
        if (lastId !== undefined) headers['Last-Event-ID'] = lastId;
        const response = await doFetch(options.url, {
          headers,
          signal: controller.signal,
          cache: 'no-store',
        });
        if (isFinalRefusal(response.status)) {
          // The stream is gone for good (e.g. 410 once its session closed): retrying would only repeat it.
          options.onState?.('ended');
          return;
        }
        if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
        options.onState?.('open');
        const parser = createEventStreamParser(
          (event) => {
            delay = EVENT_STREAM_RETRY_MIN_MS;
            lastId = event.id ?? lastId;
            options.onEvent(event);
          },
          (ms) => {
            delay = ms;
          },
        );
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // A drop or a refused connection: retry below, unless the caller closed the stream.
      }
      if (controller.signal.aborted) return;
      options.onState?.('retrying');
      await sleep(delay);
      delay = Math.min(EVENT_STREAM_RETRY_MAX_MS, delay * 2);
    }
  };
  void run();
  return () => controller.abort();
}
