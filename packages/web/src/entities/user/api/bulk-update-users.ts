/** PATCH v1/users/ (platform-shell.md §7): one change to many users, all or none; errors go to the caller. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  USER_PATHS,
  type UserBatchResponse,
  userBatchResponseSchema,
  type UserBulkUpdate,
} from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export function bulkUpdateUsers(body: UserBulkUpdate): Promise<UserBatchResponse> {
  return api.request(USER_PATHS.users, { method: 'PATCH', body, schema: userBatchResponseSchema });
}

export function useBulkUpdateUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateUsers,
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
