import {
  collectionListSchema,
  collectionSchema,
  libraryConfigurationSchema,
  libraryParameterValuesSchema,
  pulseSequenceListSchema,
  pulseSequenceSchema,
  SLICE_TILT_MAX_RAD,
  spatialsSchema,
} from '@larmor/contracts';
import { SLICE_TILT_MAX } from '@larmor/mri';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  anotherProgram,
  call,
  createSimulatorWorld,
  databases,
  errorOf,
  openSession,
  refused,
  sequenceInSession,
  useSimulatorApp,
  type Headers,
} from '../../test/simulator.ts';
import { UNKNOWN_ID } from '../../test/fixtures.ts';

describe.each(databases)('pulse sequences of a session on %s', (kind) => {
  const t = useSimulatorApp(kind);

  async function sessionWithSequence(lab: Record<string, unknown> = {}) {
    const { active, ...rest } = await sequenceInSession(t.app, t.db, {
      lab,
      name: 'T1 SE',
      parameters: null,
    });
    return { ...rest, collectionId: active.collections[0]?.id ?? '' };
  }

  it('a pulse sequence made from a scheme has its defaults for this scanner, seqnum 1 and status runnable', async () => {
    const { h, sessionId, sequence } = await sessionWithSequence();
    expect(sequence).toMatchObject({ pulseSequenceSchemeId: 5, family: 'SE', seqnum: 1, status: 'runnable' });
    expect(sequence.parameters.repetitionTime).toBeGreaterThan(0);
    expect(sequence.lastScan).toBeNull();
    const read = await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h);
    expect(pulseSequenceSchema.parse(read.body)).toEqual(sequence);
    const list = pulseSequenceListSchema.parse(
      (await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences`, h)).body,
    );
    expect(list.map((s) => s.id)).toEqual([sequence.id]);
  });

  it('a scheme the module does not offer, an unknown scheme, a foreign collection or bad input answers 400 and writes nothing', async () => {
    const { h, sessionId, collectionId } = await sessionWithSequence();
    const url = `v1/sessions/${sessionId}/pulse-sequences`;
    const cases: [unknown, string, string][] = [
      [{ pulseSequenceSchemeId: 11, name: 'FLAIR', collectionId }, 'pulseSequenceSchemeId', 'not_allowed'],
      [{ pulseSequenceSchemeId: 29, name: 'x', collectionId }, 'pulseSequenceSchemeId', 'scheme'],
      [{ pulseSequenceSchemeId: 5, name: 'x', collectionId: UNKNOWN_ID }, 'collectionId', 'collection'],
      [{ pulseSequenceSchemeId: 5, name: '', collectionId }, 'name', 'min'],
      [{ pulseSequenceSchemeId: 'five', name: 'x', collectionId }, 'pulseSequenceSchemeId', 'type'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await refused(t.app, t.db, 'POST', url, h, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).validation?.[field], JSON.stringify(res.body)).toBe(rule);
    }
  });

  it('pulse-sequences-many adds all or none', async () => {
    const { h, sessionId, collectionId } = await sessionWithSequence();
    const url = `v1/sessions/${sessionId}/pulse-sequences-many`;
    const bad = await refused(t.app, t.db, 'POST', url, h, {
      pulseSequences: [
        { pulseSequenceSchemeId: 2, name: 'GRE', collectionId },
        { pulseSequenceSchemeId: 11, name: 'FLAIR', collectionId },
      ],
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).validation).toEqual({ 'pulseSequences.1.pulseSequenceSchemeId': 'not_allowed' });
    const ok = await call(t.app, 'POST', url, h, {
      pulseSequences: [
        { pulseSequenceSchemeId: 2, name: 'GRE', collectionId },
        { pulseSequenceSchemeId: 6, name: 'TSE', collectionId },
      ],
    });
    expect(ok.status).toBe(201);
    expect(pulseSequenceListSchema.parse(ok.body).map((s) => s.seqnum)).toEqual([2, 3]);
  });

  it('PATCH keeps parameters within the limits: a TE below the minimum answers 400 naming the minimum TE, and changes nothing', async () => {
    const { h, sessionId, sequence } = await sessionWithSequence();
    const url = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    const res = await refused(t.app, t.db, 'PATCH', url, h, { parameters: { echoTime: 0.0005 } });
    expect(res.status).toBe(400);
    const error = errorOf(res.body) as { validation: Record<string, string>; code: number };
    expect(error.validation['parameters.echoTime']).toBe('min');
    const minimumTe = Number(error.validation['parameters.echoTime.min']);
    expect(minimumTe).toBeGreaterThan(0.0005);
    expect((res.body as { error: { message: string } }).error.message).toMatch(/TE must be at least/);
    // The minimum it names is accepted.
    const ok = await call(t.app, 'PATCH', url, h, { parameters: { echoTime: minimumTe } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(pulseSequenceSchema.parse(ok.body).parameters.echoTime).toBeCloseTo(minimumTe, 9);
    const unknownKey = await refused(t.app, t.db, 'PATCH', url, h, { parameters: { teslas: 3 } });
    expect(unknownKey.status).toBe(400);
    const spatials = await call(t.app, 'PATCH', url, h, {
      spatials: { orientation: 'sagittal', center: [0.01, 0, 0] },
      name: 'Sagittal SE',
    });
    expect(pulseSequenceSchema.parse(spatials.body)).toMatchObject({
      name: 'Sagittal SE',
      spatials: { orientation: 'sagittal', center: [0.01, 0, 0] },
    });
  });

  it('PATCH spatials takes an oblique stack (tilts within ±45°); a tilt beyond answers 400 naming it, and changes nothing', async () => {
    const { h, sessionId, sequence } = await sessionWithSequence();
    const url = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    const oblique = { orientation: 'axial', center: [0, 0, 0.01], tiltAboutRow: -0.2, tiltAboutColumn: 0.1 };
    const ok = await call(t.app, 'PATCH', url, h, { spatials: oblique });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(pulseSequenceSchema.parse(ok.body).spatials).toEqual(oblique);
    // Exactly 45° is allowed, as the editor's range says.
    const edge = await call(t.app, 'PATCH', url, h, {
      spatials: { ...oblique, tiltAboutColumn: -SLICE_TILT_MAX_RAD },
    });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
    for (const [spatials, field, rule] of [
      [{ ...oblique, tiltAboutRow: (50 * Math.PI) / 180 }, 'spatials.tiltAboutRow', 'max'],
      [{ ...oblique, tiltAboutColumn: -1 }, 'spatials.tiltAboutColumn', 'min'],
      [{ ...oblique, tiltAboutRow: 'steep' }, 'spatials.tiltAboutRow', 'type'],
    ] as const) {
      const res = await refused(t.app, t.db, 'PATCH', url, h, { spatials });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ validation: { [field]: rule } });
    }
    expect(SLICE_TILT_MAX_RAD).toBe(SLICE_TILT_MAX);
  });

  it('the free plan caps FOV, matrix and slices and offers only SE and GRE', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const paid = await openSession(t.app, world, world.a.studentHeaders);
    const ids = await anotherProgram(
      t.app,
      world.platformHeaders,
      { title: 'Free knee', global: true, freeCatalogue: true },
      { sequenceTypes: [5, 2] },
    );
    const h: Headers = world.freeHeaders;
    const active = await openSession(t.app, ids, h);
    const sessionId = active.session.id;
    // The session says it is on the free plan, so the panel knows the limits before the user types.
    expect([active.session.freePlan, paid.session.freePlan]).toEqual([true, false]);
    const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
      pulseSequenceSchemeId: 5,
      name: 'SE',
      collectionId: active.collections[0]?.id,
    });
    expect(created.status).toBe(201);
    const sequence = pulseSequenceSchema.parse(created.body);
    expect(sequence.parameters.fovRead).toBeLessThanOrEqual(FREE_PLAN_LIMITS.fovMax);
    const url = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    for (const [parameters, field] of [
      [{ matrixRead: 512 }, 'parameters.matrixRead'],
      [{ sliceCount: FREE_PLAN_LIMITS.sliceCountMax + 1 }, 'parameters.sliceCount'],
      [{ fovRead: 0.3 }, 'parameters.fovRead'],
    ] as const) {
      const res = await refused(t.app, t.db, 'PATCH', url, h, { parameters });
      expect(res.status, JSON.stringify(parameters)).toBe(400);
      expect(errorOf(res.body).validation?.[field], JSON.stringify(res.body)).toBe('free-plan');
    }
    const schemas = await call(t.app, 'GET', `v1/sessions/${sessionId}/active-schemas`, h);
    expect(
      z
        .array(z.object({ id: z.number(), family: z.string() }))
        .parse(schemas.body)
        .map((s) => s.family),
    ).toEqual(['GRE', 'SE']);
  });

  it('move puts a pulse sequence at a position and renumbers the others', async () => {
    const { h, sessionId, collectionId, sequence } = await sessionWithSequence();
    await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences-many`, h, {
      pulseSequences: [
        { pulseSequenceSchemeId: 2, name: 'B', collectionId },
        { pulseSequenceSchemeId: 6, name: 'C', collectionId },
      ],
    });
    const res = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/move`, h, {
      position: 3,
    });
    expect(res.status).toBe(200);
    const list = pulseSequenceListSchema.parse(res.body);
    expect(list.map((s) => [s.name, s.seqnum])).toEqual([
      ['B', 1],
      ['C', 2],
      ['T1 SE', 3],
    ]);
    const bad = await refused(
      t.app,
      t.db,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/move`,
      h,
      {
        position: 0,
      },
    );
    expect(bad.status).toBe(400);
    const unknown = await refused(
      t.app,
      t.db,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${UNKNOWN_ID}/move`,
      h,
      {
        position: 1,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('collections: "Scan 1" comes with the session; a new one is "Scan 2"; the session payload filters by collection', async () => {
    const { h, sessionId, collectionId } = await sessionWithSequence();
    const created = await call(t.app, 'POST', `v2/sessions/${sessionId}/pulse-sequences/collections`, h, {});
    expect(created.status).toBe(201);
    const second = collectionSchema.parse(created.body);
    expect(second.name).toBe('Scan 2');
    const list = collectionListSchema.parse(
      (await call(t.app, 'GET', `v2/sessions/${sessionId}/pulse-sequences/collections`, h)).body,
    );
    expect(list.map((c) => c.name)).toEqual(['Scan 1', 'Scan 2']);
    const filtered = await call(
      t.app,
      'GET',
      `v1/sessions/${sessionId}?pulseSequenceCollectionId=${second.id}`,
      h,
    );
    expect((filtered.body as { pulseSequences: unknown[] }).pulseSequences).toEqual([]);
    const all = await call(
      t.app,
      'GET',
      `v1/sessions/${sessionId}?pulseSequenceCollectionId=${collectionId}`,
      h,
    );
    expect((all.body as { pulseSequences: unknown[] }).pulseSequences).toHaveLength(1);
  });

  it('another user reaches none of the session’s sequences', async () => {
    const { world, sessionId, sequence, collectionId } = await sessionWithSequence();
    const h = world.b.studentHeaders;
    expect(
      (await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h)).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', `v2/pulse-sequences/${sequence.id}/spatials-default`, h)).status).toBe(
      403,
    );
    const patch = await refused(
      t.app,
      t.db,
      'PATCH',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`,
      h,
      {
        parameters: { echoTime: 0.02 },
      },
    );
    expect(patch.status).toBe(403);
    const create = await refused(t.app, t.db, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
      pulseSequenceSchemeId: 5,
      name: 'x',
      collectionId,
    });
    expect(create.status).toBe(403);
  });

  it('library calls: parameter values of a scheme for a model, a scheme’s limits on this scanner, default spatials', async () => {
    const { h, sessionId, sequence } = await sessionWithSequence();
    const values = await call(t.app, 'GET', 'v1/library-parameter-values/5/2', h);
    expect(values.status).toBe(200);
    const library = libraryParameterValuesSchema.parse(values.body);
    expect(library.parameterOptions.map((o) => o.key)).toContain('echoTime');
    expect((await call(t.app, 'GET', 'v1/library-parameter-values/29/2', h)).status).toBe(404);
    expect((await call(t.app, 'GET', 'v1/library-parameter-values/5/99999', h)).status).toBe(404);
    expect((await call(t.app, 'GET', 'v1/library-parameter-values/five/2', h)).status).toBe(400);
    const config = await call(t.app, 'GET', `v1/sessions/${sessionId}/library-configuration/5`, h);
    expect(libraryConfigurationSchema.parse(config.body)).toMatchObject({ schemeId: 5, family: 'SE' });
    expect((await call(t.app, 'GET', `v1/sessions/${sessionId}/library-configuration/11`, h)).status).toBe(
      400,
    );
    const spatials = await call(t.app, 'GET', `v2/pulse-sequences/${sequence.id}/spatials-default`, h);
    expect(spatialsSchema.parse(spatials.body)).toEqual(sequence.spatials);
  });
});
