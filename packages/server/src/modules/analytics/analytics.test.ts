import {
  analyticsOptionsSchema,
  ANALYTICS_CSV_COLUMNS,
  courseAnalyticsSchema,
  moduleAnalyticsSchema,
  TIME_ON_TASK_DEFINITION,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { newId } from '../../db/ids.ts';
import {
  call,
  createContentWorld,
  publishedProgram,
  type Headers,
} from '../content/programs/world.test-support.ts';
import { errorOf } from '../sessions/world.test-support.ts';
import { createAnalyticsWorld, T1_MEASURED } from './world.test-support.ts';

describe.each(databases)('analytics calls on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, headers: Headers) => call(t.app, 'GET', url, headers);
  const moduleOf = async (labId: string, headers: Headers, query = '') => {
    const res = await get(`v1/analytics/modules/${labId}${query}`, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return moduleAnalyticsSchema.parse(res.body);
  };

  it("a module's progress, time on task, pass rates and misconceptions count the organisation's students only", async () => {
    const { world, labId } = await createAnalyticsWorld(t.app, t.db);
    const m = await moduleOf(labId, world.a.teacherHeaders);
    expect(m.progress).toEqual({
      students: 3,
      states: {
        notStarted: 1,
        inProgress: 1,
        submitted: 0,
        inMarking: 0,
        graded: 0,
        released: 1,
        regradeRequested: 0,
      },
      late: 1,
    });
    // Ann 600 s closed + 300 s reaped (to its last keepalive); Alpha's student 120 s open; Beta's not counted.
    expect(m.timeOnTask).toEqual({
      studentsWithSessions: 2,
      sessions: 3,
      totalSeconds: expect.closeTo(1020, 3),
      medianSeconds: expect.closeTo(510, 3),
      meanSeconds: expect.closeTo(510, 3),
      maxSeconds: expect.closeTo(900, 3),
    });
    expect(m.passRates).toEqual([
      {
        objectiveId: 'weighting',
        title: 'T2 weighting',
        kind: 'weighting',
        passed: 0,
        submissions: 2,
        rate: 0,
      },
      { objectiveId: 'wrap', title: '=No wrap', kind: 'noWrap', passed: 1, submissions: 2, rate: 0.5 },
    ]);
    expect(m.misconceptions.map((x) => [x.objectiveId, x.failed, x.measured])).toEqual([
      ['weighting', 2, [{ value: T1_MEASURED, count: 2 }]],
      ['wrap', 1, [{ value: 'Wrap over 12 % of the anatomy', count: 1 }]],
    ]);
    expect(m.misconceptions[0]?.parameters).toEqual(['TR', 'TE', 'TI', 'Flip angle']);
    expect(m.parameters.slice(0, 4)).toEqual([
      { parameter: 'Flip angle', failures: 2 },
      { parameter: 'TE', failures: 2 },
      { parameter: 'TI', failures: 2 },
      { parameter: 'TR', failures: 2 },
    ]);
    expect(m.parameters.slice(4).map((p) => p.failures)).toEqual([1, 1, 1]);
    // The administrator of the organisation sees the same.
    expect(await moduleOf(labId, world.a.adminHeaders)).toEqual(m);
  });

  it('filters by cohort; a cohort of another organisation is 404', async () => {
    const { world, labId, courseId, cohortId } = await createAnalyticsWorld(t.app, t.db);
    const m = await moduleOf(labId, world.a.teacherHeaders, `?cohortId=${cohortId}`);
    expect(m.cohortId).toBe(cohortId);
    expect(m.progress.students).toBe(1);
    expect(m.progress.states.released).toBe(1);
    expect(m.progress.states.notStarted).toBe(0);
    expect(m.timeOnTask.totalSeconds).toBeCloseTo(900, 3);
    expect(m.passRates.map((r) => [r.objectiveId, r.passed, r.submissions])).toEqual([
      ['weighting', 0, 1],
      ['wrap', 1, 1],
    ]);
    const course = courseAnalyticsSchema.parse(
      (await get(`v1/analytics/courses/${courseId}?cohortId=${cohortId}`, world.a.teacherHeaders)).body,
    );
    expect(course.modules.map((x) => [x.labId, x.progress.students, x.timeOnTask.sessions])).toEqual([
      [labId, 1, 2],
    ]);
    const betaCohort = newId();
    await t.db
      .insertInto('cohorts')
      .values({ id: betaCohort, group_id: world.b.groupId, name: 'Beta year', created_at: '2026-01-01' })
      .execute();
    const res = await get(`v1/analytics/modules/${labId}?cohortId=${betaCohort}`, world.a.teacherHeaders);
    expect(res.status).toBe(404);
    expect(errorOf(res.body).code).toBeTypeOf('number');
  });

  it('the course call and the filters list the organisation’s courses, modules and cohorts', async () => {
    const { world, labId, courseId, cohortId } = await createAnalyticsWorld(t.app, t.db);
    const options = analyticsOptionsSchema.parse((await get('v1/analytics', world.a.teacherHeaders)).body);
    expect(options.courses).toEqual([
      expect.objectContaining({
        id: courseId,
        programTitle: 'Neuro',
        modules: [{ id: labId, title: 'T2 spin echo' }],
      }),
    ]);
    expect(options.cohorts).toEqual([{ id: cohortId, name: 'Year 1' }]);
    const beta = analyticsOptionsSchema.parse((await get('v1/analytics', world.b.teacherHeaders)).body);
    expect(beta.courses).toEqual([]);
    const course = courseAnalyticsSchema.parse(
      (await get(`v1/analytics/courses/${courseId}`, world.a.teacherHeaders)).body,
    );
    expect(course.modules[0]?.progress.students).toBe(3);
    expect(course.modules[0]?.timeOnTask.studentsWithSessions).toBe(2);
  });

  it('refuses students, individual access, other organisations and bad input with the error body, writing nothing', async () => {
    const { world, labId, courseId } = await createAnalyticsWorld(t.app, t.db);
    await writesNothing(t.db, async () => {
      for (const url of [
        'v1/analytics',
        `v1/analytics/courses/${courseId}`,
        `v1/analytics/modules/${labId}`,
      ]) {
        for (const headers of [world.a.studentHeaders, world.freeHeaders, world.platformHeaders]) {
          const res = await get(url, headers);
          expect(res.status, url).toBe(403);
          expect(errorOf(res.body)).toMatchObject({ code: expect.any(Number) });
        }
        expect((await get(url, { authorization: '' })).status).toBe(401);
      }
      // Another organisation's staff never see Alpha's module or course.
      expect((await get(`v1/analytics/modules/${labId}`, world.b.teacherHeaders)).status).toBe(404);
      expect((await get(`v1/analytics/modules/${labId}/csv`, world.b.adminHeaders)).status).toBe(404);
      expect((await get(`v1/analytics/courses/${courseId}`, world.b.teacherHeaders)).status).toBe(404);
      const bad = await get('v1/analytics/modules/not-a-uuid', world.a.teacherHeaders);
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body).validation).toBeDefined();
      expect((await get(`v1/analytics/modules/${labId}?cohortId=x`, world.a.teacherHeaders)).status).toBe(
        400,
      );
    });
  });

  it('an empty module answers no data: no students, no sessions, objectives without submissions', async () => {
    const world = await createContentWorld(t.db);
    const ids = await publishedProgram(
      t.app,
      world.a.teacherHeaders,
      {},
      {
        objectives: [{ id: 'w', kind: 'weighting', weighting: 'T1', points: 1 }],
      },
    );
    const m = await moduleOf(ids.labId, world.a.teacherHeaders);
    expect(m.progress.students).toBe(0);
    expect(Object.values(m.progress.states).every((n) => n === 0)).toBe(true);
    expect(m.timeOnTask).toEqual({
      studentsWithSessions: 0,
      sessions: 0,
      totalSeconds: 0,
      medianSeconds: null,
      meanSeconds: null,
      maxSeconds: null,
    });
    expect(m.passRates).toEqual([
      { objectiveId: 'w', title: 'w', kind: 'weighting', passed: 0, submissions: 0, rate: null },
    ]);
    expect(m.misconceptions).toEqual([]);
    expect(m.parameters).toEqual([]);
  });

  it('exports the module as CSV: header, progress, time, pass rates and misconceptions, formulas defused', async () => {
    const { world, labId } = await createAnalyticsWorld(t.app, t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/modules/${labId}/csv`,
      headers: world.a.teacherHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="analytics-${labId}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(ANALYTICS_CSV_COLUMNS.join(','));
    expect(lines).toContain('progress,released,,,1,3,');
    expect(lines).toContain('progress,late,,,1,3,');
    expect(lines).toContain('pass_rate,weighting,T2 weighting,,0,2,0.000');
    expect(lines).toContain("pass_rate,wrap,'=No wrap,,1,2,0.500");
    expect(lines).toContain(`misconception,weighting,T2 weighting,"${T1_MEASURED}",2,2,`);
    expect(lines.find((l) => l.startsWith('time_on_task,totalSeconds,'))).toMatch(
      /^time_on_task,totalSeconds,,1020(\.\d+)?,,2,$/,
    );
    expect(res.body.endsWith('\r\n')).toBe(true);
  });
});

describe('the OpenAPI page documents the analytics calls', () => {
  const t = useTestApp('sqlite');

  it('lists each call with a summary; time on task states its definition', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    const summary = (path: string) => paths[`/api/${path}`]?.['get']?.summary ?? '';
    expect(summary('v1/analytics')).toMatch(/courses/);
    expect(summary('v1/analytics/modules/{labId}/csv')).toMatch(/CSV/);
    for (const path of ['v1/analytics/courses/{courseId}', 'v1/analytics/modules/{labId}']) {
      expect(summary(path)).toContain(TIME_ON_TASK_DEFINITION);
    }
  });
});

describe.each(databases)('analytics in the production environment on %s', (kind) => {
  const t = useTestApp(kind, { environment: 'production' });

  it('does not exist: 404 with the error body, even for the organisation’s teacher', async () => {
    const world = await createContentWorld(t.db);
    const res = await call(t.app, 'GET', 'v1/analytics', world.a.teacherHeaders);
    expect(res.status).toBe(404);
    expect(errorOf(res.body)).toMatchObject({ code: expect.any(Number) });
  });
});
