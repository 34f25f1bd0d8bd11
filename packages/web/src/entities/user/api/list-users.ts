/** GET v1/users/ (platform-shell.md §7): paged by page and per_page, ordered, searched by name. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  USER_PATHS,
  type UserListQuery,
  type UserListResponse,
  userListResponseSchema,
} from '@larmor/contracts/users';
import { api } from '#lib/api.ts';

export function listUsers(query: UserListQuery): Promise<UserListResponse> {
  return api.request(USER_PATHS.users, {
    query: { ...query, name: query.name === '' ? undefined : query.name },
    schema: userListResponseSchema,
  });
}

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({ queryKey: [...usersQueryKey, 'list', query], queryFn: () => listUsers(query) });
}

export function useUsers(query: UserListQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
