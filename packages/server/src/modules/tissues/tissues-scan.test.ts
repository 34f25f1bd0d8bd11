import {
  pulseSequenceSchema,
  reconstructedImagesSchema,
  tissueConfigurationSchema,
  type PulseSequence,
} from '@larmor/contracts';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  openSession,
  testDataDir,
  type Headers,
} from '../sessions/world.test-support.ts';

const dataDir = testDataDir();
/** Longest a tiny scan may take on a loaded CI machine [ms]. */
const SCAN_TIMEOUT_MS = 60_000;

describe.each(databases)('a session’s tissue edit and its scans on %s', (kind) => {
  const t = useTestApp(kind, { dataDir, scanThreads: 1 });

  async function untilSettled(h: Headers, sessionId: string, id: string): Promise<PulseSequence> {
    const deadline = Date.now() + SCAN_TIMEOUT_MS;
    for (;;) {
      const res = await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${id}`, h);
      const sequence = pulseSequenceSchema.parse(res.body);
      if (sequence.status !== 'running') return sequence;
      if (Date.now() > deadline) throw new Error('scan did not settle');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs the sequence to the end; its scan id and the raw pixels of every slice. */
  async function runScan(h: Headers, sessionId: string, id: string) {
    const started = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${id}/run`, h);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await untilSettled(h, sessionId, id);
    expect(done.status, done.lastScan?.errorMessage ?? '').toBe('finished');
    const scanId = done.lastScan?.id ?? '';
    return { scanId, pixels: await pixelsOf(h, sessionId, scanId) };
  }

  async function pixelsOf(h: Headers, sessionId: string, scanId: string): Promise<Float32Array[]> {
    const meta = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scanId}`, h);
    const series = reconstructedImagesSchema.parse(meta.body);
    return Promise.all(
      series.slices.map(async (slice) => {
        const res = await t.app.inject({ method: 'GET', url: slice.url, headers: h });
        return new Float32Array(new Uint8Array(res.rawPayload).buffer.slice(0));
      }),
    );
  }

  const mean = (slices: readonly Float32Array[]) => {
    let sum = 0;
    let n = 0;
    for (const s of slices) {
      for (const v of s) sum += v;
      n += s.length;
    }
    return sum / n;
  };

  it('a T1 edit changes the next scan’s signal in the expected direction and never a finished scan', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const active = await openSession(t.app, world, h);
    const sessionId = active.session.id;
    const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
      pulseSequenceSchemeId: 5,
      name: 'T1 SE',
      collectionId: active.collections[0]?.id,
    });
    const sequence = pulseSequenceSchema.parse(created.body);
    // T1 weighting: short TR and TE [s]; a shorter T1 then means more signal.
    const patched = await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
      parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 1, repetitionTime: 0.4, echoTime: 0.015 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

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
    // Muscle fills much of the knee: T1 1.2 s → 0.25 s at TR 400 ms brightens the image well beyond the noise.
    expect(mean(after.pixels)).toBeGreaterThan(1.1 * mean(before.pixels));
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
