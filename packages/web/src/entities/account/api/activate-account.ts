/** GET /v2/users/activate/{token} (platform-shell.md §7). */
import { useQuery } from '@tanstack/react-query';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function activateAccount(token: string): Promise<unknown> {
  return api.request(apiPath(AUTH_PATHS.activate, { token }));
}

export function useActivateAccount(token: string) {
  return useQuery({
    queryKey: ['activate-account', token],
    queryFn: () => activateAccount(token),
    retry: false,
  });
}
