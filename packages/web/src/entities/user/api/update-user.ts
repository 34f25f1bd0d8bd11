/** PATCH v1/users/{id} with any subset of the user body (platform-shell.md §7). */
import { type AdminUser, adminUserSchema, USER_PATHS, type UserPatch } from '@larmor/contracts/users';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function updateUser(id: string, body: UserPatch): Promise<AdminUser> {
  return api.request(apiPath(USER_PATHS.user, { id }), {
    method: 'PATCH',
    body,
    schema: adminUserSchema,
  });
}

export function useUpdateUser(id: string) {
  return useInvalidatingMutation((body: UserPatch) => updateUser(id, body), [usersQueryKey]);
}
