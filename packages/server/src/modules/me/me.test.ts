import { ERROR_CODES, meResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { isoNow, newId } from '../../db/ids.ts';
import {
  addIndividualAccess,
  addMembership,
  bearer,
  createClient,
  createUser,
  tokenFor,
} from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { postLogin } from '../../test/sign-in.ts';

describe.each(databases)('me/ calls on %s', (kind) => {
  const t = useTestApp(kind);

  it('GET me/ answers {user: profile} with clients, groups and the active identity licence', async () => {
    const user = await createUser(t.db, { username: 'ada', termsAck: false, firstLogin: true });
    const clientId = await createClient(t.db, 'Radiology School', 'paid');
    const membership = await addMembership(t.db, user.id, clientId, 'Student');
    const groupId = newId();
    await t.db
      .insertInto('groups')
      .values({ id: groupId, client_id: clientId, name: 'Cohort A', created_at: isoNow() })
      .execute();
    await t.db.insertInto('group_members').values({ group_id: groupId, user_id: user.id }).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/',
      headers: bearer(await tokenFor(user, 3600, membership)),
    });
    expect(res.statusCode).toBe(200);
    expect(meResponseSchema.parse(res.json())).toEqual({
      user: {
        id: user.id,
        username: 'ada',
        email: user.email,
        name: 'Test ada',
        clients: [{ id: clientId, name: 'Radiology School' }],
        terms_ack: false,
        first_login: true,
        license: 'paid',
        groups: [{ name: 'Cohort A' }],
      },
    });
  });

  it('PUT me/terms with {accept: true} sets terms_ack', async () => {
    const user = await createUser(t.db, { termsAck: false });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/terms',
      headers: bearer(await tokenFor(user)),
      payload: { accept: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.terms_ack).toBe(true);
  });

  it('PUT me/terms refuses anything but accept: true and writes nothing', async () => {
    const user = await createUser(t.db, { termsAck: false });
    const headers = bearer(await tokenFor(user));
    const before = await rowCounts(t.db);
    for (const payload of [{}, { accept: false }, { accept: 'yes' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/me/terms', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validation).toHaveProperty('accept');
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const row = await t.db.selectFrom('users').select('terms_ack').executeTakeFirstOrThrow();
    expect(row.terms_ack).toBe(0);
  });

  it('change-password with the right current password changes it and clears first_login', async () => {
    const user = await createUser(t.db, { firstLogin: true });
    await addIndividualAccess(t.db, user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: bearer(await tokenFor(user)),
      payload: { oldPassword: user.password, newPassword: 'my new secret password' },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select('first_login').executeTakeFirstOrThrow();
    expect(row.first_login).toBe(0);
    const login = await postLogin(t, { username: user.username, password: 'my new secret password' });
    expect(login.statusCode).toBe(200);
  });

  it('a wrong current password answers 400 "Current password field is not correct" and changes nothing', async () => {
    const user = await createUser(t.db, { firstLogin: true });
    const before = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: bearer(await tokenFor(user)),
      payload: { oldPassword: 'not my password', newPassword: 'my new secret password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: ERROR_CODES.INVALID_PASSWORD,
      message: 'Current password field is not correct',
    });
    expect(await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('change-password bad input answers 400 with a validation map and changes nothing', async () => {
    const user = await createUser(t.db, { firstLogin: true });
    const headers = bearer(await tokenFor(user));
    const before = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    const cases: [object, Record<string, string>][] = [
      [{}, { oldPassword: 'required', newPassword: 'required' }],
      [{ oldPassword: user.password, newPassword: 'short' }, { newPassword: 'min' }],
      [{ oldPassword: user.password, newPassword: 'x'.repeat(300) }, { newPassword: 'max' }],
      [{ oldPassword: user.password, newPassword: user.password }, { newPassword: 'different' }],
      [{ oldPassword: 1, newPassword: 'long enough one' }, { oldPassword: 'type' }],
    ];
    for (const [payload, validation] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/me/change-password', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.validation).toEqual(validation);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"oldPassword"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a token of a deleted user answers 401 on me/', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(user);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });
});
