/**
 * The teacher's marking queue (issue 21.4): submitted attempts awaiting grading across the courses the caller
 * teaches (their organisation's programs and the global ones assigned to it), oldest submission first, with
 * counts per course, and per module the graded attempts a bulk release (POST v1/modules/{labId}/release) would
 * hand to the students. Another organisation's attempts never appear.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';

/** States in which an attempt waits for a teacher's grade. */
export const AWAITING_GRADING_STATES = ['submitted', 'inMarking', 'regradeRequested'] as const;

export const markingQueueItemSchema = z.object({
  attemptId: idSchema,
  number: z.number().int().min(1),
  state: z.enum(AWAITING_GRADING_STATES),
  studentId: idSchema,
  studentName: z.string(),
  labId: idSchema,
  labTitle: z.string(),
  courseId: idSchema,
  courseTitle: z.string(),
  programId: idSchema,
  programTitle: z.string(),
  submittedAt: z.string(),
  /** The module's due date, null when it has none. */
  dueAt: z.string().nullable(),
  /** Submitted after the due date. */
  late: z.boolean(),
  /** The automatic score of the submission (or the draft's, while in marking). */
  score: z.number(),
  maxScore: z.number(),
});
export type MarkingQueueItem = z.infer<typeof markingQueueItemSchema>;

export const markingQueueCourseSchema = z.object({
  courseId: idSchema,
  courseTitle: z.string(),
  programTitle: z.string(),
  /** Attempts awaiting grading. */
  awaiting: z.number().int().nonnegative(),
  /** Graded attempts not yet released. */
  graded: z.number().int().nonnegative(),
});

export const markingQueueModuleSchema = z.object({
  labId: idSchema,
  labTitle: z.string(),
  courseId: idSchema,
  /** Graded attempts a bulk release would release. */
  graded: z.number().int().nonnegative(),
});

/** GET v1/marking-queue. */
export const markingQueueSchema = z.object({
  items: z.array(markingQueueItemSchema),
  courses: z.array(markingQueueCourseSchema),
  /** Modules with graded attempts awaiting release. */
  modules: z.array(markingQueueModuleSchema),
});
export type MarkingQueue = z.infer<typeof markingQueueSchema>;
