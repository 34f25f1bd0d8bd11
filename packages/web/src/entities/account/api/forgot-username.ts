/** POST forgot-username (platform-shell.md §7): mails the username. */
import { useMutation } from '@tanstack/react-query';
import type { ForgotUsernameRequest } from '@larmor/contracts/auth';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { api } from '#lib/api.ts';

export function forgotUsername(body: ForgotUsernameRequest): Promise<unknown> {
  return api.request(AUTH_PATHS.forgotUsername, { method: 'POST', body });
}

export function useForgotUsername() {
  return useMutation({ mutationFn: forgotUsername });
}
