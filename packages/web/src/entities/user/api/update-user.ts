/** PATCH v1/users/{id} with any subset of the user body (platform-shell.md §7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserSchema, USER_PATHS, type UserPatch } from '@larmor/contracts/users';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function updateUser(id: string, body: UserPatch): Promise<AdminUser> {
  return api.request(apiPath(USER_PATHS.user, { id }), {
    method: 'PATCH',
    body,
    schema: adminUserSchema,
  });
}

export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPatch) => updateUser(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
