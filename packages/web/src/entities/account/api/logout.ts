/**
 * Logout (platform-shell.md §2, §4): revoke the refresh token on the server (best effort), clear the query
 * caches, tokens, profile and the other logout keys, and session storage. The caller then goes to /.
 */
import type { LogoutRequest } from '@larmor/contracts/auth';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { api } from '#lib/api.ts';
import { queryClient } from '#lib/query-client.ts';
import { session } from '#lib/session.ts';

export async function logout(): Promise<void> {
  const token = session.get().refreshToken;
  if (token !== null && token !== '') {
    const body: LogoutRequest = { token };
    // The session ends locally whatever the server answers.
    await api.request(AUTH_PATHS.logout, { method: 'POST', body }).catch(() => undefined);
  }
  queryClient.clear();
  session.logout();
}
