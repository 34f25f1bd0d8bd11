/** GET v1/analytics/courses/{courseId}?cohortId=: progress and time on task of each module of a course. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_PATHS, courseAnalyticsSchema, type CourseAnalytics } from '@larmor/contracts/analytics';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { analyticsQueryKey } from './get-analytics-options.ts';

export function getCourseAnalytics(courseId: string, cohortId: string | null): Promise<CourseAnalytics> {
  return api.request(apiPath(ANALYTICS_PATHS.course, { courseId }), {
    query: { cohortId: cohortId ?? undefined },
    schema: courseAnalyticsSchema,
  });
}

export function courseAnalyticsQueryOptions(courseId: string, cohortId: string | null) {
  return queryOptions({
    queryKey: [...analyticsQueryKey, 'course', courseId, cohortId],
    queryFn: () => getCourseAnalytics(courseId, cohortId),
  });
}

export function useCourseAnalytics(courseId: string, cohortId: string | null) {
  return useQuery(courseAnalyticsQueryOptions(courseId, cohortId));
}
