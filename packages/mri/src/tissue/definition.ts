import type { Ppm, Seconds, SquareMetersPerSecond } from '../units.ts';
import type { TissueKey } from './types.ts';

/**
 * A value measured at the two clinical fields of the literature: [at 1.5 T, at 3 T] [s].
 * Lower fields come from the field-dependence model in field.ts.
 */
export type FieldPair = readonly [at1p5T: Seconds, at3T: Seconds];

/**
 * One tissue of the library, as the literature gives it. Flags in `sources` follow
 * reference/tissue_properties.md: [V] value seen in a retrieved source, [M] from the cited paper as recalled,
 * [~] approximate / consensus range (no single primary source).
 */
export interface TissueDefinition {
  key: TissueKey;
  /** Display name. */
  name: string;
  /** Proton density relative to pure water. */
  pd: number;
  /** Longitudinal relaxation at 1.5 T and 3 T [s]. */
  t1: FieldPair;
  /**
   * Exponent B of T1 ∝ (γ̄·B0)^B below 1.5 T (Bottomley et al., Med Phys 1984;11:425; the same power law as
   * Rooney et al., MRM 2007;57:308 and Gach et al. 2008). 0 for free fluids, whose T1 hardly depends on field.
   */
  t1FieldExponent: number;
  /** Transverse relaxation at 1.5 T and 3 T [s]. */
  t2: FieldPair;
  /** Effective transverse relaxation T2* at 1.5 T and 3 T [s]. */
  t2star: FieldPair;
  /** Chemical shift of the main resonance relative to water [ppm] (fat −3.4). */
  chemicalShiftPpm: Ppm;
  /** Volume susceptibility relative to water Δχ [ppm, SI] (water itself −9.05 ppm; Schenck 1996). */
  susceptibilityPpm: Ppm;
  /** Apparent diffusion coefficient [m²/s] (10⁻³ mm²/s = 10⁻⁹ m²/s). */
  adc: SquareMetersPerSecond;
  /** Where each value comes from. */
  sources: string;
}

/** Milliseconds to seconds for the tables, which quote the literature in ms. */
export const ms = (value: number): Seconds => value / 1000;

/** ADC in the clinical unit 10⁻³ mm²/s to [m²/s]. */
export const adcClinical = (value: number): SquareMetersPerSecond => value * 1e-9;
