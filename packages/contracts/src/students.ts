/**
 * The students calls of simulator.md §7 (issue 14): teachers and administrators list their organisation's
 * students, open one student with their scan results, and see each student's progress per course. A teacher
 * reaches only the students of the organisation of their active identity; a platform administrator reaches
 * every organisation; a student reaches only themself (GET v2/me/, GET v2/users/{their id}…).
 * The paths and query parameter names are the spec's, word for word.
 */
import { z } from 'zod';
import { idSchema, pageOfSchema, textSchema } from './common.ts';
import { attemptStateSchema } from './attempts.ts';
import { protocolSchema } from './scan-snapshot.ts';

export const STUDENT_PATHS = {
  clientUsers: 'v2/clients/{groupId}/users',
  clientUsersCourses: 'v2/clients/{groupId}/users/courses',
  me: 'v2/me/',
  user: 'v2/users/{userId}',
  userCoursesOverview: 'v2/users/{userId}/courses/overview',
  /** The caller's finished scans of a module (to keep as scan results and submit); not a spec path. */
  myScans: 'v2/me/scans',
} as const;

export const STUDENT_LIST_DEFAULT_PAGE_SIZE = 20;
export const STUDENT_LIST_MAX_PAGE_SIZE = 100;
export const STUDENT_SEARCH_MAX_LENGTH = 100;
/** Most courses one `courseIds` filter may name. */
export const STUDENT_COURSE_FILTER_MAX = 50;

export const STUDENT_ORDER_COLUMNS = ['last_name', 'first_name', 'username', 'email', 'created_at'] as const;
export const studentOrderColumnSchema = z.enum(STUDENT_ORDER_COLUMNS);

/** A query flag: `true`/`1` or `false`/`0` (a query string carries text). */
const queryFlagSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((flag) => flag === 'true' || flag === '1');

/** `courseIds` as `a,b` or repeated (`courseIds=a&courseIds=b`). */
const courseIdsSchema = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .filter((part) => part !== ''),
  z.array(idSchema).max(STUDENT_COURSE_FILTER_MAX),
);

export const groupIdParamsSchema = z.object({ groupId: idSchema });
export const studentUserIdParamsSchema = z.object({ userId: idSchema });

/**
 * Query of GET v2/clients/{groupId}/users. `search_term` searches username, first and last name and e-mail;
 * `cohortId` keeps the members of one cohort of the organisation; `courseIds` keeps students enrolled in the
 * program of any of those courses (archived courses count only with `includeArchived`);
 * `without_inactive_users` drops pending and deactivated accounts.
 */
export const studentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(STUDENT_LIST_MAX_PAGE_SIZE)
    .default(STUDENT_LIST_DEFAULT_PAGE_SIZE),
  order_by: studentOrderColumnSchema.default('last_name'),
  order_dir: z.enum(['asc', 'desc']).default('asc'),
  search_term: textSchema.trim().max(STUDENT_SEARCH_MAX_LENGTH).optional(),
  cohortId: idSchema.optional(),
  without_inactive_users: queryFlagSchema.default(false),
  courseIds: courseIdsSchema.optional(),
  includeArchived: queryFlagSchema.default(false),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** A student as the list shows them. */
export const studentSummarySchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  cohorts: z.array(z.object({ id: idSchema, name: z.string() })),
  createdAt: z.string(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

export const studentListResponseSchema = pageOfSchema(studentSummarySchema);
export type StudentListResponse = z.infer<typeof studentListResponseSchema>;

/** A scan result in a student's list (open it with GET v1/scan-results/{id}). */
export const studentScanResultSchema = z.object({
  id: idSchema,
  labId: idSchema,
  labTitle: z.string(),
  /** The series description: the name of the pulse sequence it ran (null once the session is gone). */
  description: z.string().nullable(),
  /** The kept scan's series number in its session (null once the scan is gone). */
  seriesNumber: z.number().int().min(1).nullable(),
  /** The protocol it was acquired with (SI units), and its acquisition time [s]; null without a stored protocol. */
  parameters: protocolSchema.nullable(),
  scanTimeSeconds: z.number().min(0).nullable(),
  createdAt: z.string(),
});
export type StudentScanResult = z.infer<typeof studentScanResultSchema>;

/** GET v2/users/{userId} and GET v2/me/: the student, the organisations they are a member of, their scan results. */
export const studentDetailSchema = studentSummarySchema.extend({
  clients: z.array(z.object({ id: idSchema, name: z.string() })),
  scanResults: z.array(studentScanResultSchema),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

/**
 * GET v2/me/: oneself as GET v2/users/{userId} answers it, plus the organisation of the active identity (null
 * for individual access): the `groupId` of the students calls for a teacher.
 */
export const meStudentSchema = studentDetailSchema.extend({ activeClientId: idSchema.nullable() });
export type MeStudent = z.infer<typeof meStudentSchema>;

/** One module of a course in a student's overview, with the student's latest attempt on it. */
export const moduleProgressSchema = z.object({
  labId: idSchema,
  title: z.string(),
  attempts: z.number().int().nonnegative(),
  latestAttemptId: idSchema.nullable(),
  state: attemptStateSchema.nullable(),
  late: z.boolean(),
  submittedAt: z.string().nullable(),
  /** The released score (null until released, and for modules never graded). */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
});
export type ModuleProgress = z.infer<typeof moduleProgressSchema>;

/** A course as the course lists head it: its id and title, its program's, and whether it is archived. */
const courseHeadingShape = {
  courseId: idSchema,
  title: z.string(),
  programId: idSchema,
  programTitle: z.string(),
  archived: z.boolean(),
};

export const courseOverviewSchema = z.object({
  ...courseHeadingShape,
  modules: z.array(moduleProgressSchema),
});
export type CourseOverview = z.infer<typeof courseOverviewSchema>;

/** GET /v2/users/{userId}/courses/overview: the courses of the programs the student is enrolled in. */
export const coursesOverviewResponseSchema = z.object({ courses: z.array(courseOverviewSchema) });
export type CoursesOverviewResponse = z.infer<typeof coursesOverviewResponseSchema>;

/** Query of GET v2/clients/{groupId}/users/courses. */
export const clientCoursesQuerySchema = z.object({ includeArchived: queryFlagSchema.default(false) });

/** A course students of the organisation are enrolled in, with how many (the list's course filter). */
export const clientCourseSchema = z.object({
  ...courseHeadingShape,
  students: z.number().int().nonnegative(),
});
export type ClientCourse = z.infer<typeof clientCourseSchema>;

export const clientCoursesResponseSchema = z.object({ courses: z.array(clientCourseSchema) });
export type ClientCoursesResponse = z.infer<typeof clientCoursesResponseSchema>;

/** Query of GET v2/me/scans: the module whose sessions' finished scans to list. */
export const ownScansQuerySchema = z.object({ labId: idSchema });

/** A finished scan of one of the caller's sessions of the module, and the scan result it was kept as (if so). */
export const ownScanSchema = z.object({
  scanId: idSchema,
  sessionId: idSchema,
  /** The pulse sequence's name (null once it was deleted). */
  description: z.string().nullable(),
  /** The scan's series number in its session ("Se 2"): every run is a series of its own. */
  seriesNumber: z.number().int().min(1),
  /** The protocol the scan was acquired with (SI units), for its key parameters (TR, TE, TI, flip, …). */
  parameters: protocolSchema,
  /** Its acquisition time on its scanner [s] (@larmor/mri scanTime). */
  scanTimeSeconds: z.number().min(0),
  finishedAt: z.string().nullable(),
  scanResultId: idSchema.nullable(),
});
export type OwnScan = z.infer<typeof ownScanSchema>;

export const ownScansResponseSchema = z.object({ scans: z.array(ownScanSchema) });
export type OwnScansResponse = z.infer<typeof ownScansResponseSchema>;
