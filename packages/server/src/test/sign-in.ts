/**
 * Signing in through the API (POST /api/login), as a user does, for the tests that need a real session rather
 * than a fixture token: the token pair of a sign-in, or the headers of the signed-in account; and refreshing it.
 */
import { tokenPairSchema, type TokenPair } from '@larmor/contracts';
import { expect } from 'vitest';
import { bearer } from './fixtures.ts';
import type { TestApp } from './helper.ts';

/** The credentials of a sign-in. */
export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/login with the credentials of `account`; answers the response as it came. */
export function postLogin(t: Pick<TestApp, 'app'>, account: Credentials) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: account.username, password: account.password },
  });
}

/** POST /api/refresh-token with `token`; answers the response as it came. */
export function postRefresh(t: Pick<TestApp, 'app'>, token: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { token } });
}

/** Signs `account` in, expects 200 and answers its token pair. */
export async function signIn(t: Pick<TestApp, 'app'>, account: Credentials): Promise<TokenPair> {
  const res = await postLogin(t, account);
  expect(res.statusCode, account.username).toBe(200);
  return tokenPairSchema.parse(res.json());
}

/** Signs `username` in with `password` (a seeded account), expects 200 and answers its bearer headers. */
export async function signedInAs(
  t: Pick<TestApp, 'app'>,
  username: string,
  password: string,
): Promise<{ authorization: string }> {
  return bearer((await signIn(t, { username, password })).accessToken);
}
