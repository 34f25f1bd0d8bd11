/** POST reset-password (platform-shell.md §7) with the token of the reset mail. */
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@larmor/contracts/new-passwords';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { api } from '#lib/api.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<unknown> {
  return api.request(AUTH_PATHS.resetPassword, { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
