/** POST v1/groups/ with {clientId, name}. */
import { type GroupCreate, groupSchema, ORGANISATION_PATHS } from '@larmor/contracts/organisations';
import { api } from '#lib/api.ts';
import { groupsQueryKey } from './list-groups.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function createGroup(body: GroupCreate) {
  return api.request(ORGANISATION_PATHS.groups, { method: 'POST', body, schema: groupSchema });
}

export function useCreateGroup() {
  return useInvalidatingMutation(createGroup, [groupsQueryKey]);
}
