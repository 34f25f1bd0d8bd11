import { configurationIdOf } from '@larmor/contracts';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { describe, expect, it } from 'vitest';
import {
  addSequence,
  anotherProgram,
  call,
  createSimulatorWorld,
  databases,
  errorOf,
  meanOf,
  openSession,
  refused,
  runToFinish,
  slicePixels,
  useSimulatorApp,
  type Headers,
  studentSession,
} from '../../test/simulator.ts';

/** The aorta timing-bolus model (contracts TIMING_BOLUS_MODEL_ID) and the spoiled GRE (sequence type 1). */
const TIMING_BOLUS_MODEL = 223;
const SPOILED_GRE = 1;

describe.each(databases)('bolus timing: the chosen scan delay and the next scan on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  /** Runs the sequence; its stored snapshot and the mean of its pixels. */
  async function runScan(h: Headers, sessionId: string, id: string) {
    const done = await runToFinish(t.app, h, sessionId, id);
    const scanId = done.lastScan?.id ?? '';
    const mean = meanOf(await slicePixels(t.app, h, sessionId, scanId));
    const row = await t.db
      .selectFrom('sim_scans')
      .select('snapshot')
      .where('id', '=', scanId)
      .executeTakeFirst();
    return { snapshot: JSON.parse(row?.snapshot ?? '{}') as ScanSnapshot, mean };
  }

  const configure = (h: Headers, sessionId: string, name: string, value: number) =>
    call(t.app, 'POST', `v1/sessions/${sessionId}/configuration`, h, { configurationId: name, value });

  it('contrast_scan_delay reaches the next scan: before the bolus arrives nothing enhances, at the aortic peak the image brightens (by 45 % here); a finished scan keeps its snapshot', async () => {
    const world = await createSimulatorWorld(t.app, t.db, {
      anatomicalModelId: TIMING_BOLUS_MODEL,
      sequenceTypes: [SPOILED_GRE],
    });
    const h = world.a.studentHeaders;
    const active = await openSession(t.app, world, h);
    const sessionId = active.session.id;
    expect(active.configuration.find((c) => c.name === 'contrast_scan_delay')).toMatchObject({
      id: configurationIdOf('contrast_scan_delay'),
      selectedValue: 0,
    });
    const sequence = await addSequence(t.app, h, active, {
      scheme: SPOILED_GRE,
      name: 'Arterial phase',
      parameters: { matrixRead: 48, matrixPhase: 48, sliceCount: 1 },
    });

    // The tool's own injection: its delay alone (the model has no patient-settings contrast).
    expect((await configure(h, sessionId, 'contrast_scan_delay', 2)).status).toBe(200);
    const early = await runScan(h, sessionId, sequence.id);
    expect(early.snapshot.simulation.contrast).toEqual({
      concentrationMmolPerMl: 0.5,
      volumeMl: 15,
      secondsAfterInjection: 2,
      firstPass: true,
    });

    expect((await configure(h, sessionId, 'contrast_scan_delay', 18)).status).toBe(200);
    const peak = await runScan(h, sessionId, sequence.id);
    expect(peak.snapshot.simulation.contrast?.secondsAfterInjection).toBe(18);
    // The aorta, kidneys and spleen take up the bolus: T1 shortening brightens the spoiled GRE.
    expect(peak.mean).toBeGreaterThan(1.2 * early.mean);

    // No delay, no injection: the model has no late-phase contrast of the patient settings.
    expect((await configure(h, sessionId, 'contrast_scan_delay', 0)).status).toBe(200);
    const none = await runScan(h, sessionId, sequence.id);
    expect(none.snapshot.simulation.contrast).toBeUndefined();
    const rows = await t.db
      .selectFrom('sim_scans')
      .select('snapshot')
      .where('session_id', '=', sessionId)
      .execute();
    const delays = rows
      .map((r) => (JSON.parse(r.snapshot) as ScanSnapshot).simulation.contrast?.secondsAfterInjection ?? 0)
      .sort((a, b) => a - b);
    expect(delays).toEqual([0, 2, 18]);
  });

  it("the timing-bolus model refuses the patient-settings contrast as model 1 does (simulator.md §5: contrast for 202, 203, 204 and 207 only), and keeps the tool's delay", async () => {
    const { world, h, active } = await studentSession(t.app, t.db, { anatomicalModelId: TIMING_BOLUS_MODEL });
    const { session } = active;
    const plain = await anotherProgram(t.app, world.a.teacherHeaders, {}, { anatomicalModelId: 1 });
    const other = await openSession(t.app, plain, h);
    const changes: [string, number][] = [
      ['activate_contrast', 1],
      ['contrast_concentration', 1],
      ['contrast_volume', 10],
      ['time_after_contrast', 3],
    ];
    for (const [name, value] of changes) {
      const onPlain = await refused(t.app, t.db, 'POST', `v1/sessions/${other.session.id}/configuration`, h, {
        configurationId: name,
        value,
      });
      const onBolus = await refused(t.app, t.db, 'POST', `v1/sessions/${session.id}/configuration`, h, {
        configurationId: name,
        value,
      });
      expect(onPlain.status, name).toBe(400);
      expect(onBolus.status, name).toBe(400);
      expect(onBolus.body, name).toEqual(onPlain.body);
      expect(errorOf(onBolus.body).validation).toEqual({ configurationId: 'contrast' });
    }
    const delay = await configure(h, session.id, 'contrast_scan_delay', 20);
    expect(delay.status, JSON.stringify(delay.body)).toBe(200);
  });

  it('a delay outside 0–120 s, or on a model without contrast, writes nothing', async () => {
    const { world, h, active } = await studentSession(t.app, t.db, { anatomicalModelId: TIMING_BOLUS_MODEL });
    const { session } = active;
    for (const value of [-1, 121]) {
      const res = await refused(t.app, t.db, 'POST', `v1/sessions/${session.id}/configuration`, h, {
        configurationId: 'contrast_scan_delay',
        value,
      });
      expect(res.status).toBe(400);
    }
    // The knee (model 2) has no contrast.
    const plain = await anotherProgram(t.app, world.a.teacherHeaders);
    const other = await openSession(t.app, plain, h);
    const res = await refused(t.app, t.db, 'POST', `v1/sessions/${other.session.id}/configuration`, h, {
      configurationId: 'contrast_scan_delay',
      value: 20,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).validation).toMatchObject({ configurationId: 'contrast' });
  });
});
