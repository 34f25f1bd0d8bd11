/** GET /v2/users/activate/{token} (platform-shell.md §7). */
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

export function activateAccount(token: string): Promise<unknown> {
  return api.request(`/v2/users/activate/${encodeURIComponent(token)}`);
}

export function useActivateAccount(token: string) {
  return useQuery({
    queryKey: ['activate-account', token],
    queryFn: () => activateAccount(token),
    retry: false,
  });
}
