import { markingQueueSchema, moduleReleaseResultSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { call, type Headers } from '../content/programs/world.test-support.ts';
import { at, createMarkingWorld, insertMarkedAttempt, PARTIAL_POINTS } from './marking.test-support.ts';

describe.each(databases)('the marking queue and bulk release on %s', (kind) => {
  const t = useTestApp(kind);
  const queueOf = async (headers: Headers) => {
    const res = await call(t.app, 'GET', 'v1/marking-queue', headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return markingQueueSchema.parse(res.body);
  };

  it("lists the organisation's submitted attempts awaiting grading across its courses, oldest first, with counts per course; never another organisation's", async () => {
    const { world, alpha, global } = await createMarkingWorld(t.app, t.db);
    const a = world.a.clientId;
    const b = world.b.clientId;
    const newest = await insertMarkedAttempt(t.db, {
      labId: alpha.labId,
      userId: world.a.student.id,
      clientId: a,
      state: 'submitted',
      submittedMinute: 30,
      late: true,
    });
    const oldest = await insertMarkedAttempt(t.db, {
      labId: global.labId,
      userId: world.a.student.id,
      clientId: a,
      state: 'inMarking',
      submittedMinute: 10,
    });
    const middle = await insertMarkedAttempt(t.db, {
      labId: alpha.labId,
      userId: world.a.admin.id,
      clientId: a,
      state: 'regradeRequested',
      submittedMinute: 20,
    });
    // Not awaiting: in progress, graded (awaiting release), released.
    await insertMarkedAttempt(t.db, {
      labId: alpha.labId,
      userId: world.a.teacher.id,
      clientId: a,
      state: 'graded',
      submittedMinute: 5,
    });
    await insertMarkedAttempt(t.db, {
      labId: global.labId,
      userId: world.a.admin.id,
      clientId: a,
      state: 'released',
      submittedMinute: 1,
    });
    // Beta's student on the same global module: Beta's work, never Alpha's.
    const betas = await insertMarkedAttempt(t.db, {
      labId: global.labId,
      userId: world.b.student.id,
      clientId: b,
      state: 'submitted',
      submittedMinute: 0,
    });

    const queue = await queueOf(world.a.teacherHeaders);
    expect(queue.items.map((i) => i.attemptId)).toEqual([oldest, middle, newest]);
    expect(queue.items[2]).toMatchObject({
      studentId: world.a.student.id,
      labId: alpha.labId,
      labTitle: 'T2 spin echo',
      courseId: alpha.courseId,
      courseTitle: 'Contrast',
      programTitle: 'Alpha neuro',
      state: 'submitted',
      submittedAt: at(30),
      dueAt: null,
      late: true,
      score: PARTIAL_POINTS + 1,
      maxScore: 3,
    });
    expect(queue.items[0]).toMatchObject({ labTitle: 'Global knee', programTitle: 'Global fundamentals' });
    expect(queue.courses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ courseId: alpha.courseId, awaiting: 2, graded: 1 }),
        expect.objectContaining({ courseId: global.courseId, awaiting: 1, graded: 0 }),
      ]),
    );
    expect(queue.courses).toHaveLength(2);
    expect(queue.modules).toEqual([
      { labId: alpha.labId, labTitle: 'T2 spin echo', courseId: alpha.courseId, graded: 1 },
    ]);
    // Alpha's administrator sees the same queue; Beta's teacher only Beta's student's attempt.
    expect((await queueOf(world.a.adminHeaders)).items.map((i) => i.attemptId)).toEqual([
      oldest,
      middle,
      newest,
    ]);
    const beta = await queueOf(world.b.teacherHeaders);
    expect(beta.items.map((i) => i.attemptId)).toEqual([betas]);
    expect(beta.courses).toEqual([expect.objectContaining({ courseId: global.courseId, awaiting: 1 })]);
    // Every attempt listed opens for grading by the one who sees it.
    for (const item of queue.items)
      expect((await call(t.app, 'GET', `v1/attempts/${item.attemptId}`, world.a.teacherHeaders)).status).toBe(
        200,
      );
    // Platform administrators review every attempt.
    expect((await queueOf(world.platformHeaders)).items.map((i) => i.attemptId)).toEqual([
      betas,
      oldest,
      middle,
      newest,
    ]);
  });

  it('a global program no longer assigned to the organisation leaves its queue', async () => {
    const { world, global } = await createMarkingWorld(t.app, t.db);
    await insertMarkedAttempt(t.db, {
      labId: global.labId,
      userId: world.a.student.id,
      clientId: world.a.clientId,
      state: 'submitted',
      submittedMinute: 1,
    });
    expect((await queueOf(world.a.teacherHeaders)).items).toHaveLength(1);
    await t.db.deleteFrom('program_assignments').where('client_id', '=', world.a.clientId).execute();
    expect(await queueOf(world.a.teacherHeaders)).toEqual({ items: [], courses: [], modules: [] });
  });

  it('students and individual learners have no marking queue (403)', async () => {
    const { world } = await createMarkingWorld(t.app, t.db);
    expect((await call(t.app, 'GET', 'v1/marking-queue', world.a.studentHeaders)).status).toBe(403);
    expect((await call(t.app, 'GET', 'v1/marking-queue', world.freeHeaders)).status).toBe(403);
  });

  it("bulk release: a module's graded attempts of the caller's organisation only; students and other organisations are refused and write nothing", async () => {
    const { world, alpha, global } = await createMarkingWorld(t.app, t.db);
    const graded = (labId: string, userId: string, clientId: string) =>
      insertMarkedAttempt(t.db, { labId, userId, clientId, state: 'graded', submittedMinute: 1 });
    await graded(alpha.labId, world.a.student.id, world.a.clientId);
    await graded(global.labId, world.a.student.id, world.a.clientId);
    const betaGraded = await graded(global.labId, world.b.student.id, world.b.clientId);
    await insertMarkedAttempt(t.db, {
      labId: alpha.labId,
      userId: world.a.admin.id,
      clientId: world.a.clientId,
      state: 'submitted',
      submittedMinute: 2,
    });

    const release = (labId: string, headers: Headers) =>
      call(t.app, 'POST', `v1/modules/${labId}/release`, headers, {});
    // A student, another organisation's teacher on Alpha's own module: 403, nothing written.
    for (const headers of [world.a.studentHeaders, world.b.teacherHeaders, world.freeHeaders]) {
      const res = await writesNothing(t.db, () => release(alpha.labId, headers));
      expect(res.status).toBe(403);
    }
    // Alpha releases its own student's graded attempt on the global module, never Beta's.
    const globalRes = await release(global.labId, world.a.teacherHeaders);
    expect(globalRes.status, JSON.stringify(globalRes.body)).toBe(200);
    expect(moduleReleaseResultSchema.parse(globalRes.body)).toEqual({ released: 1 });
    const beta = await call(t.app, 'GET', `v1/attempts/${betaGraded}`, world.b.teacherHeaders);
    expect(beta.body?.['state']).toBe('graded');
    // Alpha's own module: the graded attempt is released, the submitted one still awaits grading.
    expect(
      moduleReleaseResultSchema.parse((await release(alpha.labId, world.a.teacherHeaders)).body),
    ).toEqual({
      released: 1,
    });
    const after = await queueOf(world.a.teacherHeaders);
    expect(after.modules).toEqual([]);
    expect(after.items.map((i) => i.state)).toEqual(['submitted']);
    expect(await queueOf(world.b.teacherHeaders)).toMatchObject({
      modules: [{ labId: global.labId, graded: 1 }],
    });
  });
});
