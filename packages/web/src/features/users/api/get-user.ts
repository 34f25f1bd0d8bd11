/** GET v1/users/{id} (platform-shell.md §7). */
import { useQuery } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser } from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function getUser(id: string): Promise<AdminUser> {
  return api.request(`v1/users/${encodeURIComponent(id)}`, { schema: adminUserSchema });
}

export function useUser(id: string) {
  return useQuery({ queryKey: [...usersQueryKey, 'detail', id], queryFn: () => getUser(id) });
}
