/** DELETE v1/users/{id} (platform-shell.md §7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_PATHS } from '@larmor/contracts/users';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function deleteUser(id: string): Promise<unknown> {
  return api.request(apiPath(USER_PATHS.user, { id }), { method: 'DELETE' });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
