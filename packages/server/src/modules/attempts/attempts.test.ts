import { labAttemptSchema, scanResultSchema } from '@larmor/contracts';
import type { Objective as EngineObjective } from '@larmor/mri/grade';
import type { Objective, LabAttempt } from '@larmor/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { finishedScan, readAttempt, startAttempt } from '../scan-results/world.test-support.ts';
import {
  call,
  createSimulatorWorld,
  refused,
  useSimulatorApp,
  type Headers,
  type SimulatorWorld,
} from '../sessions/world.test-support.ts';

const SLOW = 180_000;

/** The knee module's objectives: protocol checks and an image check. */
const OBJECTIVES: Objective[] = [
  { kind: 'sequenceFamily', id: 'family', points: 1, families: ['SE'] },
  { kind: 'weighting', id: 'weighting', points: 2, weighting: 'T2' },
  { kind: 'noWrap', id: 'wrap', points: 2 },
];

it('the contract’s objective is the grading engine’s objective', () => {
  expectTypeOf<Objective>().toExtend<EngineObjective>();
});

describe.each(databases)('attempts: start, submit, grade, release on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  /** A finished tiny SE of `headers`' session on the knee module, kept as a scan result. */
  async function scanResultOf(world: SimulatorWorld, h: Headers): Promise<string> {
    const { scanId } = await finishedScan(t.app, world, h);
    const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const again = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
    expect(again.status).toBe(200);
    expect(again.body?.['id']).toBe(kept.body?.['id']);
    return scanResultSchema.parse(kept.body).id;
  }

  const start = (world: SimulatorWorld, h: Headers) => startAttempt(t.app, world.labId, h);
  const get = (id: string, h: Headers) => readAttempt(t.app, id, h);

  it(
    'a student submits a scan result and answers once: graded automatically at once, hidden until released; teacher overrides are audited',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, { objectives: OBJECTIVES, attemptsAllowed: 1 });
      const h = world.a.studentHeaders;
      const scanResultId = await scanResultOf(world, h);
      const attempt = await start(world, h);
      expect(attempt).toMatchObject({
        state: 'inProgress',
        number: 1,
        grade: null,
        feedback: null,
        late: false,
      });
      const again = await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {});
      expect(again.status).toBe(200);
      expect(again.body?.['id']).toBe(attempt.id);

      const url = `v1/attempts/${attempt.id}/submit`;
      const body = { scanResultIds: [scanResultId], answers: { artifact: 'None: the knee fits the FOV' } };
      // Bad input, another student, a scan result that is not theirs: refused, nothing written.
      expect((await refused(t.app, t.db, 'POST', url, h, { scanResultIds: [] })).status).toBe(400);
      expect(
        (await refused(t.app, t.db, 'POST', url, h, { ...body, scanResultIds: [crypto.randomUUID()] }))
          .status,
      ).toBe(400);
      expect((await refused(t.app, t.db, 'POST', url, world.b.studentHeaders, body)).status).toBe(403);
      expect((await refused(t.app, t.db, 'POST', url, world.a.teacherHeaders, body)).status).toBe(403);

      const submitted = await call(t.app, 'POST', url, h, body);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const mine = labAttemptSchema.parse(submitted.body);
      expect(mine).toMatchObject({ state: 'submitted', scanResultIds: [scanResultId], grade: null });
      // The automatic feedback is the student's at once; the grade waits for release.
      expect(mine.feedback?.map((c) => c.objectiveId)).toEqual(['family', 'weighting', 'wrap']);
      // Idempotent: the same submission answers the same attempt; another one is refused and writes nothing.
      const twice = await call(t.app, 'POST', url, h, body);
      expect(twice.status).toBe(200);
      expect(labAttemptSchema.parse(twice.body).submittedAt).toBe(mine.submittedAt);
      const other = await refused(t.app, t.db, 'POST', url, h, { ...body, answers: { artifact: 'wrap' } });
      expect(other.status).toBe(409);

      // The teacher of the student's organisation sees the automatic checks; the other organisation does not.
      expect((await call(t.app, 'GET', `v1/attempts/${attempt.id}`, world.b.teacherHeaders)).status).toBe(
        403,
      );
      expect((await call(t.app, 'GET', `v1/attempts/${attempt.id}`, world.b.studentHeaders)).status).toBe(
        403,
      );
      const reviewed = await get(attempt.id, world.a.teacherHeaders);
      const checks = reviewed.grade?.checks ?? [];
      expect(checks.map((c) => c.objectiveId)).toEqual(['family', 'weighting', 'wrap']);
      expect(checks[0]).toMatchObject({ passed: true, points: 1, measured: 'spin echo (SE)', scanResultId });
      // The default SE (short TR, short TE) is T1-weighted, decided from the physics.
      expect(checks[1]).toMatchObject({
        passed: false,
        points: 0,
        measured: 'TR 500 ms, TE 15 ms: T1 weighting',
      });
      expect(checks[1]?.hint).toMatch(/T1 weighting/);
      expect(reviewed.grade?.criteria.map((c) => c.points)).toEqual(checks.map((c) => c.points));

      // Grading: only staff of the organisation; bad drawings refused.
      const grade = {
        criteria: [
          { id: 'family', points: 1, maxPoints: 1 },
          { id: 'weighting', points: 1, maxPoints: 2, comment: 'Right idea; TR too short.' },
          { id: 'wrap', points: checks[2]?.points ?? 0, maxPoints: 2 },
        ],
        comment: 'Good positioning.',
        annotations: [
          {
            criterionId: 'weighting',
            scanResultId,
            slice: 0,
            kind: 'arrow',
            points: [
              [3, 4],
              [10, 12],
            ],
          },
        ],
      };
      const gradeUrl = `v1/attempts/${attempt.id}/grade`;
      expect((await refused(t.app, t.db, 'POST', gradeUrl, h, grade)).status).toBe(403);
      expect((await refused(t.app, t.db, 'POST', gradeUrl, world.b.teacherHeaders, grade)).status).toBe(403);
      expect(
        (
          await refused(t.app, t.db, 'POST', gradeUrl, world.a.teacherHeaders, {
            ...grade,
            annotations: [{ ...grade.annotations[0], scanResultId: crypto.randomUUID() }],
          })
        ).status,
      ).toBe(400);
      const graded = await call(t.app, 'POST', gradeUrl, world.a.teacherHeaders, grade);
      expect(graded.status, JSON.stringify(graded.body)).toBe(200);
      const g = labAttemptSchema.parse(graded.body);
      expect(g.state).toBe('graded');
      expect(g.grade?.overrides).toEqual([
        {
          criterionId: 'weighting',
          fromPoints: 0,
          toPoints: 1,
          byUserId: world.a.teacher.id,
          at: expect.any(String),
        },
      ]);

      // Hidden from the student until released; then visible with the drawing, without the audit log.
      expect((await get(attempt.id, h)).grade).toBeNull();
      expect((await refused(t.app, t.db, 'POST', `v1/attempts/${attempt.id}/release`, h, {})).status).toBe(
        403,
      );
      const released = await call(
        t.app,
        'POST',
        `v1/attempts/${attempt.id}/release`,
        world.a.teacherHeaders,
        {},
      );
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      const seen = await get(attempt.id, h);
      expect(seen.state).toBe('released');
      expect(seen.grade).toMatchObject({
        score: 1 + 1 + (checks[2]?.points ?? 0),
        comment: 'Good positioning.',
        overrides: [],
      });
      expect(seen.grade?.annotations).toHaveLength(1);

      // One regrade request per attempt, with a reason.
      const regradeUrl = `v1/attempts/${attempt.id}/regrade`;
      expect((await refused(t.app, t.db, 'POST', regradeUrl, h, { reason: '' })).status).toBe(400);
      const regrade = await call(t.app, 'POST', regradeUrl, h, {
        reason: 'The SE was what the task asked for.',
      });
      expect(regrade.status, JSON.stringify(regrade.body)).toBe(200);
      expect(labAttemptSchema.parse(regrade.body).state).toBe('regradeRequested');
      expect((await refused(t.app, t.db, 'POST', regradeUrl, h, { reason: 'Again' })).status).toBe(409);

      // The module allowed one attempt: no second one; the module page counts it; deleting the module is refused.
      expect((await refused(t.app, t.db, 'POST', `v1/modules/${world.labId}/attempts`, h, {})).status).toBe(
        409,
      );
      const lab = await call(t.app, 'GET', `v1/modules/${world.labId}`, h);
      expect(lab.body?.['attemptsLeft']).toBe(0);
      const del = await refused(t.app, t.db, 'DELETE', `v1/modules/${world.labId}`, world.a.teacherHeaders);
      expect(del.status).toBe(409);
    },
    SLOW,
  );

  it(
    'a submission after the due date is flagged late, not lost; a module release releases every graded attempt',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, { objectives: OBJECTIVES });
      const h = world.a.studentHeaders;
      const scanResultId = await scanResultOf(world, h);
      const attempt = await start(world, h);
      const patched = await call(t.app, 'PATCH', `v1/modules/${world.labId}`, world.a.teacherHeaders, {
        dueAt: '2020-01-01T00:00:00.000Z',
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const submitted = await call(t.app, 'POST', `v1/attempts/${attempt.id}/submit`, h, {
        scanResultIds: [scanResultId],
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(labAttemptSchema.parse(submitted.body)).toMatchObject({ state: 'submitted', late: true });
      // Not graded by a teacher yet: a module release leaves it; after grading it is released.
      const release = (headers: Headers) =>
        call(t.app, 'POST', `v1/modules/${world.labId}/release`, headers, {});
      expect((await release(h)).status).toBe(403);
      expect((await release(world.a.teacherHeaders)).body).toEqual({ released: 0 });
      const grade = { criteria: [{ id: 'extra', title: 'Positioning', points: 3, maxPoints: 4 }] };
      expect(
        (await call(t.app, 'POST', `v1/attempts/${attempt.id}/grade`, world.a.teacherHeaders, grade)).status,
      ).toBe(200);
      expect((await release(world.b.teacherHeaders)).status).toBe(403);
      expect((await release(world.a.teacherHeaders)).body).toEqual({ released: 1 });
      expect(await get(attempt.id, h)).toMatchObject({ state: 'released', grade: { score: 3, maxScore: 4 } });
      // A second attempt is allowed (no limit) and numbered 2.
      expect((await start(world, h)).number).toBe(2);
      // Lists: the student their own, newest first; their teacher the same; another organisation's teacher
      // none of them (the program is not theirs: 403); a student of another organisation cannot start one.
      const list = (headers: Headers) => call(t.app, 'GET', `v1/modules/${world.labId}/attempts`, headers);
      const own = (await list(h)).body as unknown as LabAttempt[];
      expect(own.map((a) => [a.number, a.state])).toEqual([
        [2, 'inProgress'],
        [1, 'released'],
      ]);
      const staff = (await list(world.a.teacherHeaders)).body as unknown as LabAttempt[];
      expect(staff.map((a) => a.userId)).toEqual([world.a.student.id, world.a.student.id]);
      expect((await list(world.b.teacherHeaders)).status).toBe(403);
      const foreign = await refused(
        t.app,
        t.db,
        'POST',
        `v1/modules/${world.labId}/attempts`,
        world.b.studentHeaders,
        {},
      );
      expect(foreign.status).toBe(403);
    },
    SLOW,
  );
});

describe('the OpenAPI page documents the attempt calls', () => {
  const t = useSimulatorApp('sqlite');
  it('lists every attempt and scan-result path with its methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const expected: [string, string][] = [
      ['/api/v1/modules/{labId}/attempts', 'post'],
      ['/api/v1/modules/{labId}/attempts', 'get'],
      ['/api/v1/modules/{labId}/release', 'post'],
      ['/api/v1/attempts/{labAttemptId}', 'get'],
      ['/api/v1/attempts/{labAttemptId}/submit', 'post'],
      ['/api/v1/attempts/{labAttemptId}/grade', 'post'],
      ['/api/v1/attempts/{labAttemptId}/release', 'post'],
      ['/api/v1/attempts/{labAttemptId}/regrade', 'post'],
      ['/api/v1/scan-results', 'post'],
      ['/api/v1/scan-results/{scanResultId}', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
