/**
 * Learning content (DESIGN.md §6; issue 10): programs > courses > modules (the spec also calls a module a
 * lab), and enrolment. Paths under /api are in `PROGRAM_PATHS`; those the issue names are kept word for word.
 *
 * A program belongs to one organisation (`clientId`), or is global (`clientId` null, made by platform
 * administrators) and then visible to the organisations it is assigned to (`assignedClientIds`). Programs in
 * the free catalogue (`freeCatalogue`) are what individual free-plan users see, limited to the modules within
 * the free plan (Brain and Knee, SE and GRE: FREE_PLAN_LIMITS).
 */
import { z } from 'zod';
import {
  idSchema,
  multiLineTextSchema,
  pageOfSchema,
  pageQuerySchema,
  textSchema,
  timestampSchema,
  uniqueIdsSchema,
} from './common.ts';
import {
  labPresetNameSchema,
  labPresetsSchema,
  simulatorBackendSchema,
  tissueOverridesSchema,
} from './lab-presets.ts';
import { labCompetenciesSchema } from './competencies.ts';
import { objectivesSchema, objectiveSummarySchema } from './objectives.ts';
import { protocolSchema } from './scan-snapshot.ts';
import { sequenceTypeCodeSchema } from './sequence-types.ts';

export * from './publish-overrides.ts';

/** The API paths of learning content (under /api), with `{name}` path parameters. */
export const PROGRAM_PATHS = {
  programs: 'v1/programs',
  program: 'v1/programs/{programId}',
  programCourses: 'v1/programs/{programId}/courses',
  programCourseOrder: 'v1/programs/{programId}/course-order',
  programPublish: 'v1/programs/{programId}/publish',
  programPublishOverrides: 'v1/programs/{programId}/publish-overrides',
  programArchive: 'v1/programs/{programId}/archive',
  programEnrollments: 'v1/programs/{programId}/enrollments',
  programEnrollment: 'v1/programs/{programId}/enrollments/{userId}',
  programEnrollmentCandidates: 'v1/programs/{programId}/enrollment-candidates',
  programUploads: 'v1/programs/{programId}/uploads',
  course: 'v1/courses/{courseId}',
  courseModules: 'v1/courses/{courseId}/modules',
  courseModuleOrder: 'v1/courses/{courseId}/module-order',
  courseCopy: 'v1/courses/{courseId}/copy',
  courseArchive: 'v1/courses/{courseId}/archive',
  module: 'v1/modules/{labId}',
  moduleCopy: 'v1/modules/{labId}/copy',
  moduleArchive: 'v1/modules/{labId}/archive',
  moduleOptions: 'v1/module-options',
  upload: 'v1/uploads/{uploadId}',
  catalog: 'v1/catalog',
} as const;

/** Fills a path's `{name}` parameters: `apiPath(PROGRAM_PATHS.program, { programId })`. */
export function apiPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Field limits [characters] and list limits. */
export const PROGRAM_TITLE_MAX_LENGTH = 200;
export const PROGRAM_SUMMARY_MAX_LENGTH = 500;
/** Markdown bodies (program description, course description, module instructions) [characters]. */
export const MARKDOWN_MAX_LENGTH = 100_000;
export const PROGRAM_BATCH_MAX = 500;
/** Most objectives one module holds (the grading issue defines their shape). */
export const LAB_OBJECTIVES_MAX = 50;
/** Longest estimated module duration [min]; most attempts a module may allow. */
export const LAB_DURATION_MAX_MIN = 600;
export const LAB_ATTEMPTS_MAX = 100;

export const PROGRAM_STATUSES = ['draft', 'published', 'archived'] as const;
export const programStatusSchema = z.enum(PROGRAM_STATUSES);
export type ProgramStatus = z.infer<typeof programStatusSchema>;
/** `open`: any user who sees the program may enrol themself; `invitation`: teachers and admins enrol users. */
export const ENROLLMENT_MODES = ['open', 'invitation'] as const;
export const enrollmentModeSchema = z.enum(ENROLLMENT_MODES);
export type EnrollmentMode = z.infer<typeof enrollmentModeSchema>;

const titleSchema = textSchema.trim().min(1).max(PROGRAM_TITLE_MAX_LENGTH);
const markdownSchema = multiLineTextSchema.max(MARKDOWN_MAX_LENGTH);
const uniqueIds = (what: string) => uniqueIdsSchema(what, { max: PROGRAM_BATCH_MAX });

export const programIdParamsSchema = z.object({ programId: idSchema });
export const courseIdParamsSchema = z.object({ courseId: idSchema });
export const labIdParamsSchema = z.object({ labId: idSchema });
export const uploadIdParamsSchema = z.object({ uploadId: idSchema });
export const enrollmentParamsSchema = z.object({ programId: idSchema, userId: idSchema });

// ---------------------------------------------------------------- modules (labs)

/**
 * A module's starting protocol for one of its sequence types (issue 20.4): the parameters a new pulse sequence of
 * that type opens with, over the type's defaults for the session's scanner, so the author decides where the
 * student starts (a FLAIR whose TI does not yet null CSF). SI units, as a pulse sequence's `parameters`.
 */
export const startingProtocolSchema = z.object({
  sequenceType: sequenceTypeCodeSchema,
  parameters: protocolSchema.omit({ family: true, geometry: true }).partial().strict(),
});
export type StartingProtocol = z.infer<typeof startingProtocolSchema>;
/** At most one starting protocol per sequence type. */
export const startingProtocolsSchema = z
  .array(startingProtocolSchema)
  .max(40)
  .refine((list) => new Set(list.map((s) => s.sequenceType)).size === list.length, {
    message: 'A sequence type has two starting protocols',
    params: { rule: 'unique' },
  });

/** Objectives for automatic grading (objectives.ts; issue 14). */
export const labObjectivesSchema = objectivesSchema.max(LAB_OBJECTIVES_MAX);

const labFields = {
  title: titleSchema,
  /** Markdown with images (uploads of the program, by their `url`). */
  instructions: markdownSchema,
  /** An anatomical model id of GET v1/module-options (the spec's ids, 202… and 100001 included). */
  anatomicalModelId: z.number().int().positive(),
  backend: simulatorBackendSchema,
  /** The sequence-type codes a student may add; empty only for the reading-only model 100001. */
  sequenceTypes: z
    .array(sequenceTypeCodeSchema)
    .max(40)
    .refine((codes) => new Set(codes).size === codes.length, {
      message: 'A sequence type appears twice',
      params: { rule: 'unique' },
    }),
  presets: labPresetsSchema,
  /** Preset names the student may not change; each must have a preset value. */
  lockedPresets: z.array(labPresetNameSchema).max(40),
  tissueOverrides: tissueOverridesSchema,
  /** Where a new pulse sequence of each listed type starts; each type must be one of `sequenceTypes`. */
  startingProtocols: startingProtocolsSchema,
  /** Estimated duration [min]. */
  estimatedDurationMin: z.number().int().min(1).max(LAB_DURATION_MAX_MIN).nullable(),
  /** Attempts a student may make; null for unlimited. */
  attemptsAllowed: z.number().int().min(1).max(LAB_ATTEMPTS_MAX).nullable(),
  availableFrom: timestampSchema.nullable(),
  dueAt: timestampSchema.nullable(),
  /**
   * Whether a submission's automatic grade is released at once (issue 27.4): the student sees it as their grade
   * and it goes to the learning platform's line item (LTI grade return) without waiting for a teacher, who may
   * still regrade the attempt and release the new grade.
   */
  releaseAutomaticGrade: z.boolean(),
  objectives: labObjectivesSchema,
  /** The competencies the module assesses (competencies.ts; issue 24.3), for the competency map. */
  competencies: labCompetenciesSchema,
};

const lockedNeedPresets = (body: { presets?: object; lockedPresets?: string[] }) =>
  body.lockedPresets === undefined ||
  body.presets === undefined ||
  body.lockedPresets.every((name) => Object.hasOwn(body.presets ?? {}, name));
const dueAfterAvailable = (body: { availableFrom?: string | null; dueAt?: string | null }) =>
  !body.availableFrom || !body.dueAt || Date.parse(body.dueAt) > Date.parse(body.availableFrom);

/** POST v1/courses/{courseId}/modules. Everything but `title` and `anatomicalModelId` has a default. */
export const labCreateSchema = z
  .object({
    ...labFields,
    instructions: labFields.instructions.default(''),
    backend: labFields.backend.default('cpusim'),
    sequenceTypes: labFields.sequenceTypes.default([]),
    presets: labFields.presets.default({}),
    lockedPresets: labFields.lockedPresets.default([]),
    tissueOverrides: labFields.tissueOverrides.default([]),
    startingProtocols: labFields.startingProtocols.default([]),
    estimatedDurationMin: labFields.estimatedDurationMin.default(null),
    attemptsAllowed: labFields.attemptsAllowed.default(null),
    availableFrom: labFields.availableFrom.default(null),
    dueAt: labFields.dueAt.default(null),
    releaseAutomaticGrade: labFields.releaseAutomaticGrade.default(false),
    objectives: labFields.objectives.default([]),
    competencies: labFields.competencies.default([]),
  })
  .refine(lockedNeedPresets, {
    path: ['lockedPresets'],
    message: 'A locked preset needs a value',
    params: { rule: 'preset_required' },
  })
  .refine(dueAfterAvailable, { path: ['dueAt'], message: 'Due before available', params: { rule: 'after' } });
export type LabCreate = z.infer<typeof labCreateSchema>;
export type LabCreateInput = z.input<typeof labCreateSchema>;

/** PATCH v1/modules/{labId}: any subset; `presets` and `lockedPresets` replace the stored ones. */
export const labPatchSchema = z
  .object(labFields)
  .partial()
  .refine(lockedNeedPresets, {
    path: ['lockedPresets'],
    message: 'A locked preset needs a value',
    params: { rule: 'preset_required' },
  })
  .refine(dueAfterAvailable, { path: ['dueAt'], message: 'Due before available', params: { rule: 'after' } });
export type LabPatch = z.infer<typeof labPatchSchema>;

/** A module as every call answers it. `free`: within the free plan's limits. */
export const labSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  programId: z.string(),
  position: z.number().int().nonnegative(),
  archived: z.boolean(),
  free: z.boolean(),
  /** Whether the model only shows prepared series (100001): no New Scan. */
  readingOnly: z.boolean(),
  ...labFields,
  title: z.string(),
  instructions: z.string(),
  sequenceTypes: z.array(z.number().int()),
  /** The checks in full, thresholds included: for the module's editors only; empty for learners. */
  objectives: objectivesSchema,
  /** What the objectives ask and are worth, for everyone (no thresholds): titles and points. */
  objectiveSummaries: z.array(objectiveSummarySchema),
  /** Attempts the calling student has left (null: unlimited, or not a student). */
  attemptsLeft: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lab = z.infer<typeof labSchema>;

/** A module in a course's list. */
export const labSummarySchema = labSchema.pick({
  id: true,
  courseId: true,
  title: true,
  position: true,
  archived: true,
  free: true,
  readingOnly: true,
  anatomicalModelId: true,
  estimatedDurationMin: true,
  availableFrom: true,
  dueAt: true,
});
export type LabSummary = z.infer<typeof labSummarySchema>;

/** POST v1/modules/{labId}/copy: into `courseId` (default: the same course), at its end. */
export const labCopySchema = z.object({ courseId: idSchema.optional() });
export type LabCopy = z.infer<typeof labCopySchema>;

// ---------------------------------------------------------------- courses

/** POST v1/programs/{programId}/courses. */
export const courseCreateSchema = z.object({ title: titleSchema, description: markdownSchema.default('') });
export type CourseCreate = z.infer<typeof courseCreateSchema>;
export type CourseCreateInput = z.input<typeof courseCreateSchema>;
/** PATCH v1/courses/{courseId}. */
export const coursePatchSchema = z.object({ title: titleSchema, description: markdownSchema }).partial();
export type CoursePatch = z.infer<typeof coursePatchSchema>;

export const courseSchema = z.object({
  id: z.string(),
  programId: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int().nonnegative(),
  archived: z.boolean(),
  /** The course's modules in order (archived ones only for editors). */
  modules: z.array(labSummarySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/** POST v1/courses/{courseId}/copy: into `programId` (default: the same program), with its modules. */
export const courseCopySchema = z.object({ programId: idSchema.optional() });
export type CourseCopy = z.infer<typeof courseCopySchema>;
/** PUT v1/programs/{programId}/course-order: every course of the program, once, in the new order. */
export const courseOrderSchema = z.object({ courseIds: uniqueIds('A course').min(1) });
export type CourseOrder = z.infer<typeof courseOrderSchema>;
/** PUT v1/courses/{courseId}/module-order: every module of the course, once, in the new order. */
export const labOrderSchema = z.object({ labIds: uniqueIds('A module').min(1) });
export type LabOrder = z.infer<typeof labOrderSchema>;

// ---------------------------------------------------------------- programs

const programFields = {
  title: titleSchema,
  summary: multiLineTextSchema.trim().max(PROGRAM_SUMMARY_MAX_LENGTH),
  description: markdownSchema,
  /** An image upload of this program (POST …/uploads), or null. */
  coverUploadId: idSchema.nullable(),
  enrollment: enrollmentModeSchema,
  /** In the free catalogue (global programs only). */
  freeCatalogue: z.boolean(),
  /** Organisations a global program is assigned to (platform administrators only). */
  assignedClientIds: uniqueIds('An organisation'),
};

/**
 * POST v1/programs. `clientId`: the owning organisation (default: the caller's active organisation); `global:
 * true` makes a global program (platform administrators only). A new program is a draft.
 */
export const programCreateSchema = z
  .object({
    ...programFields,
    summary: programFields.summary.default(''),
    description: programFields.description.default(''),
    coverUploadId: programFields.coverUploadId.default(null),
    enrollment: programFields.enrollment.default('invitation'),
    freeCatalogue: programFields.freeCatalogue.default(false),
    assignedClientIds: programFields.assignedClientIds.default([]),
    clientId: idSchema.optional(),
    global: z.boolean().default(false),
  })
  .refine((b) => !(b.global && b.clientId), {
    path: ['clientId'],
    message: 'A global program has no organisation',
    params: { rule: 'global_no_client' },
  })
  .refine((b) => b.global || (!b.freeCatalogue && b.assignedClientIds.length === 0), {
    path: ['global'],
    message: 'Only global programs are assigned or in the free catalogue',
    params: { rule: 'global_only' },
  });
export type ProgramCreate = z.infer<typeof programCreateSchema>;
export type ProgramCreateInput = z.input<typeof programCreateSchema>;

/** PATCH v1/programs/{programId}: any subset (publishing and archiving have their own calls). */
export const programPatchSchema = z.object(programFields).partial();
export type ProgramPatch = z.infer<typeof programPatchSchema>;

/** Longest reason for publishing over failing reference checks [characters]. */
export const PUBLISH_OVERRIDE_REASON_MAX_LENGTH = 1000;

/**
 * POST v1/programs/{programId}/publish: `published` false takes it back to draft. A module whose objectives fail
 * its own reference scan blocks publishing (409) unless `overrideReason` says why it may go out as it is
 * (issue 21); the reason is kept with who gave it.
 */
export const publishSchema = z.object({
  published: z.boolean().default(true),
  overrideReason: multiLineTextSchema.trim().min(1).max(PUBLISH_OVERRIDE_REASON_MAX_LENGTH).optional(),
});
export type Publish = z.infer<typeof publishSchema>;
/** POST …/archive of a program, course or module: `archived` false restores it. */
export const archiveSchema = z.object({ archived: z.boolean().default(true) });
export type Archive = z.infer<typeof archiveSchema>;

/** A program in lists. `canEdit`: the caller may change it. */
export const programSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImageUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  global: z.boolean(),
  status: programStatusSchema,
  enrollment: enrollmentModeSchema,
  freeCatalogue: z.boolean(),
  courseCount: z.number().int().nonnegative(),
  moduleCount: z.number().int().nonnegative(),
  enrolledCount: z.number().int().nonnegative(),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

/** A program with its description and its courses in order (each with its modules). */
export const programSchema = programSummarySchema.extend({
  description: z.string(),
  coverUploadId: z.string().nullable(),
  assignedClientIds: z.array(z.string()),
  courses: z.array(courseSchema),
});
export type Program = z.infer<typeof programSchema>;

/** GET v1/programs: the programs the caller may manage (teachers and admins), newest first. */
export const programListQuerySchema = pageQuerySchema.extend({
  /** `client`: organisation programs (/client-courses-management); `global`: global ones. */
  owner: z.enum(['client', 'global']).optional(),
  clientId: idSchema.optional(),
  status: programStatusSchema.optional(),
  search: textSchema.trim().max(PROGRAM_TITLE_MAX_LENGTH).optional(),
});
export type ProgramListQuery = z.infer<typeof programListQuerySchema>;
export const programListResponseSchema = pageOfSchema(programSummarySchema);
export type ProgramListResponse = z.infer<typeof programListResponseSchema>;

// ---------------------------------------------------------------- enrolment

/**
 * POST v1/programs/{programId}/enrollments: teachers and admins enrol users, whole groups and cohorts (their
 * members now); `{}` is a user enrolling themself where the program is open to them.
 */
export const enrollmentCreateSchema = z.object({
  userIds: uniqueIds('A user').optional(),
  groupIds: uniqueIds('A group').optional(),
  cohortIds: uniqueIds('A cohort').optional(),
});
export type EnrollmentCreate = z.infer<typeof enrollmentCreateSchema>;

/** One enrolled user. */
export const enrollmentSchema = z.object({
  programId: z.string(),
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  enrolledAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
/** Answer of the enrolment call: how many were new, and everyone enrolled now. */
export const enrollmentResultSchema = z.object({
  added: z.number().int().nonnegative(),
  enrollments: z.array(enrollmentSchema),
});
export type EnrollmentResult = z.infer<typeof enrollmentResultSchema>;
export const enrollmentListSchema = z.array(enrollmentSchema);

/** Longest name search of the enrolment candidates [characters]. */
export const ENROLLMENT_CANDIDATE_SEARCH_MAX_LENGTH = 100;

/**
 * GET v1/programs/{programId}/enrollment-candidates: users the caller may enrol in the program (members of the
 * program's organisation, or of the caller's for a global program), by username, first or last name; paged.
 */
export const enrollmentCandidateQuerySchema = pageQuerySchema.extend({
  search: textSchema.trim().max(ENROLLMENT_CANDIDATE_SEARCH_MAX_LENGTH).optional(),
});
export type EnrollmentCandidateQuery = z.infer<typeof enrollmentCandidateQuerySchema>;
export const enrollmentCandidateSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Already enrolled in the program. */
  enrolled: z.boolean(),
});
export type EnrollmentCandidate = z.infer<typeof enrollmentCandidateSchema>;
export const enrollmentCandidateListSchema = pageOfSchema(enrollmentCandidateSchema);
export type EnrollmentCandidateList = z.infer<typeof enrollmentCandidateListSchema>;
