/** POST /v2/users/register (platform-shell.md §7). A 409 means the e-mail or username is taken. */
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@larmor/contracts/new-passwords';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { api } from '#lib/api.ts';

export function register(body: RegisterRequest): Promise<unknown> {
  return api.request(AUTH_PATHS.register, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
