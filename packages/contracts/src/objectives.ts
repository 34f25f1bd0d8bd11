/**
 * A module's objectives (issue 14): declarative checks that grade a submitted series automatically. Each check has
 * points, optional partial credit and feedback text; @larmor/mri's grading (grading/) decides each from the
 * physics of the scan snapshot and from the images with the model's labels, and the attempts API stores the
 * outcome with the submission. Units are the module form's: ms, mm, s, T, pixels (names carry them).
 */
import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';
import { SEQUENCE_FAMILY_NAMES } from './scan-snapshot.ts';

/** Most points one check is worth. */
export const OBJECTIVE_POINTS_MAX = 100;
export const OBJECTIVE_FEEDBACK_MAX_LENGTH = 1000;
export const OBJECTIVE_TITLE_MAX_LENGTH = 200;
/** A tissue key of the library (tissue/library.ts keys such as `csf`, `whiteMatter`, `fat`). */
const tissueKeySchema = textSchema.trim().min(1).max(64);

/** Image weightings the grading engine recognises from TR, TE, TI, flip angle and b-values. */
export const WEIGHTINGS = ['T1', 'T2', 'PD', 'T2*', 'diffusion'] as const;
export const weightingSchema = z.enum(WEIGHTINGS);
export type Weighting = z.infer<typeof weightingSchema>;

/** Phase-encoding direction in patient terms: right–left, anterior–posterior, head–feet. */
export const PATIENT_DIRECTIONS = ['RL', 'AP', 'HF'] as const;
export const patientDirectionSchema = z.enum(PATIENT_DIRECTIONS);
export type PatientDirection = z.infer<typeof patientDirectionSchema>;

/** Artifacts a "diagnose and fix" module may plant (through its presets) and the engine can show. */
export const PLANTED_ARTIFACTS = ['wrap', 'chemicalShift', 'motion', 'susceptibility', 'gibbs'] as const;
export const plantedArtifactSchema = z.enum(PLANTED_ARTIFACTS);
export type PlantedArtifact = z.infer<typeof plantedArtifactSchema>;

/**
 * Partial credit of a numeric check: a miss by less than `marginFraction` of the target (relative) still earns
 * points, falling linearly from all of them at the target to none at the margin.
 */
export const partialCreditSchema = z.object({ marginFraction: z.number().gt(0).max(1) });

const objectiveBase = {
  /** Stable id within the module (rubric criteria and results refer to it). */
  id: textSchema.trim().min(1).max(64),
  title: textSchema.trim().max(OBJECTIVE_TITLE_MAX_LENGTH).optional(),
  points: z.number().min(0).max(OBJECTIVE_POINTS_MAX),
  partialCredit: partialCreditSchema.optional(),
  /** The teacher's words shown when the check passes / fails, after the engine's own hint. */
  feedbackPass: textSchema.max(OBJECTIVE_FEEDBACK_MAX_LENGTH).optional(),
  feedbackFail: textSchema.max(OBJECTIVE_FEEDBACK_MAX_LENGTH).optional(),
  /**
   * Required (issue 21): the student is told before scanning that this check must pass, and its result says so.
   * Named `mustPass` because `required` is the fat-suppression check's own parameter. Absent: false.
   */
  mustPass: z.boolean().optional(),
};

const check = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.object({ kind: z.literal(kind), ...objectiveBase, ...shape });

/** Largest patient coordinate of an anatomical line's end [mm] (models fit in ±500 mm of the isocentre). */
export const LINE_COORDINATE_MAX_MM = 500;
/** A point in patient coordinates (LPS: x right→left, y anterior→posterior, z feet→head) [mm]. */
const pointMmSchema = z.tuple([
  z.number().min(-LINE_COORDINATE_MAX_MM).max(LINE_COORDINATE_MAX_MM),
  z.number().min(-LINE_COORDINATE_MAX_MM).max(LINE_COORDINATE_MAX_MM),
  z.number().min(-LINE_COORDINATE_MAX_MM).max(LINE_COORDINATE_MAX_MM),
]);
/** Highest ADC an objective may name [mm²/s]: above free water at body temperature (3·10⁻³ mm²/s). */
export const ADC_MAX_MM2_PER_S = 0.01;
/** Highest signal ratio between two tissues an objective may ask for (a tissue against a near-null one). */
export const SIGNAL_RATIO_MAX = 1000;
/** Highest SAR an objective may allow [W/kg]: IEC 60601-2-33 first-level mode, whole body. */
export const SAR_OBJECTIVE_MAX_W_PER_KG = 4;

const differentTissues = <T extends { tissue: string; otherTissue: string }>(o: T) =>
  o.tissue !== o.otherTissue;
const distinctEnds = <T extends { fromMm: readonly number[]; toMm: readonly number[] }>(o: T) =>
  o.fromMm.some((v, i) => v !== o.toMm[i]);
/** Fewest and most choices of a reading question; longest choice and prompt [characters]. */
export const READING_CHOICES_MIN = 2;
export const READING_CHOICES_MAX = 8;
export const READING_CHOICE_MAX_LENGTH = 200;
export const READING_PROMPT_MAX_LENGTH = 1000;
const readingChoiceSchema = textSchema.trim().min(1).max(READING_CHOICE_MAX_LENGTH);
const distinctChoices = <T extends { choices: readonly string[] }>(o: T) =>
  new Set(o.choices).size === o.choices.length;
const answerAmongChoices = <T extends { choices: readonly string[]; answer: string }>(o: T) =>
  o.choices.includes(o.answer);
const orderedRange = <T extends { minMm2PerS: number; maxMm2PerS: number }>(o: T) =>
  o.minMm2PerS < o.maxMm2PerS;

/** One declarative check. */
export const objectiveSchema = z.discriminatedUnion('kind', [
  // On the protocol.
  check('sequenceFamily', { families: z.array(z.enum(SEQUENCE_FAMILY_NAMES)).min(1).max(20) }),
  check('weighting', { weighting: weightingSchema }),
  check('orientation', { orientation: z.enum(['axial', 'sagittal', 'coronal']) }),
  check('phaseDirection', { direction: patientDirectionSchema }),
  check('scanTimeMax', { maxSeconds: z.number().positive().max(36_000) }),
  check('inPlaneResolutionMax', { maxMm: z.number().positive().max(50) }),
  check('sliceThicknessMax', { maxMm: z.number().positive().max(200) }),
  check('coverage', { tissue: tissueKeySchema, minFraction: z.number().gt(0).max(1) }),
  check('fatSuppression', { required: z.boolean() }),
  check('fieldStrength', { tesla: z.number().positive().max(20) }),
  // On the images (with the model's labels resampled on the image grid).
  check('snrMin', { tissue: tissueKeySchema, minSnr: z.number().positive().max(10_000) }),
  check('contrastOrder', { brighter: tissueKeySchema, darker: tissueKeySchema }),
  check('noWrap', {}),
  check('chemicalShiftMax', { maxPixels: z.number().min(0).max(100) }),
  check('noMotion', {}),
  // Measured in tissue regions of the images (issue 24).
  check('cnrMin', {
    tissue: tissueKeySchema,
    otherTissue: tissueKeySchema,
    minCnr: z.number().positive().max(10_000),
  }).refine(differentTissues, {
    message: 'The two tissues of a contrast-to-noise check must differ',
    path: ['otherTissue'],
    params: { rule: 'different' },
  }),
  /**
   * Mean signal of `tissue` over mean signal of `otherTissue`, at least `minRatio`: a contrast that no noise
   * estimate enters (the arterial phase: the aorta against the liver).
   */
  check('signalRatioMin', {
    tissue: tissueKeySchema,
    otherTissue: tissueKeySchema,
    minRatio: z.number().positive().max(SIGNAL_RATIO_MAX),
  }).refine(differentTissues, {
    message: 'The two tissues of a signal ratio check must differ',
    path: ['otherTissue'],
    params: { rule: 'different' },
  }),
  check('tissueNull', { tissue: tissueKeySchema, maxFraction: z.number().gt(0).max(1) }),
  check('adcRange', {
    tissue: tissueKeySchema,
    minMm2PerS: z.number().min(0).max(ADC_MAX_MM2_PER_S),
    maxMm2PerS: z.number().positive().max(ADC_MAX_MM2_PER_S),
  }).refine(orderedRange, {
    message: 'The lowest ADC must be below the highest',
    path: ['maxMm2PerS'],
    params: { rule: 'order' },
  }),
  // Safety and planning (issue 24).
  check('sarMax', { maxWattsPerKg: z.number().positive().max(SAR_OBJECTIVE_MAX_W_PER_KG) }),
  check('angulation', {
    /** The line's name in words ("AC–PC line"). */
    line: textSchema.trim().min(1).max(64),
    fromMm: pointMmSchema,
    toMm: pointMmSchema,
    maxDegrees: z.number().positive().max(90),
  }).refine(distinctEnds, {
    message: 'The two ends of the anatomical line must differ',
    path: ['toMm'],
    params: { rule: 'different' },
  }),
  // Artifacts measured against a teacher's limit (issue 24).
  check('gibbsMax', { maxPercent: z.number().positive().max(100) }),
  check('ghostMax', { maxPercent: z.number().positive().max(100) }),
  check('distortionMax', { maxPixels: z.number().min(0).max(100) }),
  // Diagnose and fix: name the planted artifact (answer to `questionId`) and submit a series without it.
  check('diagnoseFix', { artifact: plantedArtifactSchema, questionId: textSchema.trim().min(1).max(64) }),
  // Reading (issue 24, model 100001): a multiple-choice question on the series, answered under `questionId`;
  // `answer` (one of `choices`) never reaches the student.
  check('readingAnswer', {
    questionId: textSchema.trim().min(1).max(64),
    prompt: textSchema.trim().min(1).max(READING_PROMPT_MAX_LENGTH),
    choices: z.array(readingChoiceSchema).min(READING_CHOICES_MIN).max(READING_CHOICES_MAX),
    answer: readingChoiceSchema,
  })
    .refine(distinctChoices, {
      message: 'Each choice of a reading question must differ',
      path: ['choices'],
      params: { rule: 'unique' },
    })
    .refine(answerAmongChoices, {
      message: 'The right answer must be one of the choices',
      path: ['answer'],
      params: { rule: 'choice' },
    }),
]);
export type Objective = z.infer<typeof objectiveSchema>;
export type ObjectiveKind = Objective['kind'];

/** Each kind of check in words: the title of an objective its author left untitled (never the kind's key). */
export const OBJECTIVE_KIND_TITLES: Readonly<Record<ObjectiveKind, string>> = {
  sequenceFamily: 'Sequence type',
  weighting: 'Weighting',
  orientation: 'Slice orientation',
  phaseDirection: 'Phase-encoding direction',
  scanTimeMax: 'Scan time',
  inPlaneResolutionMax: 'In-plane resolution',
  sliceThicknessMax: 'Slice thickness',
  coverage: 'Coverage',
  fatSuppression: 'Fat suppression',
  fieldStrength: 'Field strength',
  snrMin: 'Signal-to-noise ratio',
  contrastOrder: 'Contrast between tissues',
  noWrap: 'No wrap-around',
  chemicalShiftMax: 'Chemical shift',
  noMotion: 'No motion ghosts',
  cnrMin: 'Contrast-to-noise ratio',
  signalRatioMin: 'Signal ratio between tissues',
  tissueNull: 'Signal null of a tissue',
  adcRange: 'Apparent diffusion coefficient',
  sarMax: 'Specific absorption rate (SAR)',
  angulation: 'Slice angulation',
  gibbsMax: 'Gibbs ringing',
  ghostMax: 'Ghost level',
  distortionMax: 'Geometric distortion',
  diagnoseFix: 'Name and fix the artifact',
  readingAnswer: 'Reading question',
};

/** Kinds decided from the student's answers alone: a submission of a reading-only module carries no series. */
export const ANSWER_ONLY_KINDS: readonly ObjectiveKind[] = ['readingAnswer'];

/** An objective's title as a reader sees it: its author's, else its kind in words. */
export function objectiveTitle(objective: Pick<Objective, 'kind' | 'title'>): string {
  return objective.title ?? OBJECTIVE_KIND_TITLES[objective.kind];
}

/** A module's objectives: ids unique (programs.ts `labObjectivesSchema` bounds their number). */
export const objectivesSchema = z
  .array(objectiveSchema)
  .refine((list) => new Set(list.map((o) => o.id)).size === list.length, {
    message: 'An objective id appears twice',
    params: { rule: 'unique' },
  });

/** The outcome of one check on one submission. */
export const checkResultSchema = z.object({
  objectiveId: z.string(),
  kind: z.string(),
  passed: z.boolean(),
  /** What was measured, in words with units ("TR 500 ms, TE 15 ms: T1"); null when nothing could be measured. */
  measured: z.string().nullable(),
  /** The target in words ("T2"). */
  target: z.string(),
  /** Numeric measured value where there is one (units of the check). */
  value: z.number().nullable(),
  points: z.number(),
  maxPoints: z.number(),
  /** A hint that teaches why, and how to get there. */
  hint: z.string(),
  /** The scan result the check was decided on (the best of the submitted series). */
  scanResultId: idSchema.nullable(),
  /**
   * What to change to meet the check, most decisive first: the console's label ("TI") of a parameter or choice
   * (`key` as knowledge-base.ts `ADJUSTABLE_HELP`) and the knowledge-base place that explains it. Empty when
   * passed (and in results stored before issue 20).
   */
  change: z.array(z.object({ key: z.string(), label: z.string(), href: z.string().nullable() })).default([]),
  /** The author marked the check as one that must pass (`mustPass`; false in results stored before). */
  mustPass: z.boolean().default(false),
  /** The knowledge-base article that teaches the check; null in results stored before issue 20. */
  learnMore: z.object({ title: z.string(), href: z.string() }).nullable().default(null),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** A multiple-choice question as the student reads it: its words and choices, never the right one. */
export const readingQuestionSchema = z.object({ prompt: z.string(), choices: z.array(z.string()) });
export type ReadingQuestion = z.infer<typeof readingQuestionSchema>;

/**
 * An objective as a student sees it before scanning: what is asked and what it is worth, never its thresholds,
 * targets, (for "diagnose and fix") the planted artifact or (for a reading question) the right answer.
 * `questionId`: the question the student answers on submission, where the check asks one; `question`: a reading
 * question's prompt and choices (null for other kinds).
 */
export const objectiveSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  points: z.number(),
  /** The author marked the check as one that must pass (objectives' `mustPass`). */
  mustPass: z.boolean().default(false),
  questionId: z.string().nullable(),
  question: readingQuestionSchema.nullable().optional(),
});
export type ObjectiveSummary = z.infer<typeof objectiveSummarySchema>;

/** The student-safe summary of `objective`. */
export function summarizeObjective(objective: Objective): ObjectiveSummary {
  return {
    id: objective.id,
    kind: objective.kind,
    title: objectiveTitle(objective),
    points: objective.points,
    mustPass: objective.mustPass === true,
    questionId:
      objective.kind === 'diagnoseFix' || objective.kind === 'readingAnswer' ? objective.questionId : null,
    question:
      objective.kind === 'readingAnswer'
        ? { prompt: objective.prompt, choices: [...objective.choices] }
        : null,
  };
}
