/**
 * The module form's scanner presets (pure): which configuration names a module may preset for its model
 * (simulator.md §5: patient settings only where the model has the feature, contrast only on the contrast
 * models 202, 203, 204 and 207, the coil from the model's coils), what each is called and how its value reads,
 * and the message of a value outside the spec's range.
 */
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';
import { labPresetsSchema, type LabPresetName, type LabPresets } from '@larmor/contracts/lab-presets';

/** The presets in the order the form shows them, with their labels (units as the simulator shows them). */
export const PRESET_LABELS: Record<LabPresetName, string> = {
  b0field: 'Field strength',
  maxGr: 'Gradient limit',
  coil: 'Coil',
  noise: 'Noise',
  motion: 'Motion',
  motion_rot_angle: 'Rotation angle (degrees)',
  motion_rot_freq: 'Rotation frequency (Hz)',
  motion_trans_magn: 'Displacement (m)',
  motion_trans_freq: 'Translation frequency (Hz)',
  motion_trans_axis: 'Translation direction',
  activate_contrast: 'Contrast agent',
  susceptibility: 'Susceptibility (field map)',
  contrast_concentration: 'Contrast concentration',
  contrast_volume: 'Contrast volume (ml)',
  time_after_contrast: 'Time after injection (min)',
  brainStateMode: 'Brain condition',
  heartCondition: 'Heart condition',
  breathingMode: 'Breathing mode',
  defaultCardiacPhase: 'Default cardiac phase',
};

export const NOISE_NAMES = ['Off', 'Low', 'Medium', 'High'] as const;
export const MOTION_NAMES = {
  none: 'None',
  translational: 'Translational',
  rotational: 'Rotational',
} as const;
export const TRANSLATION_AXIS_NAMES = { 1: 'Readout direction', 2: 'Phase direction' } as const;
export const BRAIN_CONDITION_NAMES = {
  healthy: 'Healthy',
  mildMSlesions: 'Mild MS lesions',
  moderateMSlesions: 'Moderate MS lesions',
  severeMSlesions: 'Severe MS lesions',
  tumor: 'Tumour',
} as const;
export const HEART_CONDITION_NAMES = {
  healthy: 'Healthy',
  myocardialInfarction: 'Myocardial infarction',
} as const;
export const BREATHING_MODE_NAMES = {
  breathhold_full_exhale: 'Breath-hold, full exhale',
  breathhold_full_inhale: 'Breath-hold, full inhale',
  free_breathing: 'Free breathing',
} as const;

const ROTATION: readonly LabPresetName[] = ['motion_rot_angle', 'motion_rot_freq'];
const TRANSLATION: readonly LabPresetName[] = ['motion_trans_magn', 'motion_trans_freq', 'motion_trans_axis'];
const CONTRAST_VALUES: readonly LabPresetName[] = [
  'contrast_concentration',
  'contrast_volume',
  'time_after_contrast',
];
/** Patient-settings presets and the model feature (simulator.md §3 "Feature names") each needs. */
const FEATURE_OF: Partial<Record<LabPresetName, string>> = {
  brainStateMode: 'Brain Condition',
  heartCondition: 'Heart Condition',
  breathingMode: 'Breathing mode',
  defaultCardiacPhase: 'Default cardiac phase',
};

/**
 * Whether the form offers preset `name` for `model` with the other `presets` as they are: motion values only for
 * their motion type, contrast values only with the contrast agent on a contrast model, patient settings only
 * where the model has the feature, the coil only when the model has coils. No model: only the scanner's own.
 */
export function presetOffered(
  name: LabPresetName,
  presets: LabPresets,
  model: AnatomicalModelOption | undefined,
): boolean {
  if (ROTATION.includes(name)) return presets.motion === 'rotational';
  if (TRANSLATION.includes(name)) return presets.motion === 'translational';
  if (name === 'activate_contrast') return model?.contrast === true;
  if (CONTRAST_VALUES.includes(name)) return model?.contrast === true && presets.activate_contrast === true;
  if (name === 'coil') return (model?.coils.length ?? 0) > 0;
  const feature = FEATURE_OF[name];
  if (feature !== undefined) return model?.features.includes(feature) === true;
  return true;
}

/** The presets the form offers for `model` now, in the form's order. */
export function offeredPresets(
  presets: LabPresets,
  model: AnatomicalModelOption | undefined,
): LabPresetName[] {
  return (Object.keys(PRESET_LABELS) as LabPresetName[]).filter((n) => presetOffered(n, presets, model));
}

/**
 * Whether a set preset still applies: what presetOffered says and a coil the model has; without the model's
 * options (not loaded) only the dependencies between presets count (motion type, contrast on).
 */
function stillApplies(
  name: LabPresetName,
  value: unknown,
  presets: LabPresets,
  model: AnatomicalModelOption | undefined,
): boolean {
  if (model === undefined) {
    if (ROTATION.includes(name) || TRANSLATION.includes(name)) return presetOffered(name, presets, model);
    return !CONTRAST_VALUES.includes(name) || presets.activate_contrast === true;
  }
  if (!presetOffered(name, presets, model)) return false;
  return name !== 'coil' || model.coils.some((c) => c.uniqueName === value);
}

/**
 * `presets` and `locked` without what no longer applies (another model, motion type or contrast switched off),
 * repeated until nothing changes (dropping `motion` drops its values too); a lock without a value goes too.
 */
export function prunePresets(
  presets: LabPresets,
  locked: readonly LabPresetName[],
  model: AnatomicalModelOption | undefined,
): { presets: LabPresets; lockedPresets: LabPresetName[] } {
  let current: LabPresets = { ...presets };
  for (;;) {
    const kept = Object.fromEntries(
      Object.entries(current).filter(([name, value]) =>
        stillApplies(name as LabPresetName, value, current, model),
      ),
    ) as LabPresets;
    if (Object.keys(kept).length === Object.keys(current).length) break;
    current = kept;
  }
  return {
    presets: current,
    lockedPresets: locked.filter((n) => current[n] !== undefined),
  };
}

/** The form's message for each preset value outside the spec's range (simulator.md §5 wording). */
export function presetErrors(presets: LabPresets): Partial<Record<LabPresetName, string>> {
  const errors: Partial<Record<LabPresetName, string>> = {};
  for (const [name, value] of Object.entries(presets)) {
    const preset = name as LabPresetName;
    const result = labPresetsSchema.shape[preset].safeParse(value);
    if (result.success) continue;
    const issue = result.error.issues[0];
    if (typeof value !== 'number' || Number.isNaN(value)) errors[preset] = 'This field is required';
    else if (issue?.code === 'too_big') errors[preset] = 'Higher than allowed maximum';
    else if (issue?.code === 'too_small') errors[preset] = 'Lower than allowed minimum';
    else errors[preset] = issue?.message ?? 'Not allowed';
  }
  return errors;
}

/** How a preset's value reads on the student's module page, e.g. "1.5 T", "Rotational", "Body coil". */
export function presetValueLabel(
  name: LabPresetName,
  presets: LabPresets,
  model: AnatomicalModelOption | undefined,
): string {
  const value = presets[name];
  switch (name) {
    case 'b0field':
      return `${String(value)} T`;
    case 'maxGr':
      return `${String(value)} mT/m`;
    case 'coil':
      return model?.coils.find((c) => c.uniqueName === value)?.shownName ?? String(value);
    case 'noise':
      return NOISE_NAMES[presets.noise ?? 0] ?? String(value);
    case 'motion':
      return presets.motion === undefined ? '' : MOTION_NAMES[presets.motion];
    case 'motion_trans_axis':
      return presets.motion_trans_axis === undefined ? '' : TRANSLATION_AXIS_NAMES[presets.motion_trans_axis];
    case 'activate_contrast':
    case 'susceptibility':
      return value === true ? 'On' : 'Off';
    case 'contrast_concentration':
      return `${String(value)} mmol/ml`;
    case 'brainStateMode':
      return presets.brainStateMode === undefined ? '' : BRAIN_CONDITION_NAMES[presets.brainStateMode];
    case 'heartCondition':
      return presets.heartCondition === undefined ? '' : HEART_CONDITION_NAMES[presets.heartCondition];
    case 'breathingMode':
      return presets.breathingMode === undefined ? '' : BREATHING_MODE_NAMES[presets.breathingMode];
    default:
      return String(value);
  }
}
