/** POST forgot-password (platform-shell.md §7): mails a reset link. */
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@larmor/contracts/auth';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { api } from '#lib/api.ts';

export function forgotPassword(body: ForgotPasswordRequest): Promise<unknown> {
  return api.request(AUTH_PATHS.forgotPassword, { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
