/** POST v1/users/ with the user body (platform-shell.md §7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserSchema, USER_PATHS, type UserCreate } from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function createUser(body: UserCreate): Promise<AdminUser> {
  return api.request(USER_PATHS.users, { method: 'POST', body, schema: adminUserSchema });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
