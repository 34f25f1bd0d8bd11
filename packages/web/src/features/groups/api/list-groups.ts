/** GET v1/groups/: the groups of the organisations the caller administers, paged. */
import { queryOptions, useQuery } from '@tanstack/react-query';
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
