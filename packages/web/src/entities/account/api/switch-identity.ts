/**
 * POST v2/me/identities/{id}/switch (platform-shell.md §7): the new token pair replaces the old one and the
 * page reloads, so every cached answer belongs to the new identity.
 */
import { useMutation } from '@tanstack/react-query';
import { tokenPairSchema } from '@larmor/contracts/auth';
import { IDENTITY_PATHS } from '@larmor/contracts/identities';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { session } from '#lib/session.ts';

export async function switchIdentity(id: string): Promise<void> {
  const tokens = await api.request(apiPath(IDENTITY_PATHS.switch, { id }), {
    method: 'POST',
    schema: tokenPairSchema,
  });
  session.authenticate(tokens);
  window.location.reload();
}

export function useSwitchIdentity() {
  return useMutation({ mutationFn: switchIdentity });
}
