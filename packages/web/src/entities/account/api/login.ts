/** POST login (platform-shell.md §7): a username (or e-mail) and password for a token pair. */
import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, type LoginRequest, type TokenPair, tokenPairSchema } from '@larmor/contracts/auth';
import { api } from '#lib/api.ts';
import { fetchMe } from './get-me.ts';
import { session } from '#lib/session.ts';

export function login(body: LoginRequest): Promise<TokenPair> {
  return api.request(AUTH_PATHS.login, { method: 'POST', body, schema: tokenPairSchema });
}

/** Signs in: stores the tokens, then loads and stores the profile. */
export async function signIn(body: LoginRequest): Promise<void> {
  session.authenticate(await login(body));
  await fetchMe();
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
