/** PATCH v1/users/ (platform-shell.md §7): one change to many users, all or none; errors go to the caller. */
import {
  USER_PATHS,
  type UserBatchResponse,
  userBatchResponseSchema,
  type UserBulkUpdate,
} from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function bulkUpdateUsers(body: UserBulkUpdate): Promise<UserBatchResponse> {
  return api.request(USER_PATHS.users, { method: 'PATCH', body, schema: userBatchResponseSchema });
}

export function useBulkUpdateUsers() {
  return useInvalidatingMutation(bulkUpdateUsers, [usersQueryKey]);
}
