/**
 * Guessing the current password on me/change-password (issue 8 item 5): limited like sign-in
 * (AUTH_RATE_LIMIT_PER_MINUTE), per address and per user, so neither one address nor many can keep guessing.
 */
import { ERROR_CAUSES } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, useTestApp } from '../../test/helper.ts';

const LIMIT = 5;

describe.each(databases)('me/change-password throttling on %s', (kind) => {
  // Trusting the loopback proxy lets each call come from its own X-Forwarded-For address.
  const t = useTestApp(kind, { authRateLimitPerMinute: LIMIT, trustProxy: ['127.0.0.1'] });

  async function guess(headers: Record<string, string>, from: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: { ...headers, 'x-forwarded-for': from },
      payload: { oldPassword: 'a wrong guess', newPassword: 'the new password 1' },
    });
  }

  it('from one address: after the limit, wrong guesses answer 429', async () => {
    const user = await createUser(t.db);
    const headers = bearer(await tokenFor(user));
    for (let i = 0; i < LIMIT; i += 1) expect((await guess(headers, '203.0.113.9')).statusCode).toBe(400);
    const refused = await guess(headers, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.cause).toBe(ERROR_CAUSES.RATE_LIMITED);
  });

  it('from a new address for every guess: the per-user limit answers 429, and the right password is refused too', async () => {
    const user = await createUser(t.db);
    const headers = bearer(await tokenFor(user));
    for (let i = 0; i < LIMIT; i += 1) expect((await guess(headers, `198.51.100.${i}`)).statusCode).toBe(400);
    expect((await guess(headers, '198.51.100.200')).statusCode).toBe(429);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: { ...headers, 'x-forwarded-for': '198.51.100.201' },
      payload: { oldPassword: user.password, newPassword: 'the new password 1' },
    });
    expect(right.statusCode).toBe(429);
    // Another user is not held back by this one's guesses.
    const other = await createUser(t.db);
    expect((await guess(bearer(await tokenFor(other)), '198.51.100.202')).statusCode).toBe(400);
  });
});
