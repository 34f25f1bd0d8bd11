/** POST v1/groups/ with {clientId, name}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GroupCreate, groupSchema, ORGANISATION_PATHS } from '@larmor/contracts/organisations';
import { api } from '#lib/api.ts';
import { groupsQueryKey } from './list-groups.ts';

export function createGroup(body: GroupCreate) {
  return api.request(ORGANISATION_PATHS.groups, { method: 'POST', body, schema: groupSchema });
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
