/**
 * GET v1/analytics/modules/{labId}?cohortId=: a module's progress, time on task, pass rate per objective and
 * misconception map.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_PATHS, moduleAnalyticsSchema, type ModuleAnalytics } from '@larmor/contracts/analytics';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { analyticsQueryKey } from './get-analytics-options.ts';

export function getModuleAnalytics(labId: string, cohortId: string | null): Promise<ModuleAnalytics> {
  return api.request(apiPath(ANALYTICS_PATHS.module, { labId }), {
    query: { cohortId: cohortId ?? undefined },
    schema: moduleAnalyticsSchema,
  });
}

export function moduleAnalyticsQueryOptions(labId: string, cohortId: string | null) {
  return queryOptions({
    queryKey: [...analyticsQueryKey, 'module', labId, cohortId],
    queryFn: () => getModuleAnalytics(labId, cohortId),
  });
}

export function useModuleAnalytics(labId: string, cohortId: string | null) {
  return useQuery(moduleAnalyticsQueryOptions(labId, cohortId));
}
