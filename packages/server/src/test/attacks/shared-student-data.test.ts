/**
 * Attack suite (issue 19.3): a student shared by two organisations (a Student of A and of B) takes A's program
 * and B's. B's teachers read what the students calls tell of them: every answer is scoped to the programs owned
 * by, or assigned to, B. Nothing of A's program (titles, attempts, unreleased scores, scan results) reaches B,
 * and filtering B's students by A's course names nobody; A's teachers, in turn, see nothing of B's.
 */
import {
  clientCoursesResponseSchema,
  coursesOverviewResponseSchema,
  studentDetailSchema,
  studentListResponseSchema,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { isoNow, newId } from '../../db/ids.ts';
import {
  call,
  createContentWorld,
  publishedProgram,
  type Headers,
} from '../../modules/content/programs/world.test-support.ts';
import { addMembership, type TestUser } from '../fixtures.ts';
import { databases, useTestApp } from '../helper.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertAttemptRow, insertGradeRow, insertScanResultRow } from '../attempts.ts';

/** A graded, unreleased attempt of `user` on `labId` (score 7 of 10), with a kept scan result of that module. */
async function gradedWork(db: Kysely<Database>, user: TestUser, labId: string, clientId: string) {
  const attemptId = newId();
  const now = isoNow();
  await insertAttemptRow(db, {
    id: attemptId,
    lab_id: labId,
    user_id: user.id,
    client_id: clientId,
    number: 1,
    state: 'graded',
    started_at: now,
    submitted_at: now,
    updated_at: now,
  });
  await insertGradeRow(db, { attempt_id: attemptId, score: 7, max_score: 10, graded_at: now });
  const scanResultId = await insertScanResultRow(db, user.id, labId, now);
  return { attemptId, scanResultId };
}

describe.each(databases)('the students calls on a student shared by two organisations on %s', (kind) => {
  const t = useTestApp(kind);

  async function arrange() {
    const world = await createContentWorld(t.db);
    const shared = world.a.student;
    await addMembership(t.db, shared.id, world.b.clientId, 'Student');
    const a = await publishedProgram(t.app, world.a.teacherHeaders, { title: 'Alpha secret program' });
    const b = await publishedProgram(t.app, world.b.teacherHeaders, { title: 'Beta program' });
    for (const programId of [a.programId, b.programId])
      await t.db
        .insertInto('enrollments')
        .values({ program_id: programId, user_id: shared.id, enrolled_by: null, created_at: isoNow() })
        .execute();
    const workA = await gradedWork(t.db, shared, a.labId, world.a.clientId);
    const workB = await gradedWork(t.db, shared, b.labId, world.b.clientId);
    return { world, shared, a: { ...a, ...workA }, b: { ...b, ...workB } };
  }

  const get = async (url: string, headers: Headers) => {
    const res = await call(t.app, 'GET', url, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('GET v2/users/{id}/courses/overview answers only the caller organisation’s programs', async () => {
    const { world, shared, a, b } = await arrange();
    const url = `v2/users/${shared.id}/courses/overview`;
    const asB = coursesOverviewResponseSchema.parse(await get(url, world.b.teacherHeaders));
    expect(asB.courses.map((c) => c.programId)).toEqual([b.programId]);
    expect(asB.courses[0]?.modules[0]).toMatchObject({ latestAttemptId: b.attemptId, score: 7 });
    expect(JSON.stringify(asB)).not.toContain('Alpha');
    const asA = coursesOverviewResponseSchema.parse(await get(url, world.a.teacherHeaders));
    expect(asA.courses.map((c) => c.programId)).toEqual([a.programId]);
    // The student themself sees both.
    const own = coursesOverviewResponseSchema.parse(await get(url, world.a.studentHeaders));
    expect(own.courses.map((c) => c.programId).sort()).toEqual([a.programId, b.programId].sort());
  });

  it('GET v2/users/{id} lists only scan results of the caller organisation’s modules', async () => {
    const { world, shared, a, b } = await arrange();
    const asB = studentDetailSchema.parse(await get(`v2/users/${shared.id}`, world.b.teacherHeaders));
    expect(asB.scanResults.map((r) => r.id)).toEqual([b.scanResultId]);
    const asA = studentDetailSchema.parse(await get(`v2/users/${shared.id}`, world.a.teacherHeaders));
    expect(asA.scanResults.map((r) => r.id)).toEqual([a.scanResultId]);
    // A's scan result itself is 403 to B, and B's to A.
    expect(
      (await call(t.app, 'GET', `v1/scan-results/${a.scanResultId}`, world.b.teacherHeaders)).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `v1/scan-results/${b.scanResultId}`, world.a.teacherHeaders)).status,
    ).toBe(403);
  });

  it('GET v2/clients/{B}/users/courses and its ?courseIds= filter name none of A’s courses', async () => {
    const { world, shared, a, b } = await arrange();
    const courses = clientCoursesResponseSchema.parse(
      await get(`v2/clients/${world.b.clientId}/users/courses`, world.b.teacherHeaders),
    );
    expect(courses.courses.map((c) => c.courseId)).toEqual([b.courseId]);
    const users = (courseIds: string) =>
      get(`v2/clients/${world.b.clientId}/users?courseIds=${courseIds}`, world.b.teacherHeaders);
    expect(studentListResponseSchema.parse(await users(a.courseId)).total).toBe(0);
    const own = studentListResponseSchema.parse(await users(b.courseId));
    expect(own.items.map((s) => s.id)).toEqual([shared.id]);
  });
});

describe.each(databases)('scan results on a global program of two organisations on %s', (kind) => {
  const t = useTestApp(kind);
  const get = async (url: string, headers: Headers) => {
    const res = await call(t.app, 'GET', url, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('a scan result submitted in A’s attempt is 403 to B’s teacher and left out of B’s view of the student, as the attempt is; an unsubmitted one is in both organisations’ views', async () => {
    const world = await createContentWorld(t.db);
    const shared = world.a.student;
    await addMembership(t.db, shared.id, world.b.clientId, 'Student');
    const g = await publishedProgram(t.app, world.platformHeaders, {
      title: 'Global',
      global: true,
      assignedClientIds: [world.a.clientId, world.b.clientId],
    });
    const submitted = await gradedWork(t.db, shared, g.labId, world.a.clientId);
    await t.db
      .insertInto('attempt_scan_results')
      .values({ attempt_id: submitted.attemptId, scan_result_id: submitted.scanResultId, position: 0 })
      .execute();
    const kept = await insertScanResultRow(t.db, shared.id, g.labId);
    const b = world.b.teacherHeaders;
    expect((await call(t.app, 'GET', `v1/attempts/${submitted.attemptId}`, b)).status).toBe(403);
    expect((await call(t.app, 'GET', `v1/scan-results/${submitted.scanResultId}`, b)).status).toBe(403);
    const listed = async (headers: Headers) =>
      studentDetailSchema.parse(await get(`v2/users/${shared.id}`, headers)).scanResults.map((r) => r.id);
    expect(await listed(b)).toEqual([kept]);
    expect((await listed(world.a.teacherHeaders)).sort()).toEqual([kept, submitted.scanResultId].sort());
  });
});
