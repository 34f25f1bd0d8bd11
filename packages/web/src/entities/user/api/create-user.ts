/** POST v1/users/ with the user body (platform-shell.md §7). */
import { type AdminUser, adminUserSchema, USER_PATHS, type UserCreate } from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function createUser(body: UserCreate): Promise<AdminUser> {
  return api.request(USER_PATHS.users, { method: 'POST', body, schema: adminUserSchema });
}

export function useCreateUser() {
  return useInvalidatingMutation(createUser, [usersQueryKey]);
}
