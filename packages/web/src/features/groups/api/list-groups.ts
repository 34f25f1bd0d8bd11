/** GET v1/groups/: the groups of the organisations the caller administers, paged. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupListResponseSchema, type GroupListQuery } from '@larmor/contracts/organisations';
import { api } from '#lib/api.ts';

export function listGroups(query: GroupListQuery) {
  return api.request('v1/groups/', { query: { ...query }, schema: groupListResponseSchema });
}

export const groupsQueryKey = ['groups'] as const;

export function useGroups(query: GroupListQuery) {
  return useQuery(queryOptions({ queryKey: [...groupsQueryKey, query], queryFn: () => listGroups(query) }));
}
