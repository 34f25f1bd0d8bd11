/**
 * Physical constants, named once (STYLE.md §9). Sources are cited per value.
 */

/** Proton gyromagnetic ratio γ̄ = γ/2π [Hz/T]. CODATA 2018: 42.577 478 518 MHz/T. */
export const GYROMAGNETIC_RATIO_HZ_PER_T = 42.577478518e6;

/** Proton gyromagnetic ratio γ [rad/(s·T)]. */
export const GYROMAGNETIC_RATIO_RAD_PER_S_PER_T = 2 * Math.PI * GYROMAGNETIC_RATIO_HZ_PER_T;

/**
 * Main methylene fat resonance relative to water [ppm] (−3.4 ppm; reference/analytic_formulas.md §5,
 * Bernstein et al., Handbook of MRI Pulse Sequences, 2004, §17.1).
 */
export const FAT_WATER_SHIFT_PPM = -3.4;

/** Field strengths the scanner offers [T] (simulator spec: scanner settings, b0field). */
export const SCANNER_FIELD_STRENGTHS_T = [0.25, 0.31, 0.4, 0.55, 1.5, 3] as const;
export type ScannerFieldStrength = (typeof SCANNER_FIELD_STRENGTHS_T)[number];

/** Gradient amplitude limits the scanner offers [T/m] (33, 45, 60, 80 mT/m; simulator spec: maxGr). */
export const SCANNER_MAX_GRADIENTS_T_PER_M = [0.033, 0.045, 0.06, 0.08] as const;
