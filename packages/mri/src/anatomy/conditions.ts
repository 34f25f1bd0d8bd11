/** Model conditions and modes, spelled exactly as the simulator spec's enumerations (simulator.md §3). */

export const BRAIN_CONDITIONS = [
  'healthy',
  'mildMSlesions',
  'moderateMSlesions',
  'severeMSlesions',
  'tumor',
] as const;
export type BrainCondition = (typeof BRAIN_CONDITIONS)[number];

export const HEART_CONDITIONS = ['healthy', 'myocardialInfarction'] as const;
export type HeartCondition = (typeof HEART_CONDITIONS)[number];

export const BREATHING_MODES = [
  'breathhold_full_exhale',
  'breathhold_full_inhale',
  'free_breathing',
] as const;
export type BreathingMode = (typeof BREATHING_MODES)[number];

/** Cardiac phases of the heart model, 1…20 (spec: default cardiac phase range 1–20; 17–20 are end-diastole). */
export const CARDIAC_PHASE_COUNT = 20;
