import { ERROR_CODES } from '@larmor/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  errorOf,
  openSession,
  useSimulatorApp,
  type Headers,
  studentSession,
} from '../sessions/world.test-support.ts';

const END_TIMEOUT_MS = 5_000;

describe.each(databases)('a session’s event stream ends with its session on %s', (kind) => {
  const t = useSimulatorApp(kind, { sessionReapAfterMs: 60_000 });

  let address: string | undefined;
  beforeEach(() => {
    address = undefined;
  });

  /** Opens the stream of `sessionId`; answers a promise of its whole text once the server ends it. */
  async function stream(sessionId: string, h: Headers) {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/v1/sessions/${sessionId}/events`;
    const controller = new AbortController();
    const response = await fetch(url, { headers: h, signal: controller.signal });
    expect(response.status).toBe(200);
    const whole = response.text();
    const timer = setTimeout(() => controller.abort(), END_TIMEOUT_MS);
    return {
      url,
      ended: whole
        .then(
          (text) => text,
          () => {
            throw new Error(`the stream of ${sessionId} did not end within ${END_TIMEOUT_MS} ms`);
          },
        )
        .finally(() => clearTimeout(timer)),
    };
  }

  const closedFrame = `event: closed\ndata: {"code":${ERROR_CODES.INSTANCE_NOT_RUNNING},"message":"Session expired"}\n\n`;

  it('PUT close ends the session’s stream with a closed frame (code 700701); another session’s stream stays open; reconnecting answers 410', async () => {
    const { world, h, active: closing } = await studentSession(t.app, t.db);
    const staying = await openSession(t.app, world, h);
    const ending = await stream(closing.session.id, h);
    const open = await stream(staying.session.id, h);
    let openEnded = false;
    void open.ended.then(
      () => (openEnded = true),
      () => undefined,
    );
    expect((await call(t.app, 'PUT', `v1/sessions/${closing.session.id}/close`, h)).status).toBe(200);
    const text = await ending.ended;
    expect(text.endsWith(closedFrame)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(openEnded).toBe(false);
    const again = await fetch(ending.url, { headers: h });
    expect(again.status).toBe(410);
    expect(errorOf(await again.json()).code).toBe(ERROR_CODES.INSTANCE_NOT_RUNNING);
    await call(t.app, 'PUT', `v1/sessions/${staying.session.id}/close`, h);
    expect(await open.ended).toContain('event: closed');
  });

  it('the reaper closing a session without keepalive ends its stream', async () => {
    const { h, active: lost } = await studentSession(t.app, t.db);
    const ending = await stream(lost.session.id, h);
    await t.db
      .updateTable('sim_sessions')
      .set({ last_keepalive_at: new Date(Date.now() - 120_000).toISOString() })
      .where('id', '=', lost.session.id)
      .execute();
    expect(await t.app.simulator.reapNow()).toEqual([lost.session.id]);
    expect((await ending.ended).endsWith(closedFrame)).toBe(true);
  });
});
