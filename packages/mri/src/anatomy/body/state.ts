import type { BreathingMode, HeartCondition } from '../conditions.ts';
import { CARDIAC_PHASE_COUNT } from '../conditions.ts';

/** The physiological state the body is drawn in. */
export interface BodyState {
  /** Cardiac phase 1…20. */
  cardiacPhase: number;
  heartCondition: HeartCondition;
  breathingMode: BreathingMode;
}

export const DEFAULT_BODY_STATE: BodyState = {
  cardiacPhase: CARDIAC_PHASE_COUNT,
  heartCondition: 'healthy',
  breathingMode: 'breathhold_full_exhale',
};

/**
 * Diaphragm displacement along z [m] (negative: towards the feet) per breathing mode. Full inspiration moves the
 * diaphragm ≈ 3 cm caudally from full expiration at rest-to-deep breathing (Wade 1954, J Physiol 124:193–212,
 * 1.5 cm quiet to 6–10 cm maximal); free breathing is drawn at mid-cycle (the motion itself is simulated).
 */
export function diaphragmShift(mode: BreathingMode): number {
  switch (mode) {
    case 'breathhold_full_exhale':
      return 0;
    case 'breathhold_full_inhale':
      return -0.03;
    case 'free_breathing':
      return -0.015;
  }
}

/** End of ventricular systole as a fraction of the cardiac cycle (≈ 0.35 at 60–70 bpm; Wiggers diagram). */
const END_SYSTOLE_FRACTION = 0.35;
/** End of rapid filling and diastasis, after which the ventricle is at end-diastolic size. */
const FILLED_FRACTION = 0.7;

/**
 * Ventricular contraction 0 (end-diastole) … 1 (end-systole) at a cardiac phase 1…20 of an R-R interval split in
 * 20 equal phases: a raised cosine peaking at end-systole and back to 0 by 70 % of the cycle, so phases 15–20
 * are end-diastole (the spec treats 17–20 as end-diastole).
 */
export function contraction(phase: number): number {
  const p = Math.min(CARDIAC_PHASE_COUNT, Math.max(1, Math.round(phase)));
  const t = (p - 1) / CARDIAC_PHASE_COUNT;
  if (t >= FILLED_FRACTION) return 0;
  return 0.5 * (1 - Math.cos((Math.PI * t) / END_SYSTOLE_FRACTION));
}
