import {
  clientCoursesResponseSchema,
  coursesOverviewResponseSchema,
  meStudentSchema,
  studentDetailSchema,
  studentListResponseSchema,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { addMembership, createUser } from '../../test/fixtures.ts';
import { databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { call, createContentWorld, publishedProgram } from '../content/programs/world.test-support.ts';
import { startAttempt } from '../scan-results/world.test-support.ts';
import { headersAs } from '../users/world.test-support.ts';
import { insertGradeRow, insertScanResultRow } from '../../test/attempts.ts';

describe.each(databases)('students calls (v2) on %s', (kind) => {
  const t = useTestApp(kind);

  /** Alpha: the world's student plus Zoe (deactivated) and Ann (in cohort "Year 1", enrolled in Alpha's program). */
  async function setup() {
    const world = await createContentWorld(t.db);
    const a = world.a;
    const zoe = await createUser(t.db, { username: 'zoe-z', role: 'Student' });
    await addMembership(t.db, zoe.id, a.clientId, 'Student');
    await t.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', zoe.id).execute();
    const ann = await createUser(t.db, { username: 'ann-a', role: 'Student' });
    await addMembership(t.db, ann.id, a.clientId, 'Student');
    const cohortId = newId();
    await t.db
      .insertInto('cohorts')
      .values({ id: cohortId, group_id: a.groupId, name: 'Year 1', created_at: isoNow() })
      .execute();
    await t.db.insertInto('cohort_members').values({ cohort_id: cohortId, user_id: ann.id }).execute();
    const ids = await publishedProgram(t.app, a.teacherHeaders, { title: 'Neuro', enrollment: 'open' });
    await t.db
      .insertInto('enrollments')
      .values({ program_id: ids.programId, user_id: ann.id, enrolled_by: null, created_at: isoNow() })
      .execute();
    return { world, zoe, ann, cohortId, ...ids };
  }

  const list = (groupId: string, headers: { authorization: string }, query = '') =>
    call(t.app, 'GET', `v2/clients/${groupId}/users${query}`, headers);

  it('a teacher lists their organisation’s students only, ordered, paged, searched and filtered', async () => {
    const { world, cohortId, courseId } = await setup();
    const all = studentListResponseSchema.parse((await list(world.a.clientId, world.a.teacherHeaders)).body);
    // Only Alpha's students (no staff, nobody of Beta), by last name then id.
    expect(all.total).toBe(3);
    expect(all.items.map((s) => s.username).sort()).toEqual(['alpha-student', 'ann-a', 'zoe-z']);
    expect(JSON.stringify(all)).not.toContain('beta');
    const query = '?order_by=username&order_dir=desc&per_page=2&page=1';
    const page = studentListResponseSchema.parse(
      (await list(world.a.clientId, world.a.adminHeaders, query)).body,
    );
    expect(page).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(page.items.map((s) => s.username)).toEqual(['zoe-z', 'ann-a']);
    const active = studentListResponseSchema.parse(
      (await list(world.a.clientId, world.a.teacherHeaders, '?without_inactive_users=true')).body,
    );
    expect(active.items.map((s) => s.username).sort()).toEqual(['alpha-student', 'ann-a']);
    const searched = studentListResponseSchema.parse(
      (await list(world.a.clientId, world.a.teacherHeaders, '?search_term=ANN')).body,
    );
    expect(searched.items.map((s) => s.username)).toEqual(['ann-a']);
    const wildcard = studentListResponseSchema.parse(
      (await list(world.a.clientId, world.a.teacherHeaders, '?search_term=%25')).body,
    );
    expect(wildcard.total).toBe(0);
    const cohort = studentListResponseSchema.parse(
      (await list(world.a.clientId, world.a.teacherHeaders, `?cohortId=${cohortId}`)).body,
    );
    expect(cohort.items.map((s) => [s.username, s.cohorts])).toEqual([
      ['ann-a', [{ id: cohortId, name: 'Year 1' }]],
    ]);
    const byCourse = studentListResponseSchema.parse(
      (await list(world.a.clientId, world.a.teacherHeaders, `?courseIds=${courseId},${newId()}`)).body,
    );
    expect(byCourse.items.map((s) => s.username)).toEqual(['ann-a']);
    // An archived course filters only with includeArchived.
    await t.db.updateTable('courses').set({ archived: 1 }).where('id', '=', courseId).execute();
    const archived = (flag: string) =>
      list(world.a.clientId, world.a.teacherHeaders, `?courseIds=${courseId}&includeArchived=${flag}`);
    expect(studentListResponseSchema.parse((await archived('false')).body).total).toBe(0);
    expect(studentListResponseSchema.parse((await archived('true')).body).total).toBe(1);
  });

  it('refuses students, other organisations’ staff and bad queries, writing nothing', async () => {
    const { world } = await setup();
    const a = world.a.clientId;
    await writesNothing(t.db, async () => {
      expect((await list(a, world.a.studentHeaders)).status).toBe(403);
      expect((await list(a, world.b.teacherHeaders)).status).toBe(403);
      expect((await list(a, world.b.adminHeaders)).status).toBe(403);
      expect((await list(a, world.freeHeaders)).status).toBe(403);
      expect((await call(t.app, 'GET', `v2/clients/${a}/users`, { authorization: '' })).status).toBe(401);
      expect((await list('not-a-uuid', world.a.teacherHeaders)).status).toBe(400);
      for (const bad of ['?per_page=0', '?per_page=101', '?order_by=password_hash', '?order_dir=up']) {
        expect((await list(a, world.a.teacherHeaders, bad)).status, bad).toBe(400);
      }
      expect((await list(a, world.a.teacherHeaders, '?without_inactive_users=maybe')).status).toBe(400);
      expect((await list(a, world.a.teacherHeaders, '?courseIds=x')).status).toBe(400);
      expect((await list(newId(), world.platformHeaders)).status).toBe(404);
      expect((await call(t.app, 'GET', `v2/clients/${a}/users/courses`, world.b.teacherHeaders)).status).toBe(
        403,
      );
    });
    // A platform administrator lists any organisation's students.
    expect(studentListResponseSchema.parse((await list(a, world.platformHeaders)).body).total).toBe(3);
  });

  it('one student: themself, their organisation’s staff and platform admins; others 403', async () => {
    const { world, ann, cohortId, labId } = await setup();
    // Ann is also a student of Beta: Alpha's teacher must not learn of Beta through her.
    await addMembership(t.db, ann.id, world.b.clientId, 'Student');
    const scanResultId = await insertScanResultRow(t.db, ann.id, labId);
    const read = (headers: { authorization: string }, id = ann.id) =>
      call(t.app, 'GET', `v2/users/${id}`, headers);
    const asTeacher = studentDetailSchema.parse((await read(world.a.teacherHeaders)).body);
    expect(asTeacher).toMatchObject({
      username: 'ann-a',
      active: true,
      cohorts: [{ id: cohortId, name: 'Year 1' }],
      clients: [{ id: world.a.clientId, name: 'Alpha Hospital' }],
      scanResults: [{ id: scanResultId, labId, labTitle: 'T2 spin echo', description: null }],
    });
    const asBeta = studentDetailSchema.parse((await read(world.b.teacherHeaders)).body);
    expect(asBeta.clients).toEqual([{ id: world.b.clientId, name: 'Beta University' }]);
    expect(asBeta.cohorts).toEqual([]);
    const annHeaders = await headersAs(ann, 'Student', null);
    const me = meStudentSchema.parse((await call(t.app, 'GET', 'v2/me/', annHeaders)).body);
    expect(me.activeClientId).toBeNull();
    const teacherMe = meStudentSchema.parse(
      (await call(t.app, 'GET', 'v2/me/', world.a.teacherHeaders)).body,
    );
    expect(teacherMe).toMatchObject({ username: 'alpha-teacher', activeClientId: world.a.clientId });
    expect(me.clients.map((c) => c.name)).toEqual(['Alpha Hospital', 'Beta University']);
    expect(me.scanResults.map((r) => r.id)).toEqual([scanResultId]);
    await writesNothing(t.db, async () => {
      expect((await read(world.a.studentHeaders)).status).toBe(403);
      expect((await read(world.a.teacherHeaders, world.b.student.id)).status).toBe(403);
      expect((await read(world.a.teacherHeaders, newId())).status).toBe(404);
      expect((await read(world.a.teacherHeaders, 'nope')).status).toBe(400);
      const overview = `v2/users/${ann.id}/courses/overview`;
      expect((await call(t.app, 'GET', overview, world.a.studentHeaders)).status).toBe(403);
    });
    expect((await read(world.platformHeaders)).status).toBe(200);
  });

  it('the courses overview shows each module’s latest attempt; the student sees the score only once released', async () => {
    const { world, ann, courseId, labId, programId } = await setup();
    const annHeaders = await headersAs(
      ann,
      'Student',
      (
        await t.db
          .selectFrom('memberships')
          .select('id')
          .where('user_id', '=', ann.id)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const attemptId = (await startAttempt(t.app, labId, annHeaders)).id;
    await t.db
      .updateTable('lab_attempts')
      .set({ state: 'graded', submitted_at: isoNow() })
      .where('id', '=', attemptId)
      .execute();
    await insertGradeRow(t.db, {
      attempt_id: attemptId,
      score: 7,
      max_score: 10,
      graded_by: world.a.teacher.id,
      graded_at: isoNow(),
    });
    const overview = async (headers: { authorization: string }) =>
      coursesOverviewResponseSchema.parse(
        (await call(t.app, 'GET', `v2/users/${ann.id}/courses/overview`, headers)).body,
      );
    const staff = await overview(world.a.teacherHeaders);
    expect(staff.courses).toEqual([
      {
        courseId,
        title: 'Contrast',
        programId,
        programTitle: 'Neuro',
        archived: false,
        modules: [
          {
            labId,
            title: 'T2 spin echo',
            attempts: 1,
            latestAttemptId: attemptId,
            state: 'graded',
            late: false,
            submittedAt: expect.any(String) as string,
            score: 7,
            maxScore: 10,
          },
        ],
      },
    ]);
    const own = await overview(annHeaders);
    expect(own.courses[0]?.modules[0]).toMatchObject({ state: 'graded', score: null, maxScore: null });
    await t.db.updateTable('lab_attempts').set({ state: 'released', released_at: isoNow() }).execute();
    expect((await overview(annHeaders)).courses[0]?.modules[0]).toMatchObject({ score: 7, maxScore: 10 });

    const courses = clientCoursesResponseSchema.parse(
      (await call(t.app, 'GET', `v2/clients/${world.a.clientId}/users/courses`, world.a.teacherHeaders)).body,
    );
    expect(courses.courses).toEqual([
      { courseId, title: 'Contrast', programId, programTitle: 'Neuro', archived: false, students: 1 },
    ]);
  });
});
