/** GET v1/analytics: the organisation's courses with their modules, and its cohorts (the page's filters). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_PATHS, analyticsOptionsSchema, type AnalyticsOptions } from '@larmor/contracts/analytics';
import { api } from '#lib/api.ts';

export function getAnalyticsOptions(): Promise<AnalyticsOptions> {
  return api.request(ANALYTICS_PATHS.options, { schema: analyticsOptionsSchema });
}

export const analyticsQueryKey = ['analytics'] as const;

export function analyticsOptionsQueryOptions() {
  return queryOptions({ queryKey: [...analyticsQueryKey, 'options'], queryFn: getAnalyticsOptions });
}

export function useAnalyticsOptions() {
  return useQuery(analyticsOptionsQueryOptions());
}
