/** GET /v2/me/identities (platform-shell.md §7): the workspaces the user can act in. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identitiesResponseSchema, type Identity, IDENTITY_PATHS } from '@larmor/contracts/identities';
import { api } from '#lib/api.ts';

export function getIdentities(): Promise<Identity[]> {
  return api.request(IDENTITY_PATHS.identities, { schema: identitiesResponseSchema });
}

export function identitiesQueryOptions() {
  return queryOptions({ queryKey: ['me', 'identities'], queryFn: getIdentities });
}

export function useIdentities(enabled: boolean) {
  return useQuery({ ...identitiesQueryOptions(), enabled });
}
