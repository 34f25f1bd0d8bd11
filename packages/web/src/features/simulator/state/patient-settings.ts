/**
 * The Patient settings dialog's rules (simulator.md §2, §5), pure: which sections a model shows (only those of
 * its features, less those the CPU simulator hides; Contrast only for models 202, 203, 204 and 207; motion
 * always), how typed numbers are committed
 * (motion and contrast values out of range revert to the previous value; the default cardiac phase clamps to
 * 1–20 and reverts when not a number), end-diastole phases, and the contrast dose.
 */
import { CONTRAST_MODEL_IDS } from '@larmor/contracts/catalog';
import {
  END_DIASTOLE_FIRST_PHASE,
  PATIENT_SETTING_RANGES,
  PATIENT_WEIGHT_KG,
} from '@larmor/contracts/sessions';

export type PatientSection =
  'breathing' | 'heart' | 'brain' | 'cardiacPhase' | 'physiologicalMotion' | 'motion' | 'contrast';

/** The feature (simulator.md §3 feature names) each feature-gated section needs. */
const SECTION_FEATURES: readonly [PatientSection, string][] = [
  ['breathing', 'Breathing mode'],
  ['heart', 'Heart Condition'],
  ['brain', 'Brain Condition'],
  ['cardiacPhase', 'Default cardiac phase'],
  ['physiologicalMotion', 'Physiological motion'],
];

/**
 * Sections the CPU simulator hides (simulator.md §5 "most advanced sections are hidden on the CPU simulator"):
 * their settings are ones it refuses (CPUSIM_REFUSED_CONFIGURATION: breathingMode, physiologicalMotion).
 */
const CPUSIM_HIDDEN: readonly PatientSection[] = ['breathing', 'physiologicalMotion'];

/** The sections the model `modelId` with `features` shows on `backend`, in the dialog's order. */
export function patientSections(
  features: readonly string[],
  modelId: number,
  backend: 'cpusim' | 'censol' = 'censol',
): PatientSection[] {
  const sections = SECTION_FEATURES.filter(([, feature]) => features.includes(feature))
    .map(([s]) => s)
    .filter((s) => backend !== 'cpusim' || !CPUSIM_HIDDEN.includes(s));
  sections.push('motion');
  if ((CONTRAST_MODEL_IDS as readonly number[]).includes(modelId)) sections.push('contrast');
  return sections;
}

export type RangedSetting = keyof typeof PATIENT_SETTING_RANGES;

const INTEGER_SETTINGS: readonly RangedSetting[] = ['motion_rot_angle', 'defaultCardiacPhase'];

function numberOf(typed: string | number): number | undefined {
  if (typeof typed === 'number') return Number.isFinite(typed) ? typed : undefined;
  if (typed.trim() === '') return undefined;
  const value = Number(typed);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The value to save when typing `typed` into `name` ends, or undefined to revert to the previous value:
 * the default cardiac phase rounds and clamps to 1–20 (not a number reverts); every other setting keeps a value
 * within its range (an integer where the setting is one) and reverts otherwise.
 */
export function committedSetting(name: RangedSetting, typed: string | number): number | undefined {
  const value = numberOf(typed);
  if (value === undefined) return undefined;
  const { min, max } = PATIENT_SETTING_RANGES[name];
  if (name === 'defaultCardiacPhase') return Math.min(max, Math.max(min, Math.round(value)));
  if (value < min || value > max) return undefined;
  if (INTEGER_SETTINGS.includes(name) && !Number.isInteger(value)) return undefined;
  return value;
}

/** Phases 17 to 20 are treated as end-diastole (simulator.md §5). */
export const isEndDiastole = (phase: number): boolean => phase >= END_DIASTOLE_FIRST_PHASE;

/** Dose [mmol/kg] = concentration [mmol/ml] × volume [ml] / patient weight 80 kg (simulator.md §9). */
export const contrastDoseMmolPerKg = (concentrationMmolPerMl: number, volumeMl: number): number =>
  (concentrationMmolPerMl * volumeMl) / PATIENT_WEIGHT_KG;
