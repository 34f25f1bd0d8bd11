import { adminUserSchema, ERROR_CODES, userBatchResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { addMembership, bearer, tokenFor } from '../../test/fixtures.ts';
import { callsUnder, databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { postLogin } from '../../test/sign-in.ts';
import { adminClaims, tamperedToken } from '../../test/tokens.ts';
import { createGroup, createWorld } from './world.test-support.ts';

describe.each(databases)('PATCH, DELETE and bulk PATCH v1/users/ on %s', (kind) => {
  const t = useTestApp(kind);

  const send = callsUnder(t, '/api');

  it('PATCH changes names, role and groups; a new password must be changed at the next sign-in', async () => {
    const world = await createWorld(t.db);
    const res = await send('PATCH', `/v1/users/${world.a.student.id}`, world.a.adminHeaders, {
      firstName: 'Renamed',
      role: 'Teacher',
      groupIds: [world.a.groupId],
      password: 'admin chosen 123',
    });
    expect(res.statusCode).toBe(200);
    expect(adminUserSchema.parse(res.json())).toMatchObject({
      firstName: 'Renamed',
      role: 'Teacher',
      // The new role is the one held in the administrator's organisation too.
      memberships: [{ clientId: world.a.clientId, role: 'Teacher' }],
      firstLogin: true,
      groups: [{ id: world.a.groupId }],
    });
    const login = await postLogin(t, { username: world.a.student.username, password: 'admin chosen 123' });
    expect(login.statusCode).toBe(200);
  });

  it('PATCH active:false deactivates: the user is signed out at once and cannot sign in', async () => {
    const world = await createWorld(t.db);
    const res = await send('PATCH', `/v1/users/${world.a.teacher.id}`, world.a.adminHeaders, {
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'deactivated', active: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/me/', headers: world.a.teacherHeaders });
    expect(me.statusCode).toBe(401);
    const login = await postLogin(t, world.a.teacher);
    expect(login.json().error.code).toBe(ERROR_CODES.DEACTIVATED);
  });

  it('PATCH memberships moves a user out of a group of an organisation they leave (and its cohorts)', async () => {
    const world = await createWorld(t.db);
    const cohortId = crypto.randomUUID();
    await t.db
      .insertInto('group_members')
      .values({ group_id: world.a.groupId, user_id: world.a.student.id })
      .execute();
    await t.db
      .insertInto('cohorts')
      .values({ id: cohortId, group_id: world.a.groupId, name: 'C1', created_at: new Date().toISOString() })
      .execute();
    await t.db
      .insertInto('cohort_members')
      .values({ cohort_id: cohortId, user_id: world.a.student.id })
      .execute();
    const res = await send('PATCH', `/v1/users/${world.a.student.id}`, world.platformHeaders, {
      memberships: [{ clientId: world.b.clientId, role: 'Student' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberships: [{ clientId: world.b.clientId }], groups: [] });
    const cohorts = await t.db
      .selectFrom('cohort_members')
      .selectAll()
      .where('user_id', '=', world.a.student.id)
      .execute();
    expect(cohorts).toEqual([]);
  });

  it('PATCH refuses bad input, unknown ids, other organisations, platform admins and wrong roles, writing nothing', async () => {
    const world = await createWorld(t.db);
    const url = `/v1/users/${world.a.student.id}`;
    const cases: [string, { authorization: string }, unknown, number][] = [
      [url, world.a.adminHeaders, { email: 'nope' }, 400],
      [url, world.a.adminHeaders, { firstName: '' }, 400],
      [url, world.a.adminHeaders, { lastName: 'x'.repeat(500) }, 400],
      [url, world.a.adminHeaders, { active: 'yes' }, 400],
      [url, world.a.adminHeaders, { username: 'beta-teacher' }, 409],
      [url, world.a.adminHeaders, { role: 'Admin' }, 403],
      [url, world.a.adminHeaders, { groupIds: [world.b.groupId] }, 404],
      [url, world.a.teacherHeaders, { firstName: 'X' }, 403],
      [`/v1/users/${world.b.student.id}`, world.a.adminHeaders, { firstName: 'X' }, 404],
      [`/v1/users/${crypto.randomUUID()}`, world.a.adminHeaders, { firstName: 'X' }, 404],
      [`/v1/users/${world.platformAdmin.id}`, world.a.adminHeaders, { firstName: 'X' }, 404],
    ];
    for (const [path, headers, payload, status] of cases) {
      const res = await writesNothing(t.db, () => send('PATCH', path, headers, payload));
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const malformed = await writesNothing(t.db, () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api${url}`,
        headers: { ...world.a.adminHeaders, 'content-type': 'application/json' },
        payload: '{"firstName":',
      }),
    );
    expect(malformed.statusCode).toBe(400);
  });

  it('an organisation administrator cannot manage a platform administrator who belongs to their organisation', async () => {
    const world = await createWorld(t.db);
    await addMembership(t.db, world.platformAdmin.id, world.a.clientId, 'Admin');
    const patch = await writesNothing(t.db, () =>
      send('PATCH', `/v1/users/${world.platformAdmin.id}`, world.a.adminHeaders, {
        password: 'takeover 12345',
      }),
    );
    expect(patch.statusCode).toBe(403);
    const del = await writesNothing(t.db, () =>
      send('DELETE', `/v1/users/${world.platformAdmin.id}`, world.a.adminHeaders),
    );
    expect(del.statusCode).toBe(403);
  });

  it('DELETE removes a user; of a user shared with another organisation only the membership goes', async () => {
    const world = await createWorld(t.db);
    const gone = await send('DELETE', `/v1/users/${world.a.student.id}`, world.a.adminHeaders);
    expect(gone.statusCode).toBe(204);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', world.a.student.id).execute(),
    ).toEqual([]);
    await addMembership(t.db, world.b.teacher.id, world.a.clientId, 'Teacher');
    const shared = await send('DELETE', `/v1/users/${world.b.teacher.id}`, world.a.adminHeaders);
    expect(shared.statusCode).toBe(204);
    const left = await t.db
      .selectFrom('memberships')
      .select('client_id')
      .where('user_id', '=', world.b.teacher.id)
      .execute();
    expect(left).toEqual([{ client_id: world.b.clientId }]);
  });

  it('DELETE refuses unknown ids, other organisations, oneself, wrong roles and forged tokens, writing nothing', async () => {
    const world = await createWorld(t.db);
    const forged = bearer(
      tamperedToken(await tokenFor(world.a.student), adminClaims(world.platformAdmin.id)),
    );
    const cases: [string, { authorization: string }, number][] = [
      [crypto.randomUUID(), world.a.adminHeaders, 404],
      [world.b.student.id, world.a.adminHeaders, 404],
      [world.a.admin.id, world.a.adminHeaders, 409],
      [world.a.student.id, world.a.teacherHeaders, 403],
      [world.a.student.id, world.a.studentHeaders, 403],
      [world.a.student.id, forged, 401],
      ['not-a-uuid', world.a.adminHeaders, 400],
    ];
    for (const [id, headers, status] of cases) {
      const res = await writesNothing(t.db, () => send('DELETE', `/v1/users/${id}`, headers));
      expect(res.statusCode, id).toBe(status);
    }
  });

  it('bulk PATCH applies one change to every listed user and answers them in order', async () => {
    const world = await createWorld(t.db);
    const extraGroup = await createGroup(t.db, world.a.clientId, 'Second group');
    const ids = [world.a.teacher.id, world.a.student.id];
    const res = await send('PATCH', '/v1/users/', world.a.adminHeaders, {
      ids,
      changes: { active: false, groupIds: [world.a.groupId, extraGroup] },
    });
    expect(res.statusCode).toBe(200);
    const { users } = userBatchResponseSchema.parse(res.json());
    expect(users.map((u) => u.id)).toEqual(ids);
    expect(users.every((u) => u.status === 'deactivated' && u.groups.length === 2)).toBe(true);
  });

  it('bulk PATCH is all or nothing: one unknown or foreign id, a bad change or a wrong role writes nothing', async () => {
    const world = await createWorld(t.db);
    const cases: [{ authorization: string }, unknown, number][] = [
      [
        world.a.adminHeaders,
        { ids: [world.a.student.id, world.b.student.id], changes: { active: false } },
        404,
      ],
      [
        world.a.adminHeaders,
        { ids: [world.a.student.id, crypto.randomUUID()], changes: { active: false } },
        404,
      ],
      [world.a.adminHeaders, { ids: [world.a.student.id], changes: { role: 'Admin' } }, 403],
      [
        world.a.adminHeaders,
        { ids: [world.a.student.id, world.a.admin.id], changes: { active: false } },
        409,
      ],
      [world.a.adminHeaders, { ids: [world.a.student.id], changes: {} }, 400],
      [world.a.adminHeaders, { ids: [], changes: { active: false } }, 400],
      [
        world.a.adminHeaders,
        { ids: [world.a.student.id, world.a.student.id], changes: { active: false } },
        400,
      ],
      [world.a.adminHeaders, { ids: ['x'], changes: { active: false } }, 400],
      [world.a.adminHeaders, { changes: { active: false } }, 400],
      [world.a.teacherHeaders, { ids: [world.a.student.id], changes: { active: false } }, 403],
    ];
    for (const [headers, payload, status] of cases) {
      const res = await writesNothing(t.db, () => send('PATCH', '/v1/users/', headers, payload));
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const outsider = await writesNothing(t.db, () =>
      send('PATCH', '/v1/users/', world.platformHeaders, {
        ids: [world.a.student.id, world.b.student.id],
        changes: { groupIds: [world.a.groupId] },
      }),
    );
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.validation).toEqual({
      'changes.groupIds': 'membership',
    });
  });
});
