/**
 * A session's Server-Sent Events stream as the tests read it: its text as it arrives, whether the server ended
 * it, and polling with a bound until it shows what a test waits for.
 */
import type { Headers } from '../modules/content/programs/world.test-support.ts';

/** Reads a Server-Sent Events response into text until `done(text)` or the timeout. */
export function readEvents(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    ended = true;
  })().catch(() => {
    ended = true;
  });
  return {
    text: () => text,
    ended: () => ended,
    async until(done: (text: string) => boolean, timeoutMs: number, what: string): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!done(text)) {
        if (Date.now() > deadline || ended) throw new Error(`no ${what} in the event stream:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    pump,
  };
}

/** Opens the event stream of `sessionId` at `address` (an app listening) as `headers` and reads it (readEvents). */
export async function openSessionEvents(address: string, sessionId: string, headers: Headers) {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/v1/sessions/${sessionId}/events`, {
    headers,
    signal: controller.signal,
  });
  const events = readEvents(response);
  return {
    ...events,
    status: response.status,
    /** Closes the stream as a client going away does, and waits until the reading stopped. */
    async close(): Promise<void> {
      controller.abort();
      await events.pump;
    },
  };
}
