/**
 * GET v1/groups/ (admins): the groups a program can enrol at once. The groups feature has its own copy of this
 * call for its page; features do not import each other.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_LIST_MAX_PAGE_SIZE } from '@larmor/contracts/constants';
import { type Group, groupListResponseSchema, ORGANISATION_PATHS } from '@larmor/contracts/organisations';
import { api } from '#lib/api.ts';

export function listGroups(): Promise<{ items: Group[]; total: number }> {
  return api.request(ORGANISATION_PATHS.groups, {
    query: { page: 1, per_page: USER_LIST_MAX_PAGE_SIZE },
    schema: groupListResponseSchema,
  });
}

export function useGroups(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ['groups', 'for-enrolment'], queryFn: listGroups }),
    enabled,
  });
}
