/** POST me/change-password with {oldPassword, newPassword} (platform-shell.md §7); the profile is refreshed. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@larmor/contracts/new-passwords';
import { ME_PATHS } from '@larmor/contracts/me';
import { api } from '#lib/api.ts';
import { fetchMe } from './get-me.ts';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.request(ME_PATHS.changePassword, { method: 'POST', body });
  await fetchMe();
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
