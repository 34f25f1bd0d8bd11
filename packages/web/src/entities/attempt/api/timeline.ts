/** The attempt's replay (issue 14): GET v1/attempts/{labAttemptId}/timeline, for the grade page. */
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_PATHS, attemptTimelineSchema, type AttemptTimeline } from '@larmor/contracts/activity';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function getAttemptTimeline(id: string): Promise<AttemptTimeline> {
  return api.request(apiPath(ACTIVITY_PATHS.timeline, { labAttemptId: id }), {
    schema: attemptTimelineSchema,
  });
}

export function useAttemptTimeline(id: string) {
  return useQuery({ queryKey: ['attempts', 'timeline', id], queryFn: () => getAttemptTimeline(id) });
}
