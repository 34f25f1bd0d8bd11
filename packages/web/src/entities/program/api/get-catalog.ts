/** GET v1/catalog: the published programs this user may see, with enrolment state and progress. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogResponseSchema, type CatalogResponse } from '@larmor/contracts/catalog';
import { PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { catalogQueryKey } from './keys.ts';

export function getCatalog(): Promise<CatalogResponse> {
  return api.request(PROGRAM_PATHS.catalog, { schema: catalogResponseSchema });
}

export const catalogQueryOptions = queryOptions({ queryKey: catalogQueryKey, queryFn: getCatalog });

export function useCatalog() {
  return useQuery(catalogQueryOptions);
}
