/** PUT v1/users/ {users} (platform-shell.md §7): creates or updates many users, all or none. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  USER_PATHS,
  type UserBatchResponse,
  userBatchResponseSchema,
  type UserPut,
} from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function putUsers(body: UserPut): Promise<UserBatchResponse> {
  return api.request(USER_PATHS.users, { method: 'PUT', body, schema: userBatchResponseSchema });
}

export function usePutUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putUsers,
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
