/** GET v1/marking-queue: attempts awaiting grading across the teacher's courses (issue 21.4). */
import { useQuery } from '@tanstack/react-query';
import { ATTEMPT_PATHS, markingQueueSchema, type MarkingQueue } from '@larmor/contracts/attempts';
import { api } from '#lib/api.ts';

export const markingQueueQueryKey = ['marking-queue'] as const;

export function getMarkingQueue(): Promise<MarkingQueue> {
  return api.request(ATTEMPT_PATHS.markingQueue, { schema: markingQueueSchema });
}

/** Refetched each time the dashboard mounts: a teacher comes back to it from grading. */
export function useMarkingQueue(enabled: boolean) {
  return useQuery({ queryKey: markingQueueQueryKey, queryFn: getMarkingQueue, enabled, staleTime: 0 });
}
