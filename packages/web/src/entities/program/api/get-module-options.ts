/** GET v1/module-options: the engine's catalogue of anatomical models and sequence types, for the module form. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { moduleOptionsSchema, type ModuleOptions } from '@larmor/contracts/catalog';
import { PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function getModuleOptions(): Promise<ModuleOptions> {
  return api.request(PROGRAM_PATHS.moduleOptions, { schema: moduleOptionsSchema });
}

export const moduleOptionsQueryOptions = queryOptions({
  queryKey: ['module-options'],
  queryFn: getModuleOptions,
  staleTime: Infinity,
});

export function useModuleOptions() {
  return useQuery(moduleOptionsQueryOptions);
}
