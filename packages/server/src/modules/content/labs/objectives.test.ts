/**
 * A module's objectives as its author writes them (issue 21): every kind the grader knows is stored and read
 * back; what the schema cannot see (a tissue the model lacks, a contrast between one tissue and itself, a
 * sequence type the module does not offer) is refused with the field, the rule and a sentence naming the
 * objective; learners and other organisations' teachers may not write them. A refusal writes nothing.
 */
import { labSchema, type Objective } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, rowCounts, useTestApp } from '../../../test/helper.ts';
import { buildProgram, call, createContentWorld, type Headers } from '../programs/world.test-support.ts';

/** One objective of every kind, on the brain model (1) with SE and GRE offered. */
const EVERY_KIND: Objective[] = [
  { kind: 'sequenceFamily', id: 'family', points: 1, families: ['SE'] },
  { kind: 'weighting', id: 'weighting', points: 2, weighting: 'T2', mustPass: true },
  { kind: 'orientation', id: 'orientation', points: 1, orientation: 'axial' },
  { kind: 'phaseDirection', id: 'phase', points: 1, direction: 'AP' },
  { kind: 'scanTimeMax', id: 'time', points: 1, maxSeconds: 300, partialCredit: { marginFraction: 0.2 } },
  { kind: 'inPlaneResolutionMax', id: 'resolution', points: 1, maxMm: 1.2 },
  { kind: 'sliceThicknessMax', id: 'thickness', points: 1, maxMm: 5 },
  { kind: 'coverage', id: 'coverage', points: 1, tissue: 'whiteMatter', minFraction: 0.5 },
  { kind: 'fatSuppression', id: 'fatsat', points: 1, required: false },
  { kind: 'fieldStrength', id: 'field', points: 1, tesla: 1.5 },
  { kind: 'snrMin', id: 'snr', points: 1, tissue: 'whiteMatter', minSnr: 20 },
  {
    kind: 'contrastOrder',
    id: 'contrast',
    title: 'CSF brighter than white matter',
    points: 3,
    brighter: 'csf',
    darker: 'whiteMatter',
    feedbackFail: 'Lengthen TE until fluid is bright.',
  },
  { kind: 'noWrap', id: 'wrap', points: 1 },
  { kind: 'chemicalShiftMax', id: 'shift', points: 1, maxPixels: 1.5 },
  { kind: 'noMotion', id: 'motion', points: 1 },
  { kind: 'cnrMin', id: 'cnr', points: 1, tissue: 'whiteMatter', otherTissue: 'greyMatter', minCnr: 10 },
  {
    kind: 'signalRatioMin',
    id: 'ratio',
    title: 'CSF at least twice as bright as white matter',
    points: 2,
    tissue: 'csf',
    otherTissue: 'whiteMatter',
    minRatio: 2,
  },
  { kind: 'diagnoseFix', id: 'fix', points: 2, artifact: 'wrap', questionId: 'artifact' },
];

describe.each(databases)('module objectives (v1/modules) on %s', (kind) => {
  const t = useTestApp(kind);

  /** PATCH or POST that must be refused: no row added or removed, and the module reads as before. */
  async function refused(
    method: 'POST' | 'PATCH',
    url: string,
    headers: Headers,
    payload: unknown,
    read: { labId: string; headers: Headers },
  ) {
    const before = await rowCounts(t.db);
    const labBefore = (await call(t.app, 'GET', `v1/modules/${read.labId}`, read.headers)).body;
    const res = await call(t.app, method, url, headers, payload);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await call(t.app, 'GET', `v1/modules/${read.labId}`, read.headers)).body).toEqual(labBefore);
    return res;
  }
  const errorOf = (body: unknown) =>
    (body as { error: { message: string; code: number; validation?: Record<string, string> } }).error;

  it('a teacher stores an objective of every kind the grader knows, with points, the required flag and the failure hint', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { labId } = await buildProgram(t.app, h);
    const res = await call(t.app, 'PATCH', `v1/modules/${labId}`, h, { objectives: EVERY_KIND });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lab = labSchema.parse((await call(t.app, 'GET', `v1/modules/${labId}`, h)).body);
    expect(lab.objectives).toEqual(EVERY_KIND);
    expect(lab.objectiveSummaries.find((o) => o.id === 'weighting')).toMatchObject({
      title: 'Weighting',
      points: 2,
      mustPass: true,
    });
  });

  it('objectives that do not fit the module are refused with the field, the rule and the objective named; nothing is written', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { courseId, labId } = await buildProgram(t.app, h);
    const read = { labId, headers: h };
    const cases: [objectives: unknown[], field: string, rule: string, message: RegExp | null][] = [
      [
        [{ kind: 'snrMin', id: 's', points: 1, tissue: 'liver', minSnr: 10 }],
        'objectives.0.tissue',
        'tissue',
        /^Objective 1 \(Signal-to-noise ratio\): the anatomical model has no liver$/,
      ],
      [
        [{ kind: 'signalRatioMin', id: 'r', points: 1, tissue: 'csf', otherTissue: 'liver', minRatio: 2 }],
        'objectives.0.otherTissue',
        'tissue',
        /^Objective 1 \(Signal ratio between tissues\): the anatomical model has no liver$/,
      ],
      [
        [{ kind: 'signalRatioMin', id: 'r', points: 1, tissue: 'csf', otherTissue: 'csf', minRatio: 2 }],
        'objectives.0.otherTissue',
        'different',
        null,
      ],
      [
        [{ kind: 'signalRatioMin', id: 'r', points: 1, tissue: 'csf', otherTissue: 'fat', minRatio: 0 }],
        'objectives.0.minRatio',
        'min',
        null,
      ],
      [
        [{ kind: 'cnrMin', id: 'c', points: 1, tissue: 'csf', otherTissue: 'liver', minCnr: 5 }],
        'objectives.0.otherTissue',
        'tissue',
        /^Objective 1 \(Contrast-to-noise ratio\): the anatomical model has no liver$/,
      ],
      [
        [
          { kind: 'noWrap', id: 'w', points: 1 },
          { kind: 'contrastOrder', id: 'c', points: 1, brighter: 'csf', darker: 'csf' },
        ],
        'objectives.1.darker',
        'distinct',
        /^Objective 2 \(Contrast between tissues\): the brighter and the darker tissue must differ$/,
      ],
      [
        [{ kind: 'sequenceFamily', id: 'f', title: 'Use TSE', points: 1, families: ['TSE'] }],
        'objectives.0.families',
        'not_offered',
        /^Objective 1 \(Use TSE\): the module offers no sequence of TSE$/,
      ],
      [[{ kind: 'noWrap', id: 'w', points: 101 }], 'objectives.0.points', 'max', null],
      [[{ kind: 'noWrap', id: 'w', points: -1 }], 'objectives.0.points', 'min', null],
      [[{ kind: 'scanTimeMax', id: 't', points: 1, maxSeconds: 0 }], 'objectives.0.maxSeconds', 'min', null],
      [[{ kind: 'teleport', id: 't', points: 1 }], 'objectives.0.kind', 'invalid', null],
      [
        [
          { kind: 'noWrap', id: 'same', points: 1 },
          { kind: 'noMotion', id: 'same', points: 1 },
        ],
        'objectives',
        'unique',
        null,
      ],
    ];
    for (const [objectives, field, rule, message] of cases) {
      const patch = await refused('PATCH', `v1/modules/${labId}`, h, { objectives }, read);
      expect(patch.status, JSON.stringify(patch.body)).toBe(400);
      const error = errorOf(patch.body);
      expect([400400, 400416]).toContain(error.code);
      expect(error.validation?.[field], JSON.stringify(error)).toBe(rule);
      if (message) expect(error.message).toMatch(message);
    }
    // Creating a module with the same objectives is refused the same way.
    const create = await refused(
      'POST',
      `v1/courses/${courseId}/modules`,
      h,
      {
        title: 'Bad',
        anatomicalModelId: 1,
        sequenceTypes: [5],
        objectives: [{ kind: 'coverage', id: 'c', points: 1, tissue: 'liver', minFraction: 0.5 }],
      },
      read,
    );
    expect(create.status).toBe(400);
    expect(errorOf(create.body).validation).toEqual({ 'objectives.0.tissue': 'tissue' });
    // Changing the model keeps the objectives honest: a brain objective on the knee model is refused.
    await call(t.app, 'PATCH', `v1/modules/${labId}`, h, {
      objectives: [{ kind: 'snrMin', id: 's', points: 1, tissue: 'whiteMatter', minSnr: 10 }],
    });
    const move = await refused('PATCH', `v1/modules/${labId}`, h, { anatomicalModelId: 2 }, read);
    expect(move.status).toBe(400);
    expect(errorOf(move.body).validation).toMatchObject({ 'objectives.0.tissue': 'tissue' });
  });

  it('a student, another organisation’s teacher and a caller without a token may not write objectives', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { labId } = await buildProgram(t.app, h);
    const read = { labId, headers: h };
    const body = { objectives: [{ kind: 'noWrap', id: 'w', points: 1 }] };
    for (const stranger of [world.a.studentHeaders, world.b.teacherHeaders, world.b.adminHeaders]) {
      const res = await refused('PATCH', `v1/modules/${labId}`, stranger, body, read);
      expect(res.status).toBe(403);
      expect(errorOf(res.body).code).toBe(400403);
    }
    const anonymous = await t.app.inject({ method: 'PATCH', url: `/api/v1/modules/${labId}`, payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});
