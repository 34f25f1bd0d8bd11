/**
 * The anatomical model ids a module may name, and what each builds in `@larmor/mri`: the engine's own models
 * under their ids, plus the spec's special ids (simulator.md §2, §5, §9) as an engine model with a condition:
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
  FREE_PLAN_LIMITS,
  READING_ONLY_MODEL_ID,
  TIMING_BOLUS_MODEL_ID,
  type AnatomicalModelOption,
} from '@larmor/contracts';
import { listModels, type BrainCondition, type ModelInfo } from '@larmor/mri';
import { BODY_TISSUES } from '@larmor/mri/anatomy/body/tissues';
import { BRAIN_BASE_TISSUES, BRAIN_CONDITION_TISSUES } from '@larmor/mri/anatomy/brain/tissues';
import { FOOT_TISSUES } from '@larmor/mri/anatomy/procedural/foot';
import { HAND_TISSUES } from '@larmor/mri/anatomy/procedural/hand';
import { KNEE_TISSUES } from '@larmor/mri/anatomy/procedural/knee';
import { SHOULDER_TISSUES } from '@larmor/mri/anatomy/procedural/shoulder';

/** The tissue keys each engine model's label volume holds, by model key ('air' left out: nothing to tune). */
const TISSUES_OF_MODEL: Readonly<Record<string, readonly string[]>> = {
  brain: [...BRAIN_BASE_TISSUES.keys, ...BRAIN_CONDITION_TISSUES],
  knee: KNEE_TISSUES.keys,
  heart: BODY_TISSUES.keys,
  spine: BODY_TISSUES.keys,
  abdomen: BODY_TISSUES.keys,
  pelvis: BODY_TISSUES.keys,
  shoulder: SHOULDER_TISSUES.keys,
  hand: HAND_TISSUES.keys,
  foot: FOOT_TISSUES.keys,
  wholeBody: BODY_TISSUES.keys,
};

interface SpecialModel {
  id: number;
  name: string;
  engineKey: string;
  contrast?: boolean;
  timingBolus?: boolean;
  readingOnly?: boolean;
  brainCondition?: BrainCondition;
  description: string;
}

const [BRAIN_TUMOUR_ID, ABDOMEN_CONTRAST_ID, PELVIS_CONTRAST_ID, KNEE_CONTRAST_ID] = CONTRAST_MODEL_IDS;

const SPECIAL_MODELS: readonly SpecialModel[] = [
  {
    id: BRAIN_TUMOUR_ID,
    name: 'Brain with tumour (contrast)',
    engineKey: 'brain',
    contrast: true,
    brainCondition: 'tumor',
    description: 'The brain with an enhancing tumour and surrounding oedema; gadolinium contrast available.',
  },
  {
    id: ABDOMEN_CONTRAST_ID,
    name: 'Abdomen (contrast)',
    engineKey: 'abdomen',
    contrast: true,
    description:
      'The abdomen with liver, spleen, kidneys and pancreas; gadolinium contrast available (no focal liver lesion).',
  },
  {
    id: PELVIS_CONTRAST_ID,
    name: 'Pelvis (contrast)',
    engineKey: 'pelvis',
    contrast: true,
    description: 'The pelvis with bladder and prostate; gadolinium contrast available.',
  },
  {
    id: KNEE_CONTRAST_ID,
    name: 'Knee (contrast)',
    engineKey: 'knee',
    contrast: true,
    description: 'The knee with its joint structures; gadolinium contrast available.',
  },
  {
    id: TIMING_BOLUS_MODEL_ID,
    name: 'Aorta timing bolus (abdomen)',
    engineKey: 'abdomen',
    timingBolus: true,
    description:
      'The abdomen with its aorta: a test bolus arrives following the arterial input function (Tofts–Kermode ' +
      'plasma curve), for timing a contrast-enhanced angiogram.',
  },
  {
    id: READING_ONLY_MODEL_ID,
    name: 'Reading room (prepared brain series)',
    engineKey: 'brain',
    readingOnly: true,
    description: 'Prepared series of the brain to read and measure; no New Scan.',
  },
];

function option(engine: ModelInfo, special?: SpecialModel): AnatomicalModelOption {
  return {
    id: special?.id ?? engine.id,
    name: special?.name ?? engine.name,
    engineModelId: engine.id,
    engineModelName: engine.name,
    features: [...engine.features],
    contrast: special?.contrast ?? false,
    timingBolus: special?.timingBolus ?? false,
    readingOnly: special?.readingOnly ?? false,
    brainCondition: special?.brainCondition ?? null,
    // The free plan has the plain Brain and Knee models (platform-shell.md §9), not their contrast variants.
    free: special === undefined && (FREE_PLAN_LIMITS.anatomies as readonly string[]).includes(engine.name),
    description: special?.description ?? `The ${engine.name.toLowerCase()} model.`,
    tissues: (TISSUES_OF_MODEL[engine.key] ?? []).filter((key) => key !== 'air'),
    coils: engine.coils.map((c) => ({ uniqueName: c.uniqueName, shownName: c.shownName })),
  };
}

function buildCatalogue(): AnatomicalModelOption[] {
  const engines = listModels();
  const plain = engines.map((engine) => option(engine));
  const special = SPECIAL_MODELS.map((s) => {
    const engine = engines.find((e) => e.key === s.engineKey);
    if (!engine) throw new Error(`model ${s.id} names engine model '${s.engineKey}', which does not exist`);
    return option(engine, s);
  });
  return [...plain, ...special];
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
