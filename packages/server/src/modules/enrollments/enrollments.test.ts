import { enrollmentListSchema, enrollmentResultSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { addMembership, createUser, UNKNOWN_ID } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { isoNow, newId } from '../../db/ids.ts';
import {
  call,
  createContentWorld,
  publishedProgram,
  type Headers,
} from '../content/programs/world.test-support.ts';

describe.each(databases)('enrolment (v1/programs/{programId}/enrollments) on %s', (kind) => {
  const t = useTestApp(kind);

  async function refused(method: 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) {
    const before = await rowCounts(t.db);
    const res = await call(t.app, method, url, headers, payload);
    expect(await rowCounts(t.db), `${method} ${url} ${JSON.stringify(payload)}`).toEqual(before);
    return res.status;
  }

  it('a teacher enrols a user, a group and a cohort (their members now); enrolling twice adds nobody', async () => {
    const world = await createContentWorld(t.db);
    const { programId } = await publishedProgram(t.app, world.a.teacherHeaders);
    const s2 = await createUser(t.db, { username: 'alpha-s2' });
    const s3 = await createUser(t.db, { username: 'alpha-s3' });
    for (const s of [s2, s3]) await addMembership(t.db, s.id, world.a.clientId, 'Student');
    await t.db.insertInto('group_members').values({ group_id: world.a.groupId, user_id: s2.id }).execute();
    const cohortId = newId();
    await t.db
      .insertInto('cohorts')
      .values({ id: cohortId, group_id: world.a.groupId, name: 'Autumn', created_at: isoNow() })
      .execute();
    await t.db.insertInto('cohort_members').values({ cohort_id: cohortId, user_id: s3.id }).execute();
    const url = `v1/programs/${programId}/enrollments`;
    const res = await call(t.app, 'POST', url, world.a.teacherHeaders, {
      userIds: [world.a.student.id],
      groupIds: [world.a.groupId],
      cohortIds: [cohortId],
    });
    expect(res.status).toBe(200);
    const result = enrollmentResultSchema.parse(res.body);
    expect(result.added).toBe(3);
    expect(result.enrollments.map((e) => e.username).sort()).toEqual([
      'alpha-s2',
      'alpha-s3',
      'alpha-student',
    ]);
    const again = enrollmentResultSchema.parse(
      (await call(t.app, 'POST', url, world.a.adminHeaders, { userIds: [s2.id] })).body,
    );
    expect(again.added).toBe(0);
    const list = enrollmentListSchema.parse((await call(t.app, 'GET', url, world.a.teacherHeaders)).body);
    expect(list).toHaveLength(3);
    expect((await call(t.app, 'DELETE', `${url}/${s2.id}`, world.a.teacherHeaders)).status).toBe(204);
    expect((await call(t.app, 'DELETE', `${url}/${s2.id}`, world.a.teacherHeaders)).status).toBe(404);
  });

  it('a student enrols themself with {} where enrolment is open, not where it is by invitation (403)', async () => {
    const world = await createContentWorld(t.db);
    const open = await publishedProgram(t.app, world.a.teacherHeaders, { title: 'Open', enrollment: 'open' });
    const closed = await publishedProgram(t.app, world.a.teacherHeaders, { title: 'Closed' });
    const res = await call(
      t.app,
      'POST',
      `v1/programs/${open.programId}/enrollments`,
      world.a.studentHeaders,
      {},
    );
    expect(res.status).toBe(200);
    expect(enrollmentResultSchema.parse(res.body)).toMatchObject({
      added: 1,
      enrollments: [{ userId: world.a.student.id }],
    });
    expect(
      await refused('POST', `v1/programs/${closed.programId}/enrollments`, world.a.studentHeaders, {}),
    ).toBe(403);
    expect(
      await refused('POST', `v1/programs/${open.programId}/enrollments`, world.b.studentHeaders, {}),
    ).toBe(403);
    expect(
      (
        await call(
          t.app,
          'DELETE',
          `v1/programs/${open.programId}/enrollments/${world.a.student.id}`,
          world.a.studentHeaders,
        )
      ).status,
    ).toBe(204);
  });

  it('students may not enrol others; users, groups and cohorts of another organisation are unknown (404); nothing written', async () => {
    const world = await createContentWorld(t.db);
    const { programId } = await publishedProgram(t.app, world.a.teacherHeaders, { enrollment: 'open' });
    const url = `v1/programs/${programId}/enrollments`;
    expect(await refused('POST', url, world.a.studentHeaders, { userIds: [world.a.student.id] })).toBe(403);
    expect(await refused('POST', url, world.b.teacherHeaders, { userIds: [world.b.student.id] })).toBe(403);
    expect(
      await refused('POST', url, world.a.teacherHeaders, {
        userIds: [world.a.student.id, world.b.student.id],
      }),
    ).toBe(404);
    expect(await refused('POST', url, world.a.teacherHeaders, { groupIds: [world.b.groupId] })).toBe(404);
    expect(await refused('POST', url, world.a.teacherHeaders, { cohortIds: [UNKNOWN_ID] })).toBe(404);
    expect(await refused('POST', url, world.a.teacherHeaders, { userIds: ['nope'] })).toBe(400);
    expect(
      await refused('POST', url, world.a.teacherHeaders, {
        userIds: [world.a.student.id, world.a.student.id],
      }),
    ).toBe(400);
    expect(await refused('POST', `v1/programs/${UNKNOWN_ID}/enrollments`, world.a.teacherHeaders, {})).toBe(
      404,
    );
    expect((await call(t.app, 'GET', url, world.a.studentHeaders)).status).toBe(403);
    expect(await refused('DELETE', `${url}/${world.b.student.id}`, world.a.teacherHeaders)).toBe(404);
  });

  it('teachers of an organisation a global program is assigned to enrol their own users only, and see only them', async () => {
    const world = await createContentWorld(t.db);
    const g = await publishedProgram(t.app, world.platformHeaders, {
      global: true,
      assignedClientIds: [world.a.clientId, world.b.clientId],
    });
    const url = `v1/programs/${g.programId}/enrollments`;
    expect(
      (await call(t.app, 'POST', url, world.a.teacherHeaders, { userIds: [world.a.student.id] })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', url, world.b.teacherHeaders, { userIds: [world.b.student.id] })).status,
    ).toBe(200);
    expect(await refused('POST', url, world.a.teacherHeaders, { userIds: [world.b.student.id] })).toBe(404);
    const seenByA = enrollmentListSchema.parse((await call(t.app, 'GET', url, world.a.teacherHeaders)).body);
    expect(seenByA.map((e) => e.userId)).toEqual([world.a.student.id]);
    const seenByPlatform = enrollmentListSchema.parse(
      (await call(t.app, 'GET', url, world.platformHeaders)).body,
    );
    expect(seenByPlatform).toHaveLength(2);
  });
});
