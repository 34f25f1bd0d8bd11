/**
 * The per-user scan cap (issue 19.2): a user has at most MAX_ACTIVE_SCANS_PER_USER scans queued or running,
 * across all their sessions; a further run answers 429 with the error body and stores nothing, also when the
 * runs arrive all at once. The scan queue here holds every scan until it is cancelled, so that no scan ends
 * while the test counts.
 */
import { ERROR_CAUSES, ERROR_CODES, MAX_ACTIVE_SCANS_PER_USER, scanSummarySchema } from '@larmor/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  call,
  createSimulatorWorld,
  databases,
  errorOf,
  heldQueue,
  refused,
  sessionWithSpinEchoes,
  useSimulatorApp,
  type Headers,
  type SimulatorWorld,
} from '../../test/simulator.ts';

describe.each(databases)('scan cap per user on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  /** A session of `h` with `count` spin-echo sequences. */
  const sessionWithSequences = (world: SimulatorWorld, h: Headers, count: number) =>
    sessionWithSpinEchoes(t.app, world, h, count);

  const run = (h: Headers, sessionId: string, id: string) =>
    call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${id}/run`, h);

  const runningScans = async () =>
    (await t.db.selectFrom('sim_scans').select('id').where('status', '=', 'running').execute()).length;

  it(`refuses a run beyond ${MAX_ACTIVE_SCANS_PER_USER} queued or running scans across the user's sessions: 429, the error body, nothing stored`, async () => {
    vi.spyOn(t.app.simulator, 'queue').mockResolvedValue(heldQueue());
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const first = await sessionWithSequences(world, h, 2);
    const second = await sessionWithSequences(world, h, MAX_ACTIVE_SCANS_PER_USER);
    const accepted = [
      ...first.ids.map((id) => ({ sessionId: first.sessionId, id })),
      ...second.ids
        .slice(0, MAX_ACTIVE_SCANS_PER_USER - 2)
        .map((id) => ({ sessionId: second.sessionId, id })),
    ];
    for (const { sessionId, id } of accepted) expect((await run(h, sessionId, id)).status).toBe(202);

    const beyond = second.ids[MAX_ACTIVE_SCANS_PER_USER - 2] ?? '';
    const tooMany = await refused(
      t.app,
      t.db,
      'POST',
      `v1/sessions/${second.sessionId}/pulse-sequences/${beyond}/run`,
      h,
    );
    expect(tooMany.status).toBe(429);
    expect(errorOf(tooMany.body)).toMatchObject({
      code: ERROR_CODES.BAD_REQUEST,
      cause: ERROR_CAUSES.TOO_MANY_SCANS,
    });
    expect((tooMany.body as { error: { message: string } }).error.message).toBe(
      `At most ${MAX_ACTIVE_SCANS_PER_USER} scans may be queued or running at once: wait for one to finish or cancel one`,
    );

    // Another user's runs are not counted against this one's.
    const other = await sessionWithSequences(world, world.a.teacherHeaders, 1);
    expect((await run(world.a.teacherHeaders, other.sessionId, other.ids[0] ?? '')).status).toBe(202);

    // Once one of them ends (a cancel), the next run is taken.
    const ended = accepted[0] ?? { sessionId: '', id: '' };
    const cancelled = await call(
      t.app,
      'POST',
      `v1/sessions/${ended.sessionId}/pulse-sequences/${ended.id}/cancel`,
      h,
    );
    expect(scanSummarySchema.parse(cancelled.body).status).toBe('cancelled');
    expect((await run(h, second.sessionId, beyond)).status).toBe(202);
    expect(await runningScans()).toBe(MAX_ACTIVE_SCANS_PER_USER + 1);
  });

  it('holds under a parallel burst: of twice the cap of runs sent at once, exactly the cap is accepted and stored', async () => {
    vi.spyOn(t.app.simulator, 'queue').mockResolvedValue(heldQueue());
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const { sessionId, ids } = await sessionWithSequences(world, h, 2 * MAX_ACTIVE_SCANS_PER_USER);
    const answers = await Promise.all(ids.map((id) => run(h, sessionId, id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(MAX_ACTIVE_SCANS_PER_USER).fill(202),
      ...Array<number>(MAX_ACTIVE_SCANS_PER_USER).fill(429),
    ]);
    for (const a of answers.filter((x) => x.status === 429))
      expect(errorOf(a.body).cause).toBe(ERROR_CAUSES.TOO_MANY_SCANS);
    expect(await runningScans()).toBe(MAX_ACTIVE_SCANS_PER_USER);
  });

  it('runs one sequence once when the same run is sent many times at once: one 202, the rest 409, one scan stored', async () => {
    vi.spyOn(t.app.simulator, 'queue').mockResolvedValue(heldQueue());
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const { sessionId, ids } = await sessionWithSequences(world, h, 1);
    const id = ids[0] ?? '';
    const answers = await Promise.all(Array.from({ length: 6 }, () => run(h, sessionId, id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(errorOf(a.body).cause).toBe(ERROR_CAUSES.CONFLICT);
    expect(await runningScans()).toBe(1);
  });
});
