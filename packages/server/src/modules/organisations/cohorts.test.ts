import { cohortListResponseSchema, cohortSchema, membersResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { callsUnder, databases, rowCounts, useTestApp, writesNothing } from '../../test/helper.ts';
import { createWorld, type World } from '../users/world.test-support.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(databases)('cohorts within groups on %s', (kind) => {
  const t = useTestApp(kind);

  const call = callsUnder(t, '/api/v1/');

  /** Alpha's group with the student as a member and one cohort; answers the cohort id. */
  async function alphaCohort(world: World): Promise<string> {
    await t.db
      .insertInto('group_members')
      .values({ group_id: world.a.groupId, user_id: world.a.student.id })
      .execute();
    const res = await call('POST', `groups/${world.a.groupId}/cohorts`, world.a.adminHeaders, {
      name: 'Spring',
    });
    expect(res.statusCode).toBe(201);
    return cohortSchema.parse(res.json()).id;
  }

  it('an administrator creates, lists, renames and deletes cohorts of a group', async () => {
    const world = await createWorld(t.db);
    const id = await alphaCohort(world);
    await call('POST', `groups/${world.a.groupId}/cohorts`, world.a.adminHeaders, { name: 'Autumn' });
    const listed = cohortListResponseSchema.parse(
      (await call('GET', `groups/${world.a.groupId}/cohorts`, world.a.adminHeaders)).json(),
    );
    expect(listed.map((c) => c.name)).toEqual(['Autumn', 'Spring']);
    const group = await call('GET', `groups/${world.a.groupId}`, world.a.adminHeaders);
    expect(group.json()).toMatchObject({ memberCount: 1, cohortCount: 2 });
    expect(
      (await call('PATCH', `cohorts/${id}`, world.a.adminHeaders, { name: 'Summer' })).json(),
    ).toMatchObject({
      name: 'Summer',
      groupId: world.a.groupId,
    });
    expect((await call('DELETE', `cohorts/${id}`, world.a.adminHeaders)).statusCode).toBe(204);
    expect((await call('GET', `cohorts/${id}`, world.a.adminHeaders)).statusCode).toBe(404);
  });

  it('cohort members must belong to the group (400) and the organisation (404)', async () => {
    const world = await createWorld(t.db);
    const id = await alphaCohort(world);
    const added = await call('POST', `cohorts/${id}/members`, world.a.adminHeaders, {
      userIds: [world.a.student.id],
    });
    expect(membersResponseSchema.parse(added.json()).map((m) => m.username)).toEqual(['alpha-student']);
    const before = await rowCounts(t.db);
    const notInGroup = await call('POST', `cohorts/${id}/members`, world.a.adminHeaders, {
      userIds: [world.a.teacher.id],
    });
    expect(notInGroup.statusCode).toBe(400);
    expect(notInGroup.json().error.validation).toEqual({ userIds: 'membership' });
    const stranger = await call('POST', `cohorts/${id}/members`, world.a.adminHeaders, {
      userIds: [world.b.student.id],
    });
    expect(stranger.statusCode).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await call('GET', `cohorts/${id}/members`, world.a.adminHeaders)).json()).toHaveLength(1);
    expect(
      (await call('DELETE', `cohorts/${id}/members/${world.a.student.id}`, world.a.adminHeaders)).statusCode,
    ).toBe(204);
    expect(
      (await call('DELETE', `cohorts/${id}/members/${world.a.student.id}`, world.a.adminHeaders)).statusCode,
    ).toBe(404);
  });

  it("another organisation's cohorts answer 404, wrong roles 403 and bad input 400, all writing nothing", async () => {
    const world = await createWorld(t.db);
    const id = await alphaCohort(world);
    const cases: [Method, string, object, unknown, number][] = [
      ['GET', `cohorts/${id}`, world.b.adminHeaders, undefined, 404],
      ['PATCH', `cohorts/${id}`, world.b.adminHeaders, { name: 'Taken over' }, 404],
      ['DELETE', `cohorts/${id}`, world.b.adminHeaders, undefined, 404],
      ['GET', `cohorts/${id}/members`, world.b.adminHeaders, undefined, 404],
      ['POST', `cohorts/${id}/members`, world.b.adminHeaders, { userIds: [world.b.student.id] }, 404],
      ['GET', `groups/${world.a.groupId}/cohorts`, world.b.adminHeaders, undefined, 404],
      ['POST', `groups/${world.a.groupId}/cohorts`, world.b.adminHeaders, { name: 'Planted' }, 404],
      ['POST', `groups/${crypto.randomUUID()}/cohorts`, world.a.adminHeaders, { name: 'Lost' }, 404],
      ['POST', `groups/${world.a.groupId}/cohorts`, world.a.adminHeaders, { name: 'Spring' }, 409],
      ['POST', `groups/${world.a.groupId}/cohorts`, world.a.adminHeaders, {}, 400],
      ['POST', `groups/${world.a.groupId}/cohorts`, world.a.adminHeaders, { name: 'y'.repeat(101) }, 400],
      ['PATCH', `cohorts/${id}`, world.a.adminHeaders, { name: [] }, 400],
      ['PATCH', `cohorts/${id}`, world.a.teacherHeaders, { name: 'T' }, 403],
      ['DELETE', `cohorts/${id}`, world.a.studentHeaders, undefined, 403],
      ['DELETE', `cohorts/not-an-id`, world.a.adminHeaders, undefined, 400],
    ];
    for (const [method, url, headers, payload, status] of cases) {
      const res = await writesNothing(t.db, () => call(method, url, headers, payload));
      expect(res.statusCode, `${method} ${url}`).toBe(status);
    }
  });
});
