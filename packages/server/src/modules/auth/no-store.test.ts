/** Answers that carry tokens or personal data are never cached: Cache-Control: no-store (issue 8 item 11). */
import { tokenPairSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { postLogin, postRefresh } from '../../test/sign-in.ts';

describe.each(databases)('Cache-Control on %s', (kind) => {
  const t = useTestApp(kind);

  it('login, refresh-token, me/, identities and user administration answer no-store, errors included', async () => {
    const user = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'Admin' });
    const login = await postLogin(t, user);
    const pair = tokenPairSchema.parse(login.json());
    const answers = {
      login,
      refresh: await postRefresh(t, pair.refreshToken),
      wrongLogin: await postLogin(t, { username: user.username, password: 'wrong password' }),
      me: await t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(pair.accessToken) }),
      meUnauthenticated: await t.app.inject({ method: 'GET', url: '/api/me/' }),
      identities: await t.app.inject({
        method: 'GET',
        url: '/api/v2/me/identities',
        headers: bearer(pair.accessToken),
      }),
      users: await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/',
        headers: bearer(await tokenFor(admin)),
      }),
      clients: await t.app.inject({
        method: 'GET',
        url: '/api/v1/clients/',
        headers: bearer(await tokenFor(admin)),
      }),
      outbox: await t.app.inject({
        method: 'GET',
        url: '/api/v1/mail/outbox',
        headers: bearer(await tokenFor(admin)),
      }),
    };
    expect(answers.login.statusCode).toBe(200);
    expect(answers.refresh.statusCode).toBe(200);
    expect(answers.me.statusCode).toBe(200);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });
});
