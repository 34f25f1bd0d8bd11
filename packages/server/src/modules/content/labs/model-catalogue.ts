/**
 * The anatomical model ids a module may name, as the module form lists them: the ids and what each builds are
 * `@larmor/mri`'s catalogue (anatomy/catalogue.ts, the list the live preview builds too); this file names and
 * describes them. The engine's own models keep their ids; the spec's special ids (simulator.md §2, §5, §9) are an
 * engine model with a condition:
 *
 * - 202, 203, 204, 207: the contrast-capable models (Contrast shows only for these): brain with a tumour,
 *   abdomen (liver), pelvis, knee. The procedural abdomen has no focal liver lesion; the liver and spleen
 *   enhance with the kinetics of `tissue/contrast.ts`.
 * - 223: the timing-bolus model. `@larmor/mri` has no separate vessel model, so it is the abdomen with its
 *   aorta (`blood`), whose signal follows the arterial input function `plasmaConcentration` (the Tofts–Kermode
 *   bi-exponential plasma curve of tissue/contrast.ts). It is no contrast model (simulator.md §5 shows the
 *   patient-settings Contrast for 202, 203, 204 and 207 only): its injection is the timing-bolus tool's own,
 *   a bolus `contrast_scan_delay` seconds before the next scan (scans/snapshot.ts).
 * - 100001: reading-only: a module that shows prepared series of the brain; no New Scan, no sequences.
 */
import {
  CONTRAST_MODEL_IDS,
  READING_ONLY_MODEL_ID,
  TIMING_BOLUS_MODEL_ID,
  type AnatomicalModelOption,
} from '@larmor/contracts';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';
import {
  catalogueModels,
  modelBaseName,
  type CatalogueModel,
  type ModelInfo,
  BODY_TISSUES,
  BRAIN_BASE_TISSUES,
  BRAIN_CONDITION_TISSUES,
  FOOT_TISSUES,
  HAND_TISSUES,
  ABDOMEN_ATLAS_TISSUES,
  KNEE_ATLAS_TISSUES,
  KNEE_TISSUES,
  kneeTissuesWithPathology,
  SHOULDER_TISSUES,
} from '@larmor/mri/anatomy';
import { availableModels } from '../../../anatomy/modelStore.ts';

/**
 * The tissue keys each engine model's label volume holds, by model key ('air' left out: nothing to tune); the knee's
 * are the atlas knee's where its asset was derived, else the procedural knee's, with its pathology; the spine's and abdomen's likewise
 * from the abdominal atlas.
 */
const tissuesOfModel = (atlas: {
  knee: boolean;
  abdomen: boolean;
}): Readonly<Record<string, readonly string[]>> => {
  const trunk = atlas.abdomen ? ABDOMEN_ATLAS_TISSUES.keys : BODY_TISSUES.keys;
  return {
    brain: [...BRAIN_BASE_TISSUES.keys, ...BRAIN_CONDITION_TISSUES],
    // Both knees carry the bone-marrow oedema and effusion (anatomy/knee/pathology.ts).
    knee: kneeTissuesWithPathology(atlas.knee ? KNEE_ATLAS_TISSUES.keys : KNEE_TISSUES.keys),
    heart: BODY_TISSUES.keys,
    spine: trunk,
    abdomen: trunk,
    pelvis: BODY_TISSUES.keys,
    shoulder: SHOULDER_TISSUES.keys,
    hand: HAND_TISSUES.keys,
    foot: FOOT_TISSUES.keys,
    wholeBody: BODY_TISSUES.keys,
  };
};

/** How the module form shows a special id (what it builds is @larmor/mri's catalogue). */
interface SpecialModel {
  id: number;
  name: string;
  contrast?: boolean;
  timingBolus?: boolean;
  readingOnly?: boolean;
  description: string;
}

const [BRAIN_TUMOUR_ID, ABDOMEN_CONTRAST_ID, PELVIS_CONTRAST_ID, KNEE_CONTRAST_ID] = CONTRAST_MODEL_IDS;

const SPECIAL_MODELS: readonly SpecialModel[] = [
  {
    id: BRAIN_TUMOUR_ID,
    name: 'Brain with tumour (contrast)',
    contrast: true,
    description: 'The brain with an enhancing tumour and surrounding oedema; gadolinium contrast available.',
  },
  {
    id: ABDOMEN_CONTRAST_ID,
    name: 'Abdomen (contrast)',
    contrast: true,
    description:
      'The abdomen with liver, spleen, kidneys and pancreas; gadolinium contrast available (no focal liver lesion).',
  },
  {
    id: PELVIS_CONTRAST_ID,
    name: 'Pelvis (contrast)',
    contrast: true,
    description: 'The pelvis with bladder and prostate; gadolinium contrast available.',
  },
  {
    id: KNEE_CONTRAST_ID,
    name: 'Knee (contrast)',
    contrast: true,
    description: 'The knee with its joint structures; gadolinium contrast available.',
  },
  {
    id: TIMING_BOLUS_MODEL_ID,
    name: 'Aorta timing bolus (abdomen)',
    timingBolus: true,
    description:
      'The abdomen with its aorta: a test bolus arrives following the arterial input function (Tofts–Kermode ' +
      'plasma curve), for timing a contrast-enhanced angiogram.',
  },
  {
    id: READING_ONLY_MODEL_ID,
    name: 'Reading room (prepared brain series)',
    readingOnly: true,
    description: 'Prepared series of the brain to read and measure; no New Scan.',
  },
];

function option(
  model: CatalogueModel,
  engine: ModelInfo,
  tissues: Readonly<Record<string, readonly string[]>>,
  special?: SpecialModel,
): AnatomicalModelOption {
  // The model's own name ('Knee' also where the procedural knee stands in for the atlas knee) decides the plan.
  const baseName = modelBaseName(engine.id) ?? engine.name;
  return {
    id: model.id,
    name: special?.name ?? engine.name,
    engineModelId: engine.id,
    engineModelName: engine.name,
    features: [...engine.features],
    contrast: special?.contrast ?? false,
    timingBolus: special?.timingBolus ?? false,
    readingOnly: special?.readingOnly ?? false,
    brainCondition: model.brainCondition ?? null,
    // The free plan has the plain Brain and Knee models (platform-shell.md §9), not their contrast variants.
    free: special === undefined && FREE_PLAN_LIMITS.anatomies.includes(baseName),
    description: special?.description ?? `The ${baseName.toLowerCase()} model.`,
    tissues: (tissues[engine.key] ?? []).filter((key) => key !== 'air'),
    coils: engine.coils.map((c) => ({ uniqueName: c.uniqueName, shownName: c.shownName })),
  };
}

function buildCatalogue(): AnatomicalModelOption[] {
  const engines = availableModels();
  const tissues = tissuesOfModel({
    knee: engines.find((e) => e.key === 'knee')?.notice !== undefined,
    abdomen: engines.find((e) => e.key === 'abdomen')?.notice !== undefined,
  });
  return catalogueModels().map((model) => {
    const engine = engines.find((e) => e.id === model.engineModelId);
    if (!engine)
      throw new Error(`model ${model.id} builds engine model ${model.engineModelId}, which does not exist`);
    if (model.id === engine.id) return option(model, engine, tissues);
    const special = SPECIAL_MODELS.find((s) => s.id === model.id);
    if (!special) throw new Error(`model ${model.id} has no name and description here`);
    return option(model, engine, tissues, special);
  });
}

let catalogue: AnatomicalModelOption[] | undefined;

/** Every model a module may use, engine models first (by id), then the special ids. */
export function anatomicalModelCatalogue(): readonly AnatomicalModelOption[] {
  catalogue ??= buildCatalogue();
  return catalogue;
}

/** The catalogue entry of `id`, or undefined. */
export function anatomicalModelOf(id: number): AnatomicalModelOption | undefined {
  return anatomicalModelCatalogue().find((m) => m.id === id);
}
