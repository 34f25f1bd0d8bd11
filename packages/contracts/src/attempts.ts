/**
 * Module attempts, scan results and grades (issue 14). A student starts an attempt on a module, keeps finished
 * scans of their sessions as scan results (each with its immutable scan snapshot), and submits chosen scan
 * results with answers: the submission is graded automatically at once against the module's objectives
 * (objectives.ts). Teachers of the student's organisation grade (overriding automatic scores, audited) and
 * release; the student sees grades only once released, and may ask for a regrade once per attempt.
 * Paths under /api are in `ATTEMPT_PATHS`; those the issue names are kept word for word.
 */
import { z } from 'zod';
import { idSchema, multiLineTextSchema, textSchema, uniqueIdsSchema } from './common.ts';
import { ltiGradeReturnSchema } from './lti-ags.ts';
import { checkResultSchema } from './objectives.ts';
import { scanSnapshotSchema } from './scan-snapshot.ts';

export * from './scan-result-review.ts';
export * from './marking-queue.ts';
export * from './rubric-points.ts';

export const ATTEMPT_PATHS = {
  moduleAttempts: 'v1/modules/{labId}/attempts',
  moduleRelease: 'v1/modules/{labId}/release',
  markingQueue: 'v1/marking-queue',
  attempt: 'v1/attempts/{labAttemptId}',
  submit: 'v1/attempts/{labAttemptId}/submit',
  grade: 'v1/attempts/{labAttemptId}/grade',
  release: 'v1/attempts/{labAttemptId}/release',
  regrade: 'v1/attempts/{labAttemptId}/regrade',
  /** Staff: send the released score again to the learning platforms that failed it (LTI AGS, issue 27.4). */
  gradeReturnsRetry: 'v1/attempts/{labAttemptId}/grade-returns/retry',
  scanResults: 'v1/scan-results',
  scanResult: 'v1/scan-results/{scanResultId}',
} as const;

/** The state chip of an attempt. */
export const ATTEMPT_STATES = [
  'inProgress',
  'submitted',
  'inMarking',
  'graded',
  'released',
  'regradeRequested',
] as const;
export const attemptStateSchema = z.enum(ATTEMPT_STATES);
export type AttemptState = z.infer<typeof attemptStateSchema>;

/** Most scan results one submission carries; most answers; longest answer, comment, reason [characters]. */
export const SUBMISSION_SCAN_RESULTS_MAX = 20;
export const ANSWERS_MAX = 50;
export const ANSWER_MAX_LENGTH = 5000;
export const GRADE_COMMENT_MAX_LENGTH = 5000;
export const REGRADE_REASON_MAX_LENGTH = 2000;
export const RUBRIC_CRITERIA_MAX = 60;
export const ANNOTATIONS_MAX = 100;

export const labAttemptIdParamsSchema = z.object({ labAttemptId: idSchema });
export const scanResultIdParamsSchema = z.object({ scanResultId: idSchema });

/** POST v1/scan-results: keep a finished scan of one's own session as a scan result. */
export const scanResultCreateSchema = z.object({ scanId: idSchema });

export const scanResultSchema = z.object({
  id: idSchema,
  userId: idSchema,
  labId: idSchema,
  /** The scan it was kept from (null once that scan is gone; the snapshot stays). */
  scanId: idSchema.nullable(),
  snapshot: scanSnapshotSchema,
  rows: z.number().int(),
  columns: z.number().int(),
  slices: z.number().int(),
  createdAt: z.string(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

const answersSchema = z
  .record(textSchema.trim().min(1).max(64), multiLineTextSchema.max(ANSWER_MAX_LENGTH))
  .refine((answers) => Object.keys(answers).length <= ANSWERS_MAX, {
    message: `At most ${ANSWERS_MAX} answers`,
    params: { rule: 'max' },
  });

/**
 * POST v1/attempts/{labAttemptId}/submit. At least one scan result, except in a reading-only module (model
 * 100001), where the answers are the whole submission (the server decides: it knows the module).
 */
export const attemptSubmitSchema = z.object({
  scanResultIds: uniqueIdsSchema('A scan result', { max: SUBMISSION_SCAN_RESULTS_MAX }),
  answers: answersSchema.default({}),
});
export type AttemptSubmit = z.infer<typeof attemptSubmitSchema>;

/** One rubric criterion's score: an objective's id overrides its automatic score; other ids are the teacher's. */
export const criterionScoreSchema = z.object({
  id: textSchema.trim().min(1).max(64),
  title: textSchema.trim().max(200).optional(),
  points: z.number().min(0).max(1000),
  maxPoints: z.number().min(0).max(1000),
  comment: multiLineTextSchema.max(GRADE_COMMENT_MAX_LENGTH).optional(),
});

/** Feedback drawn on an image: an arrow (two points) or a region (a closed polygon) on one slice [pixels]. */
export const annotationSchema = z.object({
  criterionId: textSchema.trim().min(1).max(64),
  scanResultId: idSchema,
  slice: z.number().int().min(0),
  kind: z.enum(['arrow', 'roi']),
  points: z
    .array(z.tuple([z.number().finite(), z.number().finite()]))
    .min(2)
    .max(200),
  text: textSchema.max(500).optional(),
});

/** POST v1/attempts/{labAttemptId}/grade (teacher): the rubric, comments and drawings; `final` ends marking. */
export const attemptGradeSchema = z
  .object({
    criteria: z.array(criterionScoreSchema).max(RUBRIC_CRITERIA_MAX),
    comment: multiLineTextSchema.max(GRADE_COMMENT_MAX_LENGTH).default(''),
    annotations: z.array(annotationSchema).max(ANNOTATIONS_MAX).default([]),
    final: z.boolean().default(true),
  })
  .refine((g) => new Set(g.criteria.map((c) => c.id)).size === g.criteria.length, {
    path: ['criteria'],
    message: 'A criterion appears twice',
    params: { rule: 'unique' },
  })
  .refine((g) => g.criteria.every((c) => c.points <= c.maxPoints), {
    path: ['criteria'],
    message: 'Points above the maximum',
    params: { rule: 'max' },
  });
export type AttemptGrade = z.infer<typeof attemptGradeSchema>;

/** POST v1/attempts/{labAttemptId}/regrade (student, once per attempt). */
export const regradeRequestSchema = z.object({
  reason: multiLineTextSchema.trim().min(1).max(REGRADE_REASON_MAX_LENGTH),
});

/** One audited change of a score: who, when, from what to what. */
export const scoreOverrideSchema = z.object({
  criterionId: z.string(),
  fromPoints: z.number().nullable(),
  toPoints: z.number(),
  byUserId: idSchema,
  at: z.string(),
});

export const gradeSchema = z.object({
  /** The automatic checks of the submission. */
  checks: z.array(checkResultSchema),
  /** The rubric: prefilled from the checks, then the teacher's. */
  criteria: z.array(criterionScoreSchema),
  comment: z.string(),
  annotations: z.array(annotationSchema),
  score: z.number(),
  maxScore: z.number(),
  gradedBy: idSchema.nullable(),
  gradedAt: z.string().nullable(),
  /** Score overrides (teachers only; empty for the student). */
  overrides: z.array(scoreOverrideSchema),
});
export type Grade = z.infer<typeof gradeSchema>;

export const labAttemptSchema = z.object({
  id: idSchema,
  labId: idSchema,
  userId: idSchema,
  /** 1 for the student's first attempt on the module. */
  number: z.number().int().min(1),
  state: attemptStateSchema,
  answers: z.record(z.string(), z.string()),
  scanResultIds: z.array(idSchema),
  late: z.boolean(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  regradeReason: z.string().nullable(),
  /** Null for the student until the grade is released. */
  grade: gradeSchema.nullable(),
  /**
   * The automatic checks of the submission, shown to the student at once (the issue: "a submission is checked at
   * once"); null before submission. The grade (rubric, comment, drawings, score) stays held until release.
   */
  feedback: z.array(checkResultSchema).nullable(),
  /**
   * Staff only: the grade's returns to learning platforms (LTI AGS, issue 27.4), one per line item the student
   * launched the module from; absent for the student.
   */
  gradeReturns: z.array(ltiGradeReturnSchema).optional(),
});
export type LabAttempt = z.infer<typeof labAttemptSchema>;

/** POST v1/modules/{labId}/release: every graded attempt of the module (the caller's organisation). */
export const moduleReleaseResultSchema = z.object({ released: z.number().int().min(0) });
