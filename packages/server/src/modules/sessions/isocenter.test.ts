import {
  configurationItemSchema,
  pulseSequenceSchema,
  REGION_ISOCENTERS_CM,
  scoutImageSchema,
  WHOLE_BODY_ISOCENTER_CHOICES_CM,
} from '@larmor/contracts';
import { modelInfo } from '@larmor/mri/anatomy';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databases } from '../../test/helper.ts';
import {
  anotherProgram,
  call,
  createSimulatorWorld,
  errorOf,
  openSession,
  refused,
  useSimulatorApp,
  type Headers,
} from './world.test-support.ts';

/** The whole-body model (the one with the Isocenter feature). */
const WHOLE_BODY_MODEL_ID = 10;
/** Tolerance of positions read back from image geometry [m]. */
const POSITION_TOLERANCE_M = 1e-6;

describe('the whole-body model’s regions sit at the spec’s region isocenters (simulator.md §9)', () => {
  it('each region’s centre is its isocenter height above the soles', () => {
    const regions = modelInfo(WHOLE_BODY_MODEL_ID)?.regions ?? [];
    expect(regions.map((r) => r.name).sort()).toEqual(Object.keys(REGION_ISOCENTERS_CM).sort());
    for (const region of regions) {
      expect(region.center[2] * 100, region.name).toBeCloseTo(REGION_ISOCENTERS_CM[region.name] ?? NaN, 6);
    }
  });
});

describe.each(databases)('isocenter of a session on %s (simulator.md §4)', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  const set = (h: Headers, sessionId: string, name: string, value: number) =>
    call(t.app, 'POST', `v1/sessions/${sessionId}/configuration`, h, { configurationId: name, value });

  /** The centre of the axial scout's plane along z (head-foot) [m]. */
  async function axialScout(h: Headers, sessionId: string) {
    const res = await call(t.app, 'GET', `v1/sessions/${sessionId}/scout-images/axial`, h);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return scoutImageSchema.parse(res.body);
  }

  it('whole body moves the localisers to the chosen height; a region centres them and new stacks on it', async () => {
    const world = await createSimulatorWorld(t.app, t.db, {
      anatomicalModelId: WHOLE_BODY_MODEL_ID,
      sequenceTypes: [5],
    });
    const h = world.a.studentHeaders;
    const active = await openSession(t.app, world, h);
    const sessionId = active.session.id;
    const isocenter = WHOLE_BODY_ISOCENTER_CHOICES_CM[2];
    expect((await set(h, sessionId, 'isocenter', isocenter)).status).toBe(200);
    const whole = await axialScout(h, sessionId);
    expect(Math.abs(whole.imagePositionPatient[2] - isocenter / 100)).toBeLessThan(POSITION_TOLERANCE_M);
    expect(whole.regionId).toBeNull();

    const pelvis = active.regions.find((r) => r.name === 'Pelvis');
    if (!pelvis) throw new Error('no Pelvis region');
    const chosen = await set(h, sessionId, 'selected_region', pelvis.id);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const items = z.array(configurationItemSchema).parse(chosen.body);
    expect(items.find((i) => i.name === 'selected_region')?.selectedValue).toBe(pelvis.id);
    const region = await axialScout(h, sessionId);
    expect(region.regionId).toBe(pelvis.id);
    const pelvisZ = (REGION_ISOCENTERS_CM.Pelvis ?? NaN) / 100;
    expect(Math.abs(region.imagePositionPatient[2] - pelvisZ)).toBeLessThan(POSITION_TOLERANCE_M);

    const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
      pulseSequenceSchemeId: 5,
      name: 'Pelvis SE',
      collectionId: active.collections[0]?.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(pulseSequenceSchema.parse(created.body).spatials.center[2]).toBeCloseTo(pelvisZ, 9);

    // Back to whole body: the region is reset to 0 and the localisers follow the height again.
    expect((await set(h, sessionId, 'selected_region', 0)).status).toBe(200);
    expect((await axialScout(h, sessionId)).regionId).toBeNull();
  });

  it('a height off the choices, an unknown region, or a model without the Isocenter feature answers 400 and changes nothing', async () => {
    const body = await createSimulatorWorld(t.app, t.db, {
      anatomicalModelId: WHOLE_BODY_MODEL_ID,
      sequenceTypes: [5],
    });
    const h = body.a.studentHeaders;
    const { session } = await openSession(t.app, body, h);
    const url = `v1/sessions/${session.id}/configuration`;
    const cases: [unknown, string, string][] = [
      [{ configurationId: 'isocenter', value: 150 }, 'value', 'range'],
      [{ configurationId: 'selected_region', value: 99 }, 'value', 'region'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await refused(t.app, t.db, 'POST', url, h, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).validation?.[field], JSON.stringify(payload)).toBe(rule);
    }
    // The knee (model 2) has no Isocenter feature.
    const knee = await anotherProgram(t.app, body.a.teacherHeaders);
    const kneeSession = await openSession(t.app, knee, h);
    const res = await refused(t.app, t.db, 'POST', `v1/sessions/${kneeSession.session.id}/configuration`, h, {
      configurationId: 'isocenter',
      value: 140,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).validation?.configurationId).toBe('isocenter');
  });
});
