import { tokenPairSchema, type TokenPair } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../test/fixtures.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { postRefresh, signIn } from '../../test/sign-in.ts';
import { createLinkToken } from './accounts.ts';

/**
 * Sessions end at once: an access token carries its session (`sid`), and every signed-in call checks the
 * session is not revoked, so no access token outlives its session by up to ACCESS_TOKEN_TTL_S.
 */
describe.each(databases)('session revocation on %s', (kind) => {
  const t = useTestApp(kind);

  const meStatus = async (pair: TokenPair): Promise<number> =>
    (await t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(pair.accessToken) })).statusCode;

  it('after logout the access token of that session answers 401 on me/; other sessions stay', async () => {
    const user = await createUser(t.db);
    const session = await signIn(t, user);
    const other = await signIn(t, user);
    expect(await meStatus(session)).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { token: session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(await meStatus(session)).toBe(401);
    expect(await meStatus(other)).toBe(200);
  });

  it('after a spent refresh token is reused, both the attacker’s and the victim’s access tokens answer 401', async () => {
    const user = await createUser(t.db);
    const stolen = await signIn(t, user);
    // The attacker refreshes first with the stolen refresh token…
    const attacker = tokenPairSchema.parse((await postRefresh(t, stolen.refreshToken)).json());
    expect(await meStatus(attacker)).toBe(200);
    // …then the victim presents the same, now spent, token: the whole session ends.
    expect((await postRefresh(t, stolen.refreshToken)).statusCode).toBe(401);
    expect(await meStatus(attacker)).toBe(401);
    expect(await meStatus(stolen)).toBe(401);
    expect((await postRefresh(t, attacker.refreshToken)).statusCode).toBe(401);
  });

  it('a refreshed pair stays in its session: logout with the new refresh token ends the old access token too', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t, user);
    const second = tokenPairSchema.parse((await postRefresh(t, first.refreshToken)).json());
    await t.app.inject({ method: 'POST', url: '/api/logout', payload: { token: second.refreshToken } });
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(second)).toBe(401);
  });

  it('me/change-password ends every other session of the user; the one that changed it stays', async () => {
    const user = await createUser(t.db);
    const changer = await signIn(t, user);
    const other = await signIn(t, user);
    const bystander = await signIn(t, await createUser(t.db));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: bearer(changer.accessToken),
      payload: { oldPassword: user.password, newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);
    expect(await meStatus(changer)).toBe(200);
    expect((await postRefresh(t, changer.refreshToken)).statusCode).toBe(200);
    expect(await meStatus(other)).toBe(401);
    expect((await postRefresh(t, other.refreshToken)).statusCode).toBe(401);
    expect(await meStatus(bystander)).toBe(200);
  });

  it('a wrong current password on me/change-password ends no session', async () => {
    const user = await createUser(t.db);
    const changer = await signIn(t, user);
    const other = await signIn(t, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: bearer(changer.accessToken),
      payload: { oldPassword: 'not the password', newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(400);
    expect(await meStatus(other)).toBe(200);
  });

  it('reset-password ends every session of the user', async () => {
    const user = await createUser(t.db);
    const sessions = [await signIn(t, user), await signIn(t, user)];
    const token = await createLinkToken(t.db, user.id, 'password_reset');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);
    for (const session of sessions) {
      expect(await meStatus(session)).toBe(401);
      expect((await postRefresh(t, session.refreshToken)).statusCode).toBe(401);
    }
  });

  it('a password an admin sets ends the user’s sessions; an admin setting their own keeps the session used', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const student = await createUser(t.db);
    const adminSession = await signIn(t, admin);
    const adminOther = await signIn(t, admin);
    const studentSession = await signIn(t, student);
    const patch = (id: string, password: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers: bearer(adminSession.accessToken),
        payload: { password },
      });

    expect((await patch(student.id, 'chosen by the admin')).statusCode).toBe(200);
    expect(await meStatus(studentSession)).toBe(401);
    expect((await postRefresh(t, studentSession.refreshToken)).statusCode).toBe(401);
    expect(await meStatus(adminOther)).toBe(200);

    expect((await patch(admin.id, 'my own new password')).statusCode).toBe(200);
    expect(await meStatus(adminSession)).toBe(200);
    expect(await meStatus(adminOther)).toBe(401);
  });

  it('deleting a user ends their sessions at once', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const student = await createUser(t.db);
    const session = await signIn(t, student);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${student.id}`,
      headers: bearer((await signIn(t, admin)).accessToken),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await meStatus(session)).toBe(401);
  });
});
