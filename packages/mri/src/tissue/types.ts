import type { Hertz, Ppm, Seconds, SquareMetersPerSecond } from '../units.ts';

/** Stable identifier of a tissue in the library (e.g. 'whiteMatter'). */
export type TissueKey = string;

/**
 * Magnetic properties of one tissue at one field strength: what the engines need per tissue.
 * Relaxation times [s]; `null` T2* means no extra dephasing beyond T2.
 */
export interface TissueAtField {
  key: TissueKey;
  /** Proton density relative to water (1 = pure water). */
  pd: number;
  /** Longitudinal relaxation time [s]. */
  t1: Seconds;
  /** Transverse relaxation time [s]. */
  t2: Seconds;
  /** Effective transverse relaxation time including static dephasing [s]. */
  t2star: Seconds;
  /** Chemical shift of this tissue's main resonance relative to water [ppm]; fat ≈ −3.4. */
  chemicalShiftPpm: Ppm;
  /** Volume magnetic susceptibility relative to water, Δχ [ppm, SI]. */
  susceptibilityPpm: Ppm;
  /** Apparent diffusion coefficient [m²/s]. */
  adc: SquareMetersPerSecond;
  /** Off-resonance of the main resonance at this field [Hz] (chemical shift × γ̄·B0). */
  offResonanceHz: Hertz;
}
