import { adminUserSchema, ERROR_CODES, type UserCreate } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { postLogin } from '../../test/sign-in.ts';
import { lastMailTo, linkToken } from '../../test/mail.ts';
import { createWorld } from './world.test-support.ts';

const NEW_USER = {
  username: 'new.student',
  email: 'New.Student@Example.test',
  firstName: 'New',
  lastName: 'Student',
  role: 'Student',
  password: 'first password 1',
} satisfies UserCreate;

describe.each(databases)('POST v1/users/ on %s', (kind) => {
  const t = useTestApp(kind);

  function create(headers: { authorization: string }, payload: unknown) {
    return t.app.inject({ method: 'POST', url: '/api/v1/users/', headers, payload: payload as object });
  }

  async function refusedWritingNothing(headers: { authorization: string }, payload: unknown) {
    const before = await rowCounts(t.db);
    const res = await create(headers, payload);
    expect(await rowCounts(t.db), JSON.stringify(payload)).toEqual(before);
    return res;
  }

  it('an organisation administrator creates a user with a password in their organisation; the user must change it at first login', async () => {
    const world = await createWorld(t.db);
    const res = await create(world.a.adminHeaders, { ...NEW_USER, groupIds: [world.a.groupId] });
    expect(res.statusCode).toBe(201);
    const user = adminUserSchema.parse(res.json());
    expect(user).toMatchObject({
      username: 'new.student',
      email: 'new.student@example.test',
      status: 'active',
      firstLogin: true,
      termsAck: false,
      memberships: [{ clientId: world.a.clientId, clientName: 'Alpha Hospital', role: 'Student' }],
      groups: [{ id: world.a.groupId, name: 'Alpha Hospital group' }],
    });
    const login = await postLogin(t, { username: 'new.student', password: NEW_USER.password });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me/',
      headers: bearer(login.json().accessToken),
    });
    expect(me.json().user).toMatchObject({ first_login: true, clients: [{ name: 'Alpha Hospital' }] });
  });

  it('without a password the user is pending and an activation mail lets them choose one', async () => {
    const world = await createWorld(t.db);
    const res = await create(world.a.adminHeaders, { ...NEW_USER, password: undefined });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', active: false });
    const mail = await lastMailTo(t.db, 'new.student@example.test');
    expect(mail?.kind).toBe('activation');
    const token = linkToken(mail?.body_text ?? '', '/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'chosen password 1' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await postLogin(t, { username: 'new.student', password: 'chosen password 1' });
    expect(login.statusCode).toBe(200);
  });

  it('a platform administrator may create a platform administrator and place users in any organisation', async () => {
    const world = await createWorld(t.db);
    const res = await create(world.platformHeaders, {
      ...NEW_USER,
      role: 'Admin',
      memberships: [
        { clientId: world.a.clientId, role: 'Admin' },
        { clientId: world.b.clientId, role: 'Teacher' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().memberships).toHaveLength(2);
  });

  it('an organisation administrator may appoint organisation admins but not platform admins (403), nor reach other organisations (404)', async () => {
    const world = await createWorld(t.db);
    const appointed = await create(world.a.adminHeaders, {
      ...NEW_USER,
      role: 'Teacher',
      memberships: [{ clientId: world.a.clientId, role: 'Admin' }],
    });
    expect(appointed.statusCode).toBe(201);
    const platform = await refusedWritingNothing(world.a.adminHeaders, {
      ...NEW_USER,
      username: 'x-admin',
      email: 'x@example.test',
      role: 'Admin',
    });
    expect(platform.statusCode).toBe(403);
    expect(platform.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
    const elsewhere = await refusedWritingNothing(world.a.adminHeaders, {
      ...NEW_USER,
      username: 'x-other',
      email: 'x-other@example.test',
      memberships: [{ clientId: world.b.clientId, role: 'Student' }],
    });
    expect(elsewhere.statusCode).toBe(404);
    const otherGroup = await refusedWritingNothing(world.a.adminHeaders, {
      ...NEW_USER,
      username: 'x-group',
      email: 'x-group@example.test',
      groupIds: [world.b.groupId],
    });
    expect(otherGroup.statusCode).toBe(404);
    const noOrganisation = await refusedWritingNothing(world.a.adminHeaders, {
      ...NEW_USER,
      username: 'x-none',
      email: 'x-none@example.test',
      memberships: [],
    });
    expect(noOrganisation.statusCode).toBe(400);
    expect(noOrganisation.json().error.validation).toEqual({ memberships: 'min' });
  });

  it('a group of an organisation the user does not join answers 400 and writes nothing', async () => {
    const world = await createWorld(t.db);
    const res = await refusedWritingNothing(world.platformHeaders, {
      ...NEW_USER,
      memberships: [{ clientId: world.a.clientId, role: 'Student' }],
      groupIds: [world.b.groupId],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validation).toEqual({ groupIds: 'membership' });
  });

  it('a taken username or e-mail answers 409 and writes nothing', async () => {
    const world = await createWorld(t.db);
    for (const payload of [
      { ...NEW_USER, username: 'alpha-student' },
      { ...NEW_USER, email: 'BETA-student@example.test' },
    ]) {
      const res = await refusedWritingNothing(world.a.adminHeaders, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Email or Username already exists');
    }
  });

  it('missing, wrongly typed and oversized fields answer 400 with a validation map and write nothing', async () => {
    const world = await createWorld(t.db);
    const cases: [unknown, Record<string, string>][] = [
      [
        {},
        {
          username: 'required',
          email: 'required',
          firstName: 'required',
          lastName: 'required',
          // zod reports a missing enum value as an invalid value, which plugins/errors.ts names `enum`.
          role: 'enum',
        },
      ],
      [{ ...NEW_USER, username: 42 }, { username: 'type' }],
      [{ ...NEW_USER, email: 'not an address' }, { email: 'email' }],
      [{ ...NEW_USER, role: 'Superuser' }, { role: 'enum' }],
      [{ ...NEW_USER, firstName: 'x'.repeat(101) }, { firstName: 'max' }],
      [{ ...NEW_USER, username: 'u'.repeat(65) }, { username: 'max' }],
      [{ ...NEW_USER, password: 'short' }, { password: 'min' }],
      [
        { ...NEW_USER, memberships: [{ clientId: 'nope', role: 'Student' }] },
        { 'memberships.0.clientId': 'uuid' },
      ],
      [{ ...NEW_USER, groupIds: [world.a.groupId, world.a.groupId] }, { groupIds: 'unique' }],
    ];
    for (const [payload, validation] of cases) {
      const res = await refusedWritingNothing(world.a.adminHeaders, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.validation, JSON.stringify(payload)).toEqual(validation);
    }
    const before = await rowCounts(t.db);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: { ...world.a.adminHeaders, 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.cause).toBe('malformed_json');
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('students, teachers and expired tokens are refused and nothing is written', async () => {
    const world = await createWorld(t.db);
    const expired = bearer(await tokenFor(world.platformAdmin, -1));
    for (const [headers, status] of [
      [world.a.studentHeaders, 403],
      [world.a.teacherHeaders, 403],
      [expired, 401],
    ] as const) {
      const res = await refusedWritingNothing(headers, NEW_USER);
      expect(res.statusCode).toBe(status);
    }
  });
});
