/** GET v1/groups/: the groups of the organisations the caller administers, paged, or all at once. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_LIST_MAX_PAGE_SIZE } from '@larmor/contracts/constants';
import {
  type GroupListQuery,
  groupListResponseSchema,
  ORGANISATION_PATHS,
} from '@larmor/contracts/organisations';
import { api } from '#lib/api.ts';

export function listGroups(query: GroupListQuery) {
  return api.request(ORGANISATION_PATHS.groups, { query: { ...query }, schema: groupListResponseSchema });
}

export const groupsQueryKey = ['groups'] as const;

export function useGroups(query: GroupListQuery) {
  return useQuery(queryOptions({ queryKey: [...groupsQueryKey, query], queryFn: () => listGroups(query) }));
}

/** Every group at once (one page of the most a page holds): e.g. to enrol a whole group in a program. */
export function useAllGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...groupsQueryKey, 'all'],
    queryFn: () => listGroups({ page: 1, per_page: USER_LIST_MAX_PAGE_SIZE }),
    enabled,
  });
}
