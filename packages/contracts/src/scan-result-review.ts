/**
 * Reviewing a scan result (issue 14): its series as the shared viewer reads it (the shapes of the session's
 * reconstructed-images calls, scan-images.ts, less k-space and downloads, which a scan result does not keep),
 * the module's reference scan (a teacher's own scan result), and the comparison of a scan result with it: the
 * parameters that differ with the consequence of each, and a difference map of the two series' centre slices.
 * Re-exported by attempts.ts.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';
import { checkResultSchema } from './objectives.ts';
import { diffusionSeriesSchema, imageSliceSchema, reconstructedImagesSchema } from './scan-images.ts';

export const SCAN_RESULT_REVIEW_PATHS = {
  /** GET: the series' metadata with a URL per slice. */
  images: 'v1/scan-results/{scanResultId}/images',
  /** GET: one slice's pixels, little-endian Float32, rows × columns, row by row. */
  slice: 'v1/scan-results/{scanResultId}/images/{index}',
  /** GET: the comparison with the module's reference scan. */
  comparison: 'v1/scan-results/{scanResultId}/comparison',
  /** GET: the difference map's pixels, little-endian Float32, rows × columns. */
  difference: 'v1/scan-results/{scanResultId}/comparison/difference',
  /** GET the module's reference scan; PUT `{scanResultId}` (a teacher's own scan result of the module); DELETE. */
  reference: 'v1/modules/{labId}/reference',
  /** GET: the module's objectives checked against its reference scan (the module's editors). */
  referenceEvaluation: 'v1/modules/{labId}/reference/evaluation',
} as const;

export const scanResultSliceParamsSchema = z.object({
  scanResultId: idSchema,
  index: z.coerce.number().int().min(0),
});

/** GET v1/scan-results/{scanResultId}/images: the kept series' metadata (geometry [m], window, protocol). */
export const scanResultImagesSchema = reconstructedImagesSchema
  .pick({
    rows: true,
    columns: true,
    pixelSpacing: true,
    sliceThickness: true,
    pixelFormat: true,
    window: true,
    parameters: true,
    seed: true,
  })
  .extend({
    scanResultId: idSchema,
    slices: z.array(imageSliceSchema.omit({ kspaceUrl: true })),
    /**
     * A kept DWI scan's series (issue 23.7), as the session lists them: this answer describes `series` ('' the
     * scan itself); each is opened with `?series=name` (metadata and slices). `seriesNumber` is absent once the
     * kept scan is gone.
     */
    series: z.string().optional(),
    diffusionSeries: z.array(diffusionSeriesSchema.partial({ seriesNumber: true })).optional(),
  });
export type ScanResultImages = z.infer<typeof scanResultImagesSchema>;

/** PUT v1/modules/{labId}/reference. */
export const moduleReferenceSetSchema = z.object({ scanResultId: idSchema });

/** The module's reference scan: a teacher's own scan result of the module. */
export const moduleReferenceSchema = z.object({
  labId: idSchema,
  scanResultId: idSchema,
  /** Who marked it (the scan result's owner). */
  userId: idSchema,
  setAt: z.string(),
});
export type ModuleReference = z.infer<typeof moduleReferenceSchema>;
/**
 * GET v1/modules/{labId}/reference: null while the module has none; `canMark`: the caller marks the module's
 * reference (its staff). Learners read it only after submitting an attempt of the module (else 403).
 */
export const moduleReferenceAnswerSchema = z.object({
  reference: moduleReferenceSchema.nullable(),
  canMark: z.boolean(),
});
export type ModuleReferenceAnswer = z.infer<typeof moduleReferenceAnswerSchema>;

/** One parameter that differs from the reference, with what the difference does to the images. */
export const parameterDifferenceSchema = z.object({
  /** The protocol's (or scanner's) field name, e.g. `echoTime`. */
  parameter: z.string(),
  /** Its label on the console, e.g. `TE`. */
  label: z.string(),
  /** Values in display units, e.g. `15 ms`. */
  value: z.string(),
  reference: z.string(),
  /** E.g. "T1 rather than T2 weighting; CSF dark". */
  consequence: z.string(),
});
export type ParameterDifference = z.infer<typeof parameterDifferenceSchema>;

/** |this − reference| of the two centre slices, when their geometry matches; else why not. */
export const differenceMapSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    rows: z.number().int(),
    columns: z.number().int(),
    /** [m], as the series. */
    pixelSpacing: z.tuple([z.number(), z.number()]),
    sliceThickness: z.number(),
    imagePositionPatient: z.tuple([z.number(), z.number(), z.number()]),
    imageOrientationPatient: z.tuple([
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
    ]),
    /** The centre slice of this series and of the reference. */
    slice: z.number().int(),
    referenceSlice: z.number().int(),
    /** Largest and mean absolute difference, in pixel units. */
    maxDifference: z.number(),
    meanDifference: z.number(),
    window: z.object({ center: z.number(), width: z.number() }),
    pixelFormat: z.literal('float32le'),
    url: z.string(),
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type DifferenceMap = z.infer<typeof differenceMapSchema>;

/** GET v1/scan-results/{scanResultId}/comparison. */
export const scanResultComparisonSchema = z.object({
  scanResultId: idSchema,
  labId: idSchema,
  /** Null while the module has no reference scan (then nothing below is compared). */
  reference: moduleReferenceSchema.nullable(),
  /** True when this scan result is the reference itself. */
  isReference: z.boolean(),
  parameters: z.array(parameterDifferenceSchema),
  differenceMap: differenceMapSchema.nullable(),
});
export type ScanResultComparison = z.infer<typeof scanResultComparisonSchema>;

/**
 * GET v1/modules/{labId}/reference/evaluation (issue 21): the module's objectives checked against its reference
 * scan, as a student's submission of that scan would be, so its author sees before publishing whether the
 * objectives pass their own reference. `reference` null: none marked yet (then no checks).
 */
export const referenceEvaluationSchema = z.object({
  labId: idSchema,
  reference: moduleReferenceSchema.nullable(),
  checks: z.array(checkResultSchema),
  /** Every check passed (true with no reference or no objectives: nothing fails). */
  passed: z.boolean(),
});
export type ReferenceEvaluation = z.infer<typeof referenceEvaluationSchema>;
