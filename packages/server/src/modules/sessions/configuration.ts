/**
 * A session's configuration (simulator.md §3, §5, §6, §9): the simulator's defaults, overlaid by the module's
 * presets, overlaid by what the student changed. A change is checked against the name's range (§5), the
 * module's locks, the `cpusim` refusals (§6), the model (coils, contrast, features) and the free plan; a
 * refused change answers 400 and writes nothing.
 */
import {
  BETA_CONFIGURATION_NAMES,
  CPUSIM_REFUSED_CONFIGURATION,
  ERROR_CAUSES,
  ERROR_CODES,
  SESSION_CONFIGURATION_NAMES,
  SESSION_CONFIGURATION_VALUES,
  configurationIdOf,
  type AnatomicalModelOption,
  type ConfigurationChange,
  type ConfigurationItem,
  type ConfigurationValue,
  type LabPresetName,
  type LabPresets,
  type SessionConfigurationName,
  type SimulatorBackend,
} from '@larmor/contracts';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';
import { modelInfo } from '@larmor/mri/anatomy';
import { ApiError } from '../../plugins/errors.ts';

export type ConfigurationValues = Record<SessionConfigurationName, ConfigurationValue>;

/** The simulator's defaults (simulator.md §9: B0 1.5 T, 45 mT/m, isocenter 180 cm; noise Low). */
export function defaultConfiguration(model: AnatomicalModelOption): ConfigurationValues {
  return {
    isocenter: 180,
    selected_region: 0,
    b0field: 1.5,
    maxGr: 45,
    coil: model.coils[0]?.uniqueName ?? 'body',
    noise: 1,
    motion: 'none',
    motion_rot_angle: 5,
    motion_rot_freq: 1,
    motion_trans_magn: 0.005,
    motion_trans_freq: 1,
    motion_trans_axis: 1,
    activate_contrast: 0,
    contrast_concentration: 0.5,
    contrast_volume: 15,
    time_after_contrast: 5,
    defaultCardiacPhase: 1,
    breathingMode: 'breathhold_full_exhale',
    brainStateMode: model.brainCondition ?? 'healthy',
    heartCondition: 'healthy',
    physiologicalMotion: 0,
    activate_cs: 0,
    susceptibility: 0,
    t2Star: 0,
    customTissueMagneticProperties: 0,
    overwrite_simulation_settings: 0,
    gridSizeOption: '0',
    slice_box_view: 1,
    text_on_viewers: 1,
    active_intersections: 1,
    show_tissue_hover: 0,
    ecgGraph: 0,
    distance_unit: 'mm',
    time_unit: 'ms',
    advanced_notifications: 0,
    contrast_scan_delay: 0,
  };
}

/** A module's presets as configuration values (booleans become the 0/1 flags of the configuration). */
export function presetValues(presets: LabPresets): Partial<ConfigurationValues> {
  const out: Partial<ConfigurationValues> = {};
  for (const [name, value] of Object.entries(presets) as [LabPresetName, LabPresets[LabPresetName]][]) {
    if (value === undefined) continue;
    out[name] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return out;
}

/** The configuration as the API answers it, every known name in id order. */
export function presentConfiguration(
  values: ConfigurationValues,
  locked: readonly string[],
): ConfigurationItem[] {
  return SESSION_CONFIGURATION_NAMES.map((name, index) => ({
    id: index + 1,
    name,
    selectedValue: values[name],
    inBeta: BETA_CONFIGURATION_NAMES.includes(name),
    locked: locked.includes(name),
  }));
}

const refuse = (field: string, rule: string, message: string): ApiError =>
  new ApiError(400, ERROR_CODES.INVALID_DATA, message, ERROR_CAUSES.VALIDATION, { [field]: rule });

/** The regions of a model (its engine model's). */
export const regionsOf = (model: Pick<AnatomicalModelOption, 'engineModelId'>) =>
  modelInfo(model.engineModelId)?.regions ?? [];

/** What a change is checked against. */
export interface ConfigurationContext {
  backend: SimulatorBackend;
  freePlan: boolean;
  model: AnatomicalModelOption;
  lockedPresets: readonly string[];
}

/** The name and checked value of `change`; throws a 400 naming the rule it breaks. */
export function checkConfigurationChange(
  change: ConfigurationChange,
  context: ConfigurationContext,
): { name: SessionConfigurationName; value: ConfigurationValue } {
  const name =
    typeof change.configurationId === 'number'
      ? SESSION_CONFIGURATION_NAMES[change.configurationId - 1]
      : configurationIdOf(change.configurationId) !== undefined
        ? (change.configurationId as SessionConfigurationName)
        : undefined;
  if (name === undefined) throw refuse('configurationId', 'unknown', 'Unknown configuration');
  const parsed = SESSION_CONFIGURATION_VALUES[name].safeParse(change.value);
  if (!parsed.success) {
    throw refuse('value', 'range', `${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
  }
  const value = parsed.data as ConfigurationValue;
  if (context.lockedPresets.includes(name)) {
    throw refuse('configurationId', 'locked', `${name} is fixed by this module`);
  }
  if (context.backend === 'cpusim' && CPUSIM_REFUSED_CONFIGURATION.includes(name)) {
    throw refuse('configurationId', 'cpusim', `${name} cannot be changed on the CPU simulator`);
  }
  if (name === 'b0field' && context.freePlan && value !== FREE_PLAN_LIMITS.b0) {
    throw refuse('value', 'free-plan', 'Only the 1.5 T scanner is available on the free plan');
  }
  if (name === 'coil' && !context.model.coils.some((c) => c.uniqueName === value)) {
    throw refuse('value', 'coil', `The model has no coil '${String(value)}'`);
  }
  if ((name === 'isocenter' || name === 'selected_region') && !context.model.features.includes('Isocenter')) {
    throw refuse('configurationId', 'isocenter', 'This model has no isocenter choice');
  }
  if (name === 'selected_region' && value !== 0 && !regionsOf(context.model).some((r) => r.id === value)) {
    throw refuse('value', 'region', 'The model has no such region');
  }
  const contrastNames: readonly string[] = [
    'activate_contrast',
    'contrast_concentration',
    'contrast_volume',
    'time_after_contrast',
    'contrast_scan_delay',
  ];
  // The timing-bolus tool's own injection (model 223) is its delay; the rest is the patient settings' contrast.
  const toolInjection = name === 'contrast_scan_delay' && context.model.timingBolus;
  if (contrastNames.includes(name) && !context.model.contrast && !toolInjection) {
    throw refuse(
      'configurationId',
      'contrast',
      'Contrast is available for models 202, 203, 204 and 207 only',
    );
  }
  return { name, value };
}
