/**
 * Checks of a module's content against the engine's catalogue, done on the module as it will be stored (a
 * PATCH is checked merged with what is there): the model exists; a reading-only model allows no sequences and
 * only objectives decided from the answers (its student scans nothing);
 * presets and tissue overrides fit the model (its coils, features, contrast, tissues); each starting protocol is
 * for one of the module's sequence types (any type for a reading-only model: its prepared series) and runs on the module's scanner (@larmor/mri `validateProtocol`); the
 * objectives name the model's tissues and the offered sequences (objective-checks.ts).
 * Every failure is a 400 with the field and rule, and nothing is written.
 */
import { scannerOf } from '@larmor/mri';
import type { LabPresets, Objective, StartingProtocol, TissueOverride } from '@larmor/contracts';
import { validateProtocol } from '@larmor/mri/sequence';
import { ApiError } from '../../../plugins/errors.ts';
import { ANSWER_ONLY_KINDS, ERROR_CAUSES, ERROR_CODES, sequenceTypeOf } from '@larmor/contracts';
import { defaultConfiguration, presetValues } from '../../sessions/configuration.ts';
import { defaultSchemeProtocol, familyOf } from '../../sequences/protocol.ts';
import { anatomicalModelOf } from './model-catalogue.ts';
import { objectiveProblems, type ObjectiveProblem } from './objective-checks.ts';

/** The parts of a module the checks read. */
export interface LabContent {
  anatomicalModelId: number;
  sequenceTypes: readonly number[];
  presets: LabPresets;
  tissueOverrides: readonly TissueOverride[];
  startingProtocols: readonly StartingProtocol[];
  /** Checked against the model's tissues and the offered sequences (objective-checks.ts). */
  objectives: readonly Objective[];
}

/** Presets that need a model feature (simulator.md §5: patient settings show only when the model has it). */
const PRESET_FEATURES: Partial<Record<keyof LabPresets, string>> = {
  brainStateMode: 'Brain Condition',
  heartCondition: 'Heart Condition',
  defaultCardiacPhase: 'Default cardiac phase',
  breathingMode: 'Breathing mode',
};
/** Presets of the contrast agent (simulator.md §5: Contrast shows only for models 202, 203, 204 and 207). */
const CONTRAST_PRESETS: readonly (keyof LabPresets)[] = [
  'activate_contrast',
  'contrast_concentration',
  'contrast_volume',
  'time_after_contrast',
];

/** The `{field: rule}` map of everything wrong with `content`; empty when it fits. */
export function labContentProblems(content: LabContent): Record<string, string> {
  const problems: Record<string, string> = {};
  const model = anatomicalModelOf(content.anatomicalModelId);
  if (!model) return { anatomicalModelId: 'model' };
  if (model.readingOnly && content.sequenceTypes.length > 0) problems['sequenceTypes'] = 'reading_only';
  // A reading-only module's student scans nothing and submits answers: only checks of the answers apply.
  if (model.readingOnly)
    for (const [index, objective] of content.objectives.entries())
      if (!ANSWER_ONLY_KINDS.includes(objective.kind)) problems[`objectives.${index}.kind`] = 'reading_only';
  const presets = content.presets;
  if (presets.coil !== undefined && !model.coils.some((c) => c.uniqueName === presets.coil)) {
    problems['presets.coil'] = 'coil';
  }
  for (const [name, feature] of Object.entries(PRESET_FEATURES)) {
    if (name in presets && !model.features.includes(feature)) problems[`presets.${name}`] = 'model_feature';
  }
  for (const name of CONTRAST_PRESETS) {
    if (name in presets && !model.contrast) problems[`presets.${name}`] = 'contrast_model';
  }
  for (const [index, override] of content.tissueOverrides.entries()) {
    if (!model.tissues.includes(override.tissue)) problems[`tissueOverrides.${index}.tissue`] = 'tissue';
  }
  const scanner = scannerOf({ ...defaultConfiguration(model), ...presetValues(presets) });
  for (const [index, starting] of content.startingProtocols.entries()) {
    const field = `startingProtocols.${index}`;
    // A reading-only module's starting protocols are its prepared series (sequences/prepared.ts): any type.
    const offered = model.readingOnly || content.sequenceTypes.includes(starting.sequenceType);
    if (!offered || !sequenceTypeOf(starting.sequenceType)) {
      problems[`${field}.sequenceType`] = 'not_allowed';
      continue;
    }
    const protocol = defaultSchemeProtocol(
      familyOf(starting.sequenceType),
      scanner,
      false,
      starting.parameters,
    );
    for (const v of validateProtocol(protocol, scanner))
      problems[`${field}.parameters.${v.parameter}`] ??= v.rule;
  }
  return problems;
}

/** The objectives' problems in the module `content` (none while the model is unknown: that is its own problem). */
function objectiveProblemsOf(content: LabContent): ObjectiveProblem[] {
  const model = anatomicalModelOf(content.anatomicalModelId);
  return model ? objectiveProblems(content.objectives, model.tissues, content.sequenceTypes) : [];
}

/**
 * Throws the 400 of `labContentProblems` and the objectives' problems when there is any; the message says what
 * is wrong with the first objective that is, else that the module does not fit its model.
 */
export function checkLabContent(content: LabContent): void {
  const problems = labContentProblems(content);
  const objectives = objectiveProblemsOf(content);
  for (const p of objectives) problems[p.field] ??= p.rule;
  if (Object.keys(problems).length > 0) {
    throw new ApiError(
      400,
      ERROR_CODES.INVALID_DATA,
      objectives[0]?.message ?? 'The module does not fit its anatomical model',
      ERROR_CAUSES.VALIDATION,
      problems,
    );
  }
}
