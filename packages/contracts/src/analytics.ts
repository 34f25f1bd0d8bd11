/**
 * Analytics (issue 14, platform-shell.md /analytics): for teachers and administrators of the organisation of
 * their active identity, never in the production environment. Per course and module, optionally for one cohort
 * of the organisation: progress (the students by the state of their newest attempt, late ones), time on task
 * (from the module's simulator sessions), the pass rate of each objective, the misconception map (which checks,
 * and which protocol parameters behind them, a cohort gets wrong most often) and a CSV export.
 * Paths under /api are in `ANALYTICS_PATHS`.
 */
import { z } from 'zod';
import { ATTEMPT_STATES } from './attempts.ts';
import { idSchema } from './common.ts';
import type { ObjectiveKind } from './objectives.ts';

export const ANALYTICS_PATHS = {
  /** The courses (with their modules) and the cohorts the caller's organisation analyses. */
  options: 'v1/analytics',
  course: 'v1/analytics/courses/{courseId}',
  module: 'v1/analytics/modules/{labId}',
  moduleCsv: 'v1/analytics/modules/{labId}/csv',
} as const;

/** The environments analytics is offered in: every one but production (platform-shell.md §6). */
export const ANALYTICS_UNAVAILABLE_IN = 'production';

/** Most distinct measured values the misconception map lists per failed objective. */
export const MISCONCEPTION_VALUES_MAX = 5;

export const analyticsCourseParamsSchema = z.object({ courseId: idSchema });
export const analyticsModuleParamsSchema = z.object({ labId: idSchema });
/** `cohortId`: only the members of this cohort of the organisation. */
export const analyticsQuerySchema = z.object({ cohortId: idSchema.optional() });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsOptionsSchema = z.object({
  courses: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      programId: idSchema,
      programTitle: z.string(),
      modules: z.array(z.object({ id: idSchema, title: z.string() })),
    }),
  ),
  cohorts: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type AnalyticsOptions = z.infer<typeof analyticsOptionsSchema>;

/** A state a student of the module is in: the state of their newest attempt, or not started. */
export const PROGRESS_STATES = ['notStarted', ...ATTEMPT_STATES] as const;
export const progressStateSchema = z.enum(PROGRESS_STATES);
export type ProgressState = z.infer<typeof progressStateSchema>;

export const moduleProgressSummarySchema = z.object({
  /** Students enrolled in the module's program (of the cohort when filtered). */
  students: z.number().int().nonnegative(),
  /** Students by the state of their newest attempt; every state is present (0 when none). */
  states: z.record(progressStateSchema, z.number().int().nonnegative()),
  /** Students whose newest attempt was submitted after the due date. */
  late: z.number().int().nonnegative(),
});
export type ModuleProgressSummary = z.infer<typeof moduleProgressSummarySchema>;

/**
 * Time on task [s]: for each student, the sum over their simulator sessions of the module of the session's
 * length, from opening to closing (PUT close) or, for a session still open or reaped for lack of keepalive, to
 * its last keepalive. Statistics are over the students with at least one session.
 */
export const timeOnTaskSchema = z.object({
  studentsWithSessions: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  totalSeconds: z.number().nonnegative(),
  /** Null when no student has a session. */
  medianSeconds: z.number().nonnegative().nullable(),
  meanSeconds: z.number().nonnegative().nullable(),
  maxSeconds: z.number().nonnegative().nullable(),
});
export type TimeOnTask = z.infer<typeof timeOnTaskSchema>;

export const TIME_ON_TASK_DEFINITION =
  "Time on task: per student, the sum of their simulator sessions' lengths in the module, from opening to close " +
  '(or to the last keepalive for a session still open or closed for lack of keepalive)';

export const courseAnalyticsSchema = z.object({
  courseId: idSchema,
  title: z.string(),
  cohortId: idSchema.nullable(),
  modules: z.array(
    z.object({
      labId: idSchema,
      title: z.string(),
      progress: moduleProgressSummarySchema,
      timeOnTask: timeOnTaskSchema,
    }),
  ),
});
export type CourseAnalytics = z.infer<typeof courseAnalyticsSchema>;

export const objectivePassRateSchema = z.object({
  objectiveId: z.string(),
  title: z.string(),
  kind: z.string(),
  /** Submissions (each student's newest submitted attempt) that passed the check / that carry it. */
  passed: z.number().int().nonnegative(),
  submissions: z.number().int().nonnegative(),
  /** passed / submissions; null when no submission carries the check. */
  rate: z.number().min(0).max(1).nullable(),
});
export type ObjectivePassRate = z.infer<typeof objectivePassRateSchema>;

export const misconceptionSchema = z.object({
  objectiveId: z.string(),
  title: z.string(),
  kind: z.string(),
  failed: z.number().int().positive(),
  submissions: z.number().int().positive(),
  /** The protocol parameters that decide the check (OBJECTIVE_PARAMETERS). */
  parameters: z.array(z.string()),
  /** What the failing submissions measured, most frequent first (at most MISCONCEPTION_VALUES_MAX). */
  measured: z.array(z.object({ value: z.string(), count: z.number().int().positive() })),
});
export type Misconception = z.infer<typeof misconceptionSchema>;

export const moduleAnalyticsSchema = z.object({
  labId: idSchema,
  title: z.string(),
  courseId: idSchema,
  cohortId: idSchema.nullable(),
  progress: moduleProgressSummarySchema,
  timeOnTask: timeOnTaskSchema,
  passRates: z.array(objectivePassRateSchema),
  /** Failed checks, most failures first. */
  misconceptions: z.array(misconceptionSchema),
  /** Protocol parameters by how many failed checks they decide, most first. */
  parameters: z.array(z.object({ parameter: z.string(), failures: z.number().int().positive() })),
});
export type ModuleAnalytics = z.infer<typeof moduleAnalyticsSchema>;

/**
 * The protocol parameters each kind of check depends on: a failed check points the teacher at these (the
 * misconception map's parameter ranking).
 */
export const OBJECTIVE_PARAMETERS: Record<ObjectiveKind, readonly string[]> = {
  sequenceFamily: ['Sequence type'],
  weighting: ['TR', 'TE', 'TI', 'Flip angle'],
  orientation: ['Slice orientation'],
  phaseDirection: ['Phase-encoding direction'],
  scanTimeMax: ['TR', 'Phase matrix', 'NEX', 'Echo train length', 'Slices'],
  inPlaneResolutionMax: ['FOV', 'Matrix'],
  sliceThicknessMax: ['Slice thickness'],
  coverage: ['Slice position', 'Slices', 'Slice thickness'],
  fatSuppression: ['Fat suppression'],
  fieldStrength: ['Field strength'],
  snrMin: ['FOV', 'Matrix', 'Slice thickness', 'NEX', 'Bandwidth', 'TR', 'TE'],
  contrastOrder: ['TR', 'TE', 'TI', 'Flip angle'],
  noWrap: ['FOV', 'Phase-encoding direction', 'Phase oversampling'],
  chemicalShiftMax: ['Bandwidth', 'Fat suppression', 'Field strength'],
  noMotion: ['Scan time', 'Phase-encoding direction'],
  cnrMin: ['TR', 'TE', 'TI', 'Flip angle', 'Slice thickness', 'NEX', 'Bandwidth'],
  signalRatioMin: ['TR', 'TE', 'TI', 'Flip angle'],
  tissueNull: ['TI', 'TR'],
  adcRange: ['b-values', 'Sequence type'],
  sarMax: ['Flip angle', 'Refocusing flip angle', 'Echo train length', 'TR', 'Slices'],
  angulation: ['Slice orientation', 'Slice tilt', 'Slice rotation'],
  gibbsMax: ['Matrix', 'FOV'],
  ghostMax: ['TR', 'NEX', 'Phase-encoding direction'],
  distortionMax: ['Echo spacing', 'Bandwidth', 'Phase matrix', 'Sequence type'],
  diagnoseFix: ['Artifact named in the answer'],
  readingAnswer: ['Choice in the answer'],
};

/** The parameters a check of `kind` depends on (none for a kind this version does not know). */
export function parametersOfKind(kind: string): readonly string[] {
  return Object.hasOwn(OBJECTIVE_PARAMETERS, kind) ? OBJECTIVE_PARAMETERS[kind as ObjectiveKind] : [];
}

/** The columns of the CSV export, in order. */
export const ANALYTICS_CSV_COLUMNS = ['section', 'item', 'title', 'value', 'count', 'total', 'rate'] as const;
