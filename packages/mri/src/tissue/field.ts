import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import type { Hertz, Ppm, Seconds, Tesla } from '../units.ts';
import type { FieldPair } from './definition.ts';

/**
 * Field dependence of relaxation. Measured values exist at 1.5 T and 3 T; the scanner also offers 0.25–0.55 T.
 * - T1: power law T1 = A·(γ̄·B0)^B (Bottomley et al., Med Phys 1984;11:425; Rooney et al., MRM 2007;57:308).
 *   Between the measured fields, B is the one the two measurements imply; below 1.5 T the tissue's cited
 *   exponent scales the 1.5 T value (A drops out: T1(B0) = T1(1.5 T)·(B0/1.5 T)^B).
 * - T2: nearly independent of field at these strengths (Bottomley 1984): linear between the measured values,
 *   held at the 1.5 T value below 1.5 T.
 * - T2*: 1/T2* = 1/T2 + R2′ with the static-dephasing rate R2′ proportional to B0 (susceptibility offsets scale
 *   with the field; reference/analytic_formulas.md §5, 1/T2′ ≈ γ·ΔB): R2′ from the measurements, linear in
 *   between, ∝ B0 outside.
 */

export const LOW_MEASURED_FIELD_T = 1.5;
export const HIGH_MEASURED_FIELD_T = 3;

/** T1 at field `b0` [T] from the measured pair and the low-field exponent [s]. */
export function t1AtField(t1: FieldPair, lowFieldExponent: number, b0: Tesla): Seconds {
  const [low, high] = t1;
  if (b0 <= LOW_MEASURED_FIELD_T) return low * Math.pow(b0 / LOW_MEASURED_FIELD_T, lowFieldExponent);
  const measuredExponent = Math.log(high / low) / Math.log(HIGH_MEASURED_FIELD_T / LOW_MEASURED_FIELD_T);
  return low * Math.pow(b0 / LOW_MEASURED_FIELD_T, measuredExponent);
}

/** Position of `b0` between the two measured fields, clamped to [0, 1]. */
export function measuredFieldFraction(b0: Tesla): number {
  const f = (b0 - LOW_MEASURED_FIELD_T) / (HIGH_MEASURED_FIELD_T - LOW_MEASURED_FIELD_T);
  return Math.min(1, Math.max(0, f));
}

/** T2 at field `b0` [T] [s]. */
export function t2AtField(t2: FieldPair, b0: Tesla): Seconds {
  const f = measuredFieldFraction(b0);
  return t2[0] * (1 - f) + t2[1] * f;
}

/** Static-dephasing rate R2′ = 1/T2* − 1/T2 [1/s], never negative. */
export function staticDephasingRate(t2: Seconds, t2star: Seconds): number {
  return Math.max(0, 1 / t2star - 1 / t2);
}

/** R2′ at field `b0` [T] from the measured T2 and T2* pairs [1/s]. */
export function dephasingRateAtField(t2: FieldPair, t2star: FieldPair, b0: Tesla): number {
  const low = staticDephasingRate(t2[0], t2star[0]);
  const high = staticDephasingRate(t2[1], t2star[1]);
  if (b0 <= LOW_MEASURED_FIELD_T) return (low * b0) / LOW_MEASURED_FIELD_T;
  if (b0 >= HIGH_MEASURED_FIELD_T) return (high * b0) / HIGH_MEASURED_FIELD_T;
  const f = measuredFieldFraction(b0);
  return low * (1 - f) + high * f;
}

/** T2* from T2 [s] and R2′ [1/s]: 1/(1/T2 + R2′) [s]. */
export function t2StarFrom(t2: Seconds, dephasingRate: number): Seconds {
  return 1 / (1 / t2 + dephasingRate);
}

/** Frequency offset of a chemical shift `shift` [ppm] at field `b0` [T]: Δf = shift·1e-6·γ̄·B0 [Hz]. */
export function chemicalShiftHz(shift: Ppm, b0: Tesla): Hertz {
  return shift * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * b0;
}
