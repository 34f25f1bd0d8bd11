/**
 * The most common passwords are refused wherever a password is chosen (issue 8 item 10): registration,
 * me/change-password, reset-password, and a password an administrator sets. 400 with `{password: 'common'}`
 * (or the call's field name), nothing written.
 */
import { COMMON_PASSWORD_RULE } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../users/world.test-support.ts';
import { bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, useTestApp, writesNothing } from '../../test/helper.ts';

const COMMON = ['password', 'Password123', '12345678', 'iloveyou'];

describe.each(databases)('common passwords on %s', (kind) => {
  const t = useTestApp(kind, { authRateLimitPerMinute: 0 });

  it('are refused at registration, change, reset and by administrators, writing nothing', async () => {
    const world = await createWorld(t.db);
    const user = await createUser(t.db);
    const userHeaders = bearer(await tokenFor(user));
    const calls = (password: string) => [
      {
        url: '/api/v2/users/register',
        headers: {},
        payload: {
          username: 'newbie',
          email: 'newbie@example.test',
          firstName: 'N',
          lastName: 'B',
          password,
        },
        field: 'password',
      },
      {
        url: '/api/reset-password',
        headers: {},
        payload: { token: 'any-token', password },
        field: 'password',
      },
      {
        url: '/api/me/change-password',
        headers: userHeaders,
        payload: { oldPassword: user.password, newPassword: password },
        field: 'newPassword',
      },
      {
        url: '/api/v1/users/',
        headers: world.a.adminHeaders,
        payload: {
          username: 'newbie',
          email: 'newbie@example.test',
          firstName: 'N',
          lastName: 'B',
          role: 'Student',
          password,
        },
        field: 'password',
      },
    ];
    for (const password of COMMON) {
      for (const call of calls(password)) {
        const res = await writesNothing(t.db, () =>
          t.app.inject({ method: 'POST', url: call.url, headers: call.headers, payload: call.payload }),
        );
        expect(res.statusCode, `${call.url} ${password}`).toBe(400);
        expect(res.json().error.validation).toEqual({ [call.field]: COMMON_PASSWORD_RULE });
      }
    }
    const patch = await writesNothing(t.db, () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${world.a.teacher.id}`,
        headers: world.a.adminHeaders,
        payload: { password: 'password1' },
      }),
    );
    expect(patch.json().error.validation).toEqual({ password: COMMON_PASSWORD_RULE });
  });
});
