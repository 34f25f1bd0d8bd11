/**
 * Attempt replay (issue 14): what a student did in the simulator sessions of an attempt, logged as it happens
 * (sequences added, renamed, deleted, moved; parameter, planning and configuration changes with old → new
 * values; runs, cancels and how each scan ended; sessions opened and closed), read by the teacher as a timeline.
 * Paths (under /api) are in `ACTIVITY_PATHS`.
 */
import { z } from 'zod';
import { timestampSchema } from './common.ts';

export const ACTIVITY_PATHS = {
  timeline: 'v1/attempts/{labAttemptId}/timeline',
} as const;

/** What happened; `scanFinished`, `scanFailed` and a cancel without a cancel call come from the scan itself. */
export const ACTIVITY_KINDS = [
  'sessionOpened',
  'sessionClosed',
  'collectionAdded',
  'sequenceAdded',
  'sequenceRenamed',
  'sequenceDeleted',
  'sequenceMoved',
  'parametersChanged',
  'planningChanged',
  'configurationChanged',
  'scanRun',
  'scanCancelled',
  'scanFinished',
  'scanFailed',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** One changed value, in console units (`15 ms`); `from` is null when the old value was not known. */
export const activityChangeSchema = z.object({
  /** The protocol, slice-geometry or configuration field, e.g. `echoTime`. */
  name: z.string(),
  /** Its console label, e.g. `TE`. */
  label: z.string(),
  from: z.string().nullable(),
  to: z.string(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const timelineEntrySchema = z.object({
  id: z.string(),
  at: timestampSchema,
  kind: activityKindSchema,
  sessionId: z.string(),
  /** Who did it (the session's student; for a scan's end, the session's owner). */
  userId: z.string(),
  pulseSequenceId: z.string().nullable(),
  /** The pulse sequence's name when the entry concerns one. */
  sequenceName: z.string().nullable(),
  /** One line for people, e.g. `Changed parameters of "T2 SE"`. */
  summary: z.string(),
  changes: z.array(activityChangeSchema),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET v1/attempts/{labAttemptId}/timeline: oldest first. */
export const attemptTimelineSchema = z.object({
  labAttemptId: z.string(),
  entries: z.array(timelineEntrySchema),
});
export type AttemptTimeline = z.infer<typeof attemptTimelineSchema>;
