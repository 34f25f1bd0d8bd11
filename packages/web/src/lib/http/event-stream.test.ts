import { describe, expect, it } from 'vitest';
import { createEventStreamParser, openEventStream, type StreamEvent } from './event-stream.ts';

describe('event-stream parser', () => {
  it('dispatches on an empty line, whatever the chunking, and skips comments', () => {
    const events: StreamEvent[] = [];
    const parser = createEventStreamParser((e) => events.push(e));
    const text = ': connected\n\nevent: scan\nid: 7\ndata: {"a":\ndata: 1}\n\ndata: plain\r\n\r\n';
    for (const char of text) parser.feed(char);
    expect(events).toEqual([
      { type: 'scan', data: '{"a":\n1}', id: '7' },
      { type: 'message', data: 'plain', id: '7' },
    ]);
  });

  it('an event without data is not dispatched; retry sets the reconnection delay', () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    const parser = createEventStreamParser(
      (e) => events.push(e),
      (ms) => retries.push(ms),
    );
    parser.feed('event: scan\n\nretry: 2500\n\n');
    expect(events).toEqual([]);
    expect(retries).toEqual([2500]);
  });
});

/** A streamed answer (the test environment has no ReadableStream): one chunk, then the end. */
function streamOf(text: string): Response {
  const chunks = [new TextEncoder().encode(text)];
  const reader = {
    read: async () => {
      const value = chunks.shift();
      return value === undefined ? { done: true, value: undefined } : { done: false, value };
    },
  };
  return { ok: true, status: 200, body: { getReader: () => reader } } as unknown as Response;
}

describe('event stream', () => {
  it('reconnects after a drop with Last-Event-ID and the current token, backing off 1 s then 2 s', async () => {
    const calls: Record<string, string>[] = [];
    const sleeps: number[] = [];
    const events: string[] = [];
    let token = 'a';
    let close: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      const answers = [
        () => streamOf('id: 1\nevent: scan\ndata: one\n\n'),
        () => {
          throw new TypeError('network down');
        },
        () => streamOf('id: 2\nevent: scan\ndata: two\n\n'),
      ];
      close = openEventStream({
        url: '/api/v1/sessions/s/events',
        headers: () => ({ Authorization: `Bearer ${token}` }),
        onEvent: (e) => {
          events.push(e.data);
          token = 'b';
          if (e.data === 'two') resolve();
        },
        fetch: async (_url, init) => {
          calls.push({ ...(init?.headers as Record<string, string>) });
          const next = answers.shift();
          if (!next) return new Promise<Response>(() => undefined);
          return next();
        },
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      });
    });
    await done;
    close();
    expect(events).toEqual(['one', 'two']);
    expect(calls[0]?.['Last-Event-ID']).toBeUndefined();
    expect(calls[1]).toMatchObject({ 'Last-Event-ID': '1', Authorization: 'Bearer b' });
    expect(calls[2]?.['Last-Event-ID']).toBe('1');
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('stops for good when the server refuses the stream (410 once the session closed)', async () => {
    const states: string[] = [];
    let calls = 0;
    await new Promise<void>((resolve) => {
      openEventStream({
        url: '/api/v1/sessions/s/events',
        headers: () => ({}),
        onEvent: () => undefined,
        onState: (state) => {
          states.push(state);
          if (state === 'ended') resolve();
        },
        fetch: async () => {
          calls += 1;
          return { ok: false, status: 410, body: null } as unknown as Response;
        },
        sleep: async () => undefined,
      });
    });
    expect(calls).toBe(1);
    expect(states).toEqual(['connecting', 'ended']);
  });
});
