/**
 * What a learner browses (GET v1/catalog), what the module form picks from (GET v1/module-options: the
 * engine's own catalogue of models and sequence types), and program uploads (images and documents).
 */
import { z } from 'zod';
import { ACCEPTED_DOCUMENT_EXTENSIONS } from './constants.ts';
import { enrollmentModeSchema, programSummarySchema } from './programs.ts';
import { sequenceTypeSchema } from './sequence-types.ts';

/** The spec's special anatomical model ids (simulator.md §2, §5, §9). */
export const READING_ONLY_MODEL_ID = 100_001;
export const TIMING_BOLUS_MODEL_ID = 223;
export const CONTRAST_MODEL_IDS = [202, 203, 204, 207] as const;

/** A user's progress in one program. Completion comes from module attempts (the attempts issue). */
export const programProgressSchema = z.object({
  modulesTotal: z.number().int().nonnegative(),
  modulesCompleted: z.number().int().nonnegative(),
  /** Whole percent, 0–100. */
  percent: z.number().int().min(0).max(100),
  /** The module the user opened last ("continue where you left off"), or null. */
  lastLab: z
    .object({ id: z.string(), courseId: z.string(), title: z.string(), openedAt: z.string() })
    .nullable(),
  /** The earliest due date of a module not completed yet, or null. */
  nextDueAt: z.string().nullable(),
});
export type ProgramProgress = z.infer<typeof programProgressSchema>;

/** One program of the catalogue, with the caller's enrolment state. */
export const catalogItemSchema = z.object({
  program: programSummarySchema,
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  /** The caller may enrol themself now (open enrolment, not enrolled yet). */
  canEnroll: z.boolean(),
  enrollment: enrollmentModeSchema,
  progress: programProgressSchema,
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

/** GET v1/catalog: the published programs this user may see, enrolled ones first, then by title. */
export const catalogResponseSchema = z.object({
  items: z.array(catalogItemSchema),
  /** True when the caller's active identity is on the free plan (only the free catalogue is shown). */
  freePlan: z.boolean(),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

/** One anatomical model a module may use: the engine's model and the condition the id stands for. */
export const anatomicalModelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The `@larmor/mri` model the id builds. */
  engineModelId: z.number().int(),
  engineModelName: z.string(),
  features: z.array(z.string()),
  /** Contrast agent available (simulator.md §5: models 202, 203, 204 and 207). */
  contrast: z.boolean(),
  /** Offers the timing-bolus tool (model 223). */
  timingBolus: z.boolean(),
  /** Shows prepared series only, no New Scan (model 100001). */
  readingOnly: z.boolean(),
  /** A preset brain condition the id stands for, e.g. `tumor`. */
  brainCondition: z.string().nullable(),
  /** Allowed on the free plan (FREE_PLAN_LIMITS.anatomies). */
  free: z.boolean(),
  /** What a teacher should know when picking it. */
  description: z.string(),
  /** Tissue keys the model holds (what tissue overrides may name). */
  tissues: z.array(z.string()),
  coils: z.array(z.object({ uniqueName: z.string(), shownName: z.string() })),
});
export type AnatomicalModelOption = z.infer<typeof anatomicalModelOptionSchema>;

/** GET v1/module-options: pickers of the module form. */
export const moduleOptionsSchema = z.object({
  anatomicalModels: z.array(anatomicalModelOptionSchema),
  sequenceTypes: z.array(sequenceTypeSchema),
});
export type ModuleOptions = z.infer<typeof moduleOptionsSchema>;

/** Image extensions an upload may have, beside the accepted document types (platform-shell.md §3). */
export const ACCEPTED_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const ACCEPTED_UPLOAD_EXTENSIONS = [
  ...ACCEPTED_IMAGE_EXTENSIONS,
  ...ACCEPTED_DOCUMENT_EXTENSIONS,
] as const;
/** Largest upload [bytes] (20 MiB); larger answer 413. */
export const UPLOAD_MAX_BYTES = 20 * 1_048_576;

/**
 * An uploaded file of a program (POST v1/programs/{programId}/uploads, multipart field `file`): `url` is
 * where it is served (GET v1/uploads/{uploadId}, with the signed asset cookie of GET v2/assets/signed-cookie
 * or a bearer token), for Markdown images and material links.
 */
export const uploadSchema = z.object({
  id: z.string(),
  programId: z.string(),
  filename: z.string(),
  kind: z.enum(['image', 'document']),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  url: z.string(),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadListSchema = z.array(uploadSchema);
