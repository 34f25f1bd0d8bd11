/**
 * Issue 19 item 8: one user holds at most SESSION_EVENT_STREAMS_PER_USER_MAX open event streams on an API
 * process; one more answers 429 with the error body and a message in words. A stream's slot is given back when
 * it closes (the client goes away, or its session is closed), so the user can open another; other users are
 * not affected.
 */
import { ERROR_CAUSES, SESSION_EVENT_STREAMS_PER_USER_MAX } from '@larmor/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  errorOf,
  openSession,
  useSimulatorApp,
  type Headers,
  studentSession,
} from '../sessions/world.test-support.ts';

/** How long the server may take to notice a closed stream [ms]: generous, for a loaded CI machine. */
const RELEASE_TIMEOUT_MS = 10_000;

describe.each(databases)('event streams per user on %s', (kind) => {
  const t = useSimulatorApp(kind);
  const open: AbortController[] = [];
  let address: string | undefined;
  afterEach(() => {
    for (const controller of open.splice(0)) controller.abort();
    address = undefined;
  });

  /** Opens the event stream of `sessionId` as `h`: the response, and a way to close it. */
  async function stream(sessionId: string, h: Headers) {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    open.push(controller);
    const response = await fetch(`${address}/api/v1/sessions/${sessionId}/events`, {
      headers: h,
      signal: controller.signal,
    });
    return { response, close: () => controller.abort() };
  }

  /** Polls until `h` can open a stream of `sessionId` again; answers that stream. */
  async function reopened(sessionId: string, h: Headers) {
    const deadline = Date.now() + RELEASE_TIMEOUT_MS;
    for (;;) {
      const again = await stream(sessionId, h);
      if (again.response.status === 200) return again;
      expect(again.response.status).toBe(429);
      await again.response.text();
      if (Date.now() > deadline) throw new Error('the slot of a closed stream was not given back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('one stream past the most answers 429 with a message; closing one gives its slot back; other users open theirs', async () => {
    const { world, h, active: first } = await studentSession(t.app, t.db);
    const second = await openSession(t.app, world, h);
    const streams = [];
    for (let i = 0; i < SESSION_EVENT_STREAMS_PER_USER_MAX; i++) {
      const s = await stream((i % 2 === 0 ? first : second).session.id, h);
      expect(s.response.status, `stream ${i + 1}`).toBe(200);
      streams.push(s);
    }
    const over = await stream(first.session.id, h);
    expect(over.response.status).toBe(429);
    const body: unknown = await over.response.json();
    expect(errorOf(body).cause).toBe(ERROR_CAUSES.RATE_LIMITED);
    expect((body as { error: { message: string } }).error.message).toBe(
      `At most ${SESSION_EVENT_STREAMS_PER_USER_MAX} event streams may be open at once: close another tab of the simulator`,
    );

    // Another user is not held back by this one's streams.
    const teacher = world.a.teacherHeaders;
    const teachers = await openSession(t.app, world, teacher);
    expect((await stream(teachers.session.id, teacher)).response.status).toBe(200);

    // The client goes away: its slot comes back.
    streams[0]?.close();
    await reopened(first.session.id, h);

    // The session is closed: the server ends its streams and gives their slots back.
    expect((await call(t.app, 'PUT', `v1/sessions/${second.session.id}/close`, h)).status).toBe(200);
    const third = await openSession(t.app, world, h);
    const count = Math.floor(SESSION_EVENT_STREAMS_PER_USER_MAX / 2);
    for (let i = 0; i < count; i++) await reopened(third.session.id, h);
    expect((await stream(third.session.id, h)).response.status).toBe(429);
  });
});
