/**
 * Fair shares through the run call (issue 19.2): a scan's parts take the scan threads in turns by the user who
 * ran it. On one scan thread, held closed until every scan is queued, user A runs the most scans a user may
 * (4 × 12 slices: 48 parts), then user B a one-slice scan. The gate then lets three parts through and holds the
 * thread: A's first (already on the thread), A's second and, in turn, B's only part, so B's scan finishes while
 * all of A's are still running with two parts done between them; first come first served would run three of A's.
 * The thread stays held while the test looks, so the assertions are on states, never on time.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_ACTIVE_SCANS_PER_USER } from '@larmor/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createThreadQueue } from '../../jobs/threadQueue.ts';
import {
  call,
  createSimulatorWorld,
  databases,
  runSequence,
  SCAN_TIMEOUT_MS,
  sessionWithSpinEchoes,
  testDataDir,
  untilSettled,
  useSimulatorApp,
  type Headers,
  type SimulatorWorld,
} from '../../test/simulator.ts';

const dataDir = testDataDir();
const BACKLOG_SLICES = 12;
/** The scan thread's parts wait until this file exists (jobs/testing/misbehavingThread.ts). */
const gate = path.join(dataDir, 'gate');
const gatedThread = new URL('../../jobs/testing/misbehavingThread.ts', import.meta.url);

beforeAll(() => {
  process.env['LARMOR_TEST_GATE'] = gate;
});
afterAll(() => {
  delete process.env['LARMOR_TEST_GATE'];
});

describe.each(databases)('fair shares of the scan threads through the run call on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  /** `count` tiny spin echoes (32 × 32, `slices` slices) in a new session of `h`. */
  async function sequences(world: SimulatorWorld, h: Headers, count: number, slices: number) {
    const { sessionId, ids } = await sessionWithSpinEchoes(t.app, world, h, count);
    for (const id of ids) {
      const patched = await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${id}`, h, {
        parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: slices },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    }
    return { sessionId, ids };
  }

  const run = (h: Headers, sessionId: string, id: string) => runSequence(t.app, h, sessionId, id);

  it("B's one-slice scan finishes while all of A's backlog of scans is still running", async () => {
    // With the app's store, as the server's queue has it: fast scans are stored by the parts' threads (submitStored).
    const queue = createThreadQueue({ threads: 1, filename: gatedThread, blobs: t.app.simulator.blobs });
    const runtime = t.app.simulator;
    vi.spyOn(runtime, 'queue').mockResolvedValue(queue);
    const submitted = async (count: number) => {
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      while (runtime.running.size < count) {
        if (Date.now() > deadline) throw new Error(`${count} scans never reached the queue`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      const world = await createSimulatorWorld(t.app, t.db);
      const a = world.a.studentHeaders;
      const b = world.a.teacherHeaders;
      const backlog = await sequences(world, a, MAX_ACTIVE_SCANS_PER_USER, BACKLOG_SLICES);
      const light = await sequences(world, b, 1, 1);
      for (const id of backlog.ids) expect((await run(a, backlog.sessionId, id)).status).toBe(202);
      await submitted(MAX_ACTIVE_SCANS_PER_USER);
      let backlogPartsDone = 0;
      for (const job of runtime.running.values()) job.onProgress(() => backlogPartsDone++);
      expect((await run(b, light.sessionId, light.ids[0] ?? '')).status).toBe(202);
      await submitted(MAX_ACTIVE_SCANS_PER_USER + 1);
      // A's first part is on the thread at the gate; in turn come A's second and B's only part.
      writeFileSync(gate, '3');

      expect((await untilSettled(t.app, b, light.sessionId, light.ids[0] ?? '')).status).toBe('finished');
      const states = await t.db
        .selectFrom('sim_scans')
        .select('status')
        .where('session_id', '=', backlog.sessionId)
        .execute();
      expect(states.map((s) => s.status)).toEqual(Array<string>(MAX_ACTIVE_SCANS_PER_USER).fill('running'));
      expect(backlogPartsDone).toBe(2);
      writeFileSync(gate, '');
      for (const id of backlog.ids)
        await call(t.app, 'POST', `v1/sessions/${backlog.sessionId}/pulse-sequences/${id}/cancel`, a);
    } finally {
      await queue.close();
      rmSync(gate, { force: true });
    }
  });
});
