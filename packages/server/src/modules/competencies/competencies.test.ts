/**
 * The competency calls through the API on the seeded programs (issue 24.3): a teacher reads which module and
 * objective assesses which competency; a student may not; a student's progress by competency counts the checks
 * of their latest graded attempt of each module. A module's competencies are stored with it: a teacher's own
 * module names them through the module API and the map shows it.
 */
import {
  catalogResponseSchema,
  competencyMapSchema,
  competencyProgressSchema,
  programSchema,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed.ts';
import { newId } from '../../db/ids.ts';
import { insertAttemptRow, insertGradeRow } from '../../test/attempts.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { signedInAs } from '../../test/sign-in.ts';

describe.each(databases)('competency map and progress on %s (issue 24.3)', (kind) => {
  const t = useTestApp(kind);

  async function fundamentals(headers: { authorization: string }) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/catalog', headers });
    const catalog = catalogResponseSchema.parse(res.json());
    return catalog.items.find((i) => i.program.title === 'MRI Fundamentals')?.program.id ?? '';
  }

  it('a teacher sees which module and objective assesses each competency; a student may not', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const teacher = await signedInAs(t, 'teacher', 'larmor-teacher');
    const programId = await fundamentals(teacher);
    const url = `/api/v1/programs/${programId}/competency-map`;
    const res = await t.app.inject({ method: 'GET', url, headers: teacher });
    expect(res.statusCode, res.body).toBe(200);
    const map = competencyMapSchema.parse(res.json());
    const contrast = map.competencies.find((c) => c.id === 'image-contrast');
    const t2 = contrast?.modules.find(
      (m) => m.title === 'Make CSF bright: T2-weighted spin echo of the brain',
    );
    expect(t2).toMatchObject({ named: true, course: 'Contrast and weighting', program: 'MRI Fundamentals' });
    expect(t2?.objectives.map((o) => o.title)).toEqual(['T2 weighting', 'CSF brighter than white matter']);
    // Planning is assessed here by an objective (axial slices) of a module that does not name it.
    const planning = map.competencies.find((c) => c.id === 'planning');
    expect(planning?.modules[0]).toMatchObject({
      named: false,
      objectives: [{ id: 'axial', title: 'Axial slices' }],
    });

    const student = await signedInAs(t, 'student', 'larmor-student');
    const refused = await t.app.inject({ method: 'GET', url, headers: student });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/programs/${newId()}/competency-map`,
      headers: teacher,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a student’s progress counts the checks of their latest graded attempt of each module', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const student = await signedInAs(t, 'student', 'larmor-student');
    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/me/competencies', headers: student });
    expect(empty.statusCode).toBe(200);
    const none = competencyProgressSchema.parse(empty.json());
    expect(none.competencies.every((c) => c.checks === 0 && c.modules === 0)).toBe(true);

    const programId = await fundamentals(student);
    const program = programSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/programs/${programId}`, headers: student })).json(),
    );
    const labId = program.courses[0]?.modules[0]?.id ?? '';
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const at = '2026-11-01T10:00:00.000Z';
    const check = (objectiveId: string, kindName: string, passed: boolean) => ({
      objectiveId,
      kind: kindName,
      passed,
    });
    for (const [number, passed] of [
      [1, false],
      [2, true],
    ] as const) {
      const id = newId();
      await insertAttemptRow(t.db, {
        id,
        lab_id: labId,
        user_id: user.id,
        client_id: null,
        number,
        state: 'graded',
        started_at: at,
        submitted_at: at,
        updated_at: at,
      });
      await insertGradeRow(t.db, {
        attempt_id: id,
        checks: JSON.stringify([
          check('weighting', 'weighting', passed),
          check('axial', 'orientation', false),
        ]),
        score: 0,
        max_score: 8,
      });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/competencies', headers: student });
    const progress = competencyProgressSchema.parse(res.json());
    const of = (id: string) => progress.competencies.find((c) => c.id === id);
    // The module names image contrast and pulse sequences: both its checks count there; only attempt 2 counts.
    expect(of('image-contrast')).toMatchObject({ modules: 1, checks: 2, passed: 1 });
    expect(of('pulse-sequences')).toMatchObject({ modules: 1, checks: 2, passed: 1 });
    expect(of('planning')).toMatchObject({ modules: 1, checks: 1, passed: 0 });
    expect(of('safety')).toMatchObject({ modules: 0, checks: 0, passed: 0 });
  });

  it('a teacher’s own module names its competencies through the module API; unknown ones answer 400', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const admin = await signedInAs(t, 'admin', 'larmor-admin');
    const programId = await fundamentals(admin);
    const program = programSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/programs/${programId}`, headers: admin })).json(),
    );
    const courseId = program.courses[0]?.id ?? '';
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${courseId}/modules`,
      headers: admin,
      payload: { title: 'My safety module', anatomicalModelId: 1, competencies: ['safety'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const labId = (created.json() as { id: string }).id;
    expect(created.json()).toMatchObject({ competencies: ['safety'] });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/modules/${labId}`,
      headers: admin,
      payload: { competencies: ['juggling'] },
    });
    expect(bad.statusCode).toBe(400);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/modules/${labId}`,
      headers: admin,
      payload: { competencies: ['safety', 'planning'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const stored = await t.db
      .selectFrom('labs')
      .select('competencies')
      .where('id', '=', labId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.competencies)).toEqual(['safety', 'planning']);
    const map = competencyMapSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/programs/${programId}/competency-map`,
          headers: admin,
        })
      ).json(),
    );
    const safety = map.competencies.find((c) => c.id === 'safety');
    expect(safety?.modules.map((m) => m.title)).toContain('My safety module');
  });
});
