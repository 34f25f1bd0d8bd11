import { groupListResponseSchema, groupSchema, membersResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../test/fixtures.ts';
import { callsUnder, databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { adminClaims, tamperedToken } from '../../test/tokens.ts';
import { createWorld } from '../users/world.test-support.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(databases)('v1/groups/ and their members on %s', (kind) => {
  const t = useTestApp(kind);

  const call = callsUnder(t, '/api/v1/groups/');

  it('an organisation administrator creates, lists, renames and deletes groups of their organisation only', async () => {
    const world = await createWorld(t.db);
    const created = await call('POST', '', world.a.adminHeaders, {
      clientId: world.a.clientId,
      name: 'Night shift',
    });
    expect(created.statusCode).toBe(201);
    const group = groupSchema.parse(created.json());
    expect(group).toMatchObject({ clientId: world.a.clientId, memberCount: 0, cohortCount: 0 });
    const listed = groupListResponseSchema.parse((await call('GET', '', world.a.adminHeaders)).json());
    expect(listed.items.map((g) => g.name)).toEqual(['Alpha Hospital group', 'Night shift']);
    const all = groupListResponseSchema.parse((await call('GET', '', world.platformHeaders)).json());
    expect(all.total).toBe(3);
    const filtered = await call('GET', `?clientId=${world.b.clientId}`, world.platformHeaders);
    expect(groupListResponseSchema.parse(filtered.json()).items.map((g) => g.name)).toEqual([
      'Beta University group',
    ]);
    expect((await call('PATCH', group.id, world.a.adminHeaders, { name: 'Day shift' })).json().name).toBe(
      'Day shift',
    );
    expect((await call('DELETE', group.id, world.a.adminHeaders)).statusCode).toBe(204);
    expect((await call('GET', group.id, world.a.adminHeaders)).statusCode).toBe(404);
  });

  it("another organisation's groups answer 404 to every call and are left as they were", async () => {
    const world = await createWorld(t.db);
    const other = world.b.groupId;
    const cases: [Method, string, unknown][] = [
      ['GET', other, undefined],
      ['PATCH', other, { name: 'Mine now' }],
      ['DELETE', other, undefined],
      ['GET', `${other}/members`, undefined],
      ['POST', `${other}/members`, { userIds: [world.a.student.id] }],
      ['DELETE', `${other}/members/${world.b.student.id}`, undefined],
      ['GET', `?clientId=${world.b.clientId}`, undefined],
      ['POST', '', { clientId: world.b.clientId, name: 'Planted' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await writesNothing(t.db, () => call(method, url, world.a.adminHeaders, payload));
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('members: only members of the organisation join; adding twice keeps one; removing drops cohort places too', async () => {
    const world = await createWorld(t.db);
    const url = `${world.a.groupId}/members`;
    const added = await call('POST', url, world.a.adminHeaders, {
      userIds: [world.a.student.id, world.a.teacher.id],
    });
    expect(added.statusCode).toBe(200);
    expect(membersResponseSchema.parse(added.json()).map((m) => [m.username, m.role])).toEqual([
      ['alpha-student', 'Student'],
      ['alpha-teacher', 'Teacher'],
    ]);
    const again = await call('POST', url, world.a.adminHeaders, { userIds: [world.a.student.id] });
    expect(again.json()).toHaveLength(2);
    const stranger = await writesNothing(t.db, () =>
      call('POST', url, world.a.adminHeaders, { userIds: [world.a.admin.id, world.b.student.id] }),
    );
    expect(stranger.statusCode).toBe(404);
    const cohort = await t.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${world.a.groupId}/cohorts`,
      headers: world.a.adminHeaders,
      payload: { name: 'Cohort 1' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/cohorts/${cohort.json().id}/members`,
      headers: world.a.adminHeaders,
      payload: { userIds: [world.a.student.id] },
    });
    expect((await call('DELETE', `${url}/${world.a.student.id}`, world.a.adminHeaders)).statusCode).toBe(204);
    expect(await t.db.selectFrom('cohort_members').selectAll().execute()).toEqual([]);
    expect((await call('DELETE', `${url}/${world.a.student.id}`, world.a.adminHeaders)).statusCode).toBe(404);
  });

  it('bad input, taken names, wrong roles and forged tokens are refused and write nothing', async () => {
    const world = await createWorld(t.db);
    const forged = bearer(
      tamperedToken(await tokenFor(world.a.student), adminClaims(world.platformAdmin.id)),
    );
    const members = `${world.a.groupId}/members`;
    const cases: [Method, string, object, unknown, number][] = [
      ['POST', '', world.a.adminHeaders, { clientId: world.a.clientId }, 400],
      ['POST', '', world.a.adminHeaders, { clientId: 'x', name: 'G' }, 400],
      ['POST', '', world.a.adminHeaders, { clientId: world.a.clientId, name: 'x'.repeat(101) }, 400],
      ['POST', '', world.a.adminHeaders, { clientId: world.a.clientId, name: 'Alpha Hospital group' }, 409],
      ['PATCH', world.a.groupId, world.a.adminHeaders, { name: '' }, 400],
      ['PATCH', world.a.groupId, world.a.adminHeaders, { name: 7 }, 400],
      ['GET', '?per_page=0', world.a.adminHeaders, undefined, 400],
      ['POST', members, world.a.adminHeaders, { userIds: [] }, 400],
      ['POST', members, world.a.adminHeaders, { userIds: ['nope'] }, 400],
      ['POST', members, world.a.adminHeaders, { userIds: [world.a.student.id, world.a.student.id] }, 400],
      ['POST', members, world.a.adminHeaders, { userIds: [crypto.randomUUID()] }, 404],
      ['DELETE', crypto.randomUUID(), world.a.adminHeaders, undefined, 404],
      ['POST', '', world.a.teacherHeaders, { clientId: world.a.clientId, name: 'T' }, 403],
      ['POST', members, world.a.studentHeaders, { userIds: [world.a.student.id] }, 403],
      ['DELETE', world.a.groupId, forged, undefined, 401],
    ];
    for (const [method, url, headers, payload, status] of cases) {
      const res = await writesNothing(t.db, () => call(method, url, headers, payload));
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
    }
    const malformed = await writesNothing(t.db, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/groups/',
        headers: { ...world.a.adminHeaders, 'content-type': 'application/json' },
        payload: '{"name":',
      }),
    );
    expect(malformed.statusCode).toBe(400);
  });
});
