import { tissueConfigurationSchema } from '@larmor/contracts';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { describe, expect, it } from 'vitest';
import {
  call,
  createSimulatorWorld,
  databases,
  meanOf,
  openSession,
  runToFinish,
  sequenceInSession,
  slicePixels,
  useSimulatorApp,
  type Headers,
} from '../../test/simulator.ts';

describe.each(databases)('a session’s tissue edit and its scans on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  /** Runs the sequence to the end; its scan id and the raw pixels of every slice. */
  async function runScan(h: Headers, sessionId: string, id: string) {
    const done = await runToFinish(t.app, h, sessionId, id);
    const scanId = done.lastScan?.id ?? '';
    return { scanId, pixels: await pixelsOf(h, sessionId, scanId) };
  }
  const pixelsOf = (h: Headers, sessionId: string, scanId: string) =>
    slicePixels(t.app, h, sessionId, scanId);

  it('a T1 edit changes the next scan’s signal in the expected direction and never a finished scan', async () => {
    // T1 weighting: short TR and TE [s]; a shorter T1 then means more signal.
    const { world, h, sessionId, sequence } = await sequenceInSession(t.app, t.db, {
      name: 'T1 SE',
      parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 1, repetitionTime: 0.4, echoTime: 0.015 },
    });
    const before = await runScan(h, sessionId, sequence.id);
    const edit = await call(t.app, 'POST', 'v1/tissue-characteristics/configuration', h, {
      tissue_characteristic_id: 'muscle',
      lab_id: world.labId,
      session_id: sessionId,
      t1: 250,
      t2: 40,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = await runScan(h, sessionId, sequence.id);

    // The finished scan is untouched: the same bytes, and its stored snapshot has no override.
    const again = await pixelsOf(h, sessionId, before.scanId);
    expect(again.map((s) => Buffer.from(s.buffer).toString('base64'))).toEqual(
      before.pixels.map((s) => Buffer.from(s.buffer).toString('base64')),
    );
    const rows = await t.db
      .selectFrom('sim_scans')
      .select(['id', 'snapshot'])
      .where('id', 'in', [before.scanId, after.scanId])
      .execute();
    const overridesOf = (id: string) =>
      (JSON.parse(rows.find((r) => r.id === id)?.snapshot ?? '{}') as ScanSnapshot).tissueOverrides;
    expect(overridesOf(before.scanId)?.muscle).toBeUndefined();
    expect(overridesOf(after.scanId)?.muscle).toEqual({ t1: 0.25, t2: 0.04 });
    // T1 1.2 s → 0.25 s at TR 400 ms nearly triples muscle's signal. Muscle is about a fifth of the atlas knee
    // (less in the default slice through the joint, where bone, fat and ligaments dominate; measured +7 %) and
    // more of the procedural knee (+10 % and more): either way the image brightens well beyond the noise.
    expect(meanOf(after.pixels)).toBeGreaterThan(1.04 * meanOf(before.pixels));
  });
  it('the tissue list shows the module’s PD and T2* as the next scan takes them: under a session’s edit PD stays, T2* goes', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const patch = await call(t.app, 'PATCH', `v1/modules/${world.labId}`, world.a.teacherHeaders, {
      tissueOverrides: [{ tissue: 'muscle', t1Ms: 900, t2Ms: 50, pd: 0.7, t2StarMs: 30 }],
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const h = world.a.studentHeaders;
    const { session } = await openSession(t.app, world, h);
    const muscleOf = (body: unknown) =>
      tissueConfigurationSchema.parse(body).find((row) => row.id === 'muscle');
    const url = `v1/tissue-characteristics/${world.labId}/configuration?sessionId=${session.id}`;
    expect(muscleOf((await call(t.app, 'GET', url, h)).body)).toMatchObject({
      t1: 900,
      t2: 50,
      pd: 0.7,
      t2star: 30,
    });
    const edit = await call(t.app, 'POST', 'v1/tissue-characteristics/configuration', h, {
      tissue_characteristic_id: 'muscle',
      lab_id: world.labId,
      session_id: session.id,
      t1: 1100,
      t2: 45,
    });
    const edited = muscleOf(edit.body);
    expect(edited).toMatchObject({ t1: 1100, t2: 45, pd: 0.7 });
    expect(edited?.t2star).toBeUndefined();
    expect(muscleOf((await call(t.app, 'GET', url, h)).body)).toEqual(edited);
  });
});
