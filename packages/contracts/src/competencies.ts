/**
 * The competency map (issue 24.3): the areas a radiographer's MRI training assesses, after the UK NSHCS/SoR MRI
 * competencies and the ARRT MRI content outline (Patient Care; Image Production, which weighs most; Procedures).
 * A module names the competencies it assesses (`competencies` of a module, stored with it, so a teacher's own
 * module carries them too); each objective assesses its kind's competency (`OBJECTIVE_KIND_COMPETENCY`). The
 * ids are a contract: stored modules refer to them; reword a title freely, never an id.
 */
import { z } from 'zod';
import { objectiveTitle, type Objective, type ObjectiveKind } from './objectives.ts';

export interface Competency {
  id: string;
  title: string;
  /** One line: what a student who has it can do. */
  summary: string;
  /** The ARRT MRI content outline's section and area. */
  arrt: string;
  /** The UK (NSHCS/SoR) MRI competency area. */
  uk: string;
}

/** Every competency, in teaching order. */
export const COMPETENCIES = [
  {
    id: 'image-contrast',
    title: 'Image contrast and weighting',
    summary:
      'Chooses TR, TE, TI and the flip angle for T1, T2, PD and T2* contrast, and predicts tissue signal.',
    arrt: 'Image Production: physical principles of image formation',
    uk: 'Image acquisition: contrast mechanisms and parameter selection',
  },
  {
    id: 'pulse-sequences',
    title: 'Pulse sequences and suppression techniques',
    summary:
      'Selects SE, TSE, GRE, IR, EPI and diffusion sequences and the fat or fluid suppression a task needs.',
    arrt: 'Image Production: sequence parameters and options',
    uk: 'Image acquisition: pulse sequences and their clinical use',
  },
  {
    id: 'image-quality',
    title: 'Image quality: SNR, resolution and scan time',
    summary:
      'Trades signal-to-noise ratio, contrast-to-noise ratio, resolution and time with voxel, averages and bandwidth.',
    arrt: 'Image Production: sequence parameters and options (SNR, resolution, time)',
    uk: 'Image optimisation: signal, resolution and scan time',
  },
  {
    id: 'artifacts',
    title: 'Artifacts: recognition and compensation',
    summary:
      'Names wrap, chemical shift, motion, flow, truncation, susceptibility and distortion, and removes them.',
    arrt: 'Image Production: data acquisition, processing and storage (artifacts)',
    uk: 'Image optimisation: artifact recognition and correction',
  },
  {
    id: 'instrumentation',
    title: 'Scanner, field strength and acceleration',
    summary: 'Explains what 1.5 T and 3 T change, and what parallel imaging and echo trains buy and cost.',
    arrt: 'Image Production: data acquisition, processing and storage (instrumentation)',
    uk: 'Equipment: field strength, coils and acceleration techniques',
  },
  {
    id: 'safety',
    title: 'MR safety and SAR',
    summary:
      'Keeps SAR within the operating mode and plans around metal, without losing the diagnostic image.',
    arrt: 'Patient Care: MRI screening and safety',
    uk: 'MR safety: RF heating, SAR and implants',
  },
  {
    id: 'planning',
    title: 'Planning and positioning',
    summary: 'Plans orientation, coverage and angulation on the localisers along anatomical lines.',
    arrt: 'Procedures: neurological and musculoskeletal (positioning and planning)',
    uk: 'Patient positioning and scan planning',
  },
  {
    id: 'contrast-agents',
    title: 'Contrast agents and timing',
    summary: 'Explains how gadolinium changes T1 and times a contrast-enhanced scan to the bolus.',
    arrt: 'Patient Care: patient interactions and management (contrast agents)',
    uk: 'Contrast media: administration, dose and timing',
  },
  {
    id: 'clinical-protocols',
    title: 'Clinical protocols',
    summary: 'Builds a neuro or musculoskeletal protocol that answers the clinical question.',
    arrt: 'Procedures: neurological, body and musculoskeletal',
    uk: 'Clinical examinations: neuro, MSK and body protocols',
  },
  {
    id: 'image-evaluation',
    title: 'Image evaluation',
    summary:
      'Reads a series critically: anatomy, pathology, image quality and whether the question is answered.',
    arrt: 'Procedures: image evaluation (anatomy and pathology)',
    uk: 'Image evaluation and preliminary clinical evaluation',
  },
] as const satisfies readonly Competency[];

export type CompetencyId = (typeof COMPETENCIES)[number]['id'];
export const COMPETENCY_IDS = COMPETENCIES.map((c) => c.id) as [CompetencyId, ...CompetencyId[]];
export const competencyIdSchema = z.enum(COMPETENCY_IDS);

/** Most competencies one module may name. */
export const LAB_COMPETENCIES_MAX = COMPETENCIES.length;

/** A module's competencies: known ids, each once. */
export const labCompetenciesSchema = z
  .array(competencyIdSchema)
  .max(LAB_COMPETENCIES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, {
    message: 'A competency appears twice',
    params: { rule: 'unique' },
  });

/** The competency each kind of objective assesses. */
export const OBJECTIVE_KIND_COMPETENCY: Readonly<Record<ObjectiveKind, CompetencyId>> = {
  sequenceFamily: 'pulse-sequences',
  weighting: 'image-contrast',
  orientation: 'planning',
  phaseDirection: 'artifacts',
  scanTimeMax: 'image-quality',
  inPlaneResolutionMax: 'image-quality',
  sliceThicknessMax: 'image-quality',
  coverage: 'planning',
  fatSuppression: 'pulse-sequences',
  fieldStrength: 'instrumentation',
  snrMin: 'image-quality',
  contrastOrder: 'image-contrast',
  noWrap: 'artifacts',
  chemicalShiftMax: 'artifacts',
  noMotion: 'artifacts',
  cnrMin: 'image-quality',
  signalRatioMin: 'image-contrast',
  tissueNull: 'image-contrast',
  adcRange: 'pulse-sequences',
  sarMax: 'safety',
  angulation: 'planning',
  gibbsMax: 'artifacts',
  ghostMax: 'artifacts',
  distortionMax: 'artifacts',
  diagnoseFix: 'artifacts',
  readingAnswer: 'image-evaluation',
};

/** A competency's title by id. */
export function competencyTitle(id: CompetencyId): string {
  return COMPETENCIES.find((c) => c.id === id)?.title ?? id;
}

/** One module as the competency map reads it. */
export interface CompetencyMapModuleInput {
  labId: string | null;
  courseId: string | null;
  program: string;
  course: string;
  title: string;
  competencies: readonly CompetencyId[];
  objectives: readonly Pick<Objective, 'id' | 'kind' | 'title'>[];
}

export const competencyMapModuleSchema = z.object({
  labId: z.string().nullable(),
  courseId: z.string().nullable(),
  program: z.string(),
  course: z.string(),
  title: z.string(),
  /** Whether the module names the competency itself (else only some of its objectives assess it). */
  named: z.boolean(),
  /** The module's objectives whose kind assesses the competency. */
  objectives: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type CompetencyMapModule = z.infer<typeof competencyMapModuleSchema>;

/** GET v1/programs/{programId}/competency-map: each competency with the modules and objectives that assess it. */
export const competencyMapSchema = z.object({
  competencies: z.array(
    z.object({
      id: competencyIdSchema,
      title: z.string(),
      arrt: z.string(),
      uk: z.string(),
      modules: z.array(competencyMapModuleSchema),
    }),
  ),
});
export type CompetencyMap = z.infer<typeof competencyMapSchema>;

/**
 * The competency map of `modules`: every competency in teaching order, with each module that names it or has an
 * objective of a kind that assesses it (`OBJECTIVE_KIND_COMPETENCY`), and those objectives. A competency no
 * module assesses keeps an empty list: the gap is what a teacher looks for.
 */
export function competencyMap(modules: readonly CompetencyMapModuleInput[]): CompetencyMap {
  return {
    competencies: COMPETENCIES.map((c) => ({
      id: c.id,
      title: c.title,
      arrt: c.arrt,
      uk: c.uk,
      modules: modules.flatMap((m) => {
        const objectives = m.objectives
          .filter((o) => OBJECTIVE_KIND_COMPETENCY[o.kind] === c.id)
          .map((o) => ({ id: o.id, title: objectiveTitle(o) }));
        const named = m.competencies.includes(c.id);
        if (!named && objectives.length === 0) return [];
        return [
          {
            labId: m.labId,
            courseId: m.courseId,
            program: m.program,
            course: m.course,
            title: m.title,
            named,
            objectives,
          },
        ];
      }),
    })),
  };
}

/** GET v1/me/competencies: the caller's progress by competency, from their graded attempts. */
export const competencyProgressSchema = z.object({
  competencies: z.array(
    z.object({
      id: competencyIdSchema,
      title: z.string(),
      /** Modules with a graded attempt that assess the competency. */
      modules: z.number().int().nonnegative(),
      /** Checks of those attempts that assess it (the latest graded attempt of each module), and those passed. */
      checks: z.number().int().nonnegative(),
      passed: z.number().int().nonnegative(),
    }),
  ),
});
export type CompetencyProgress = z.infer<typeof competencyProgressSchema>;

/** The competency calls' paths. */
export const COMPETENCY_PATHS = {
  programMap: 'v1/programs/{programId}/competency-map',
  mine: 'v1/me/competencies',
} as const;
