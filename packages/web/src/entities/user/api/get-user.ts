/** GET v1/users/{id} (platform-shell.md §7). */
import { useQuery } from '@tanstack/react-query';
import { type AdminUser, adminUserSchema, USER_PATHS } from '@larmor/contracts/users';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function getUser(id: string): Promise<AdminUser> {
  return api.request(apiPath(USER_PATHS.user, { id }), { schema: adminUserSchema });
}

export function useUser(id: string) {
  return useQuery({ queryKey: [...usersQueryKey, 'detail', id], queryFn: () => getUser(id) });
}
