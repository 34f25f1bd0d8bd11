/** DELETE v1/users/{id} (platform-shell.md §7). */
import { USER_PATHS } from '@larmor/contracts/users';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function deleteUser(id: string): Promise<unknown> {
  return api.request(apiPath(USER_PATHS.user, { id }), { method: 'DELETE' });
}

export function useDeleteUser() {
  return useInvalidatingMutation(deleteUser, [usersQueryKey]);
}
