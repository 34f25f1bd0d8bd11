/** GET v1/clients/: the organisations the caller may see (to name each group's organisation). */
import { useQuery } from '@tanstack/react-query';
import { USER_LIST_MAX_PAGE_SIZE } from '@larmor/contracts/constants';
import { clientListResponseSchema, ORGANISATION_PATHS } from '@larmor/contracts/organisations';
import { api } from '#lib/api.ts';

export function listClients() {
  return api.request(ORGANISATION_PATHS.clients, {
    query: { page: 1, per_page: USER_LIST_MAX_PAGE_SIZE },
    schema: clientListResponseSchema,
  });
}

export function useClients() {
  return useQuery({ queryKey: ['clients', 'all'], queryFn: listClients });
}
