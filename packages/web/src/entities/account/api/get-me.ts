/**
 * GET me/ (platform-shell.md §7): the signed-in user's profile, shared by sign-in (stores it after login) and
 * the account dialogs (refresh it after accepting the terms or changing the password).
 */
import { queryOptions } from '@tanstack/react-query';
import { ME_PATHS, meResponseSchema, type Profile } from '@larmor/contracts/me';
import { api } from '#lib/api.ts';
import { session } from '#lib/session.ts';

/** Fetches the profile and stores it in the session (local storage). */
export async function fetchMe(): Promise<Profile> {
  const { user } = await api.request(ME_PATHS.me, { schema: meResponseSchema });
  session.setProfile(user);
  return user;
}

export const meQueryKey = ['me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: fetchMe });
}
