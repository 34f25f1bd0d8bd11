import type { Radians, Seconds } from '../units.ts';

/**
 * Closed-form magnetisation of the sequence families, per unit M0 (reference/analytic_formulas.md; Haacke et al.,
 * "MRI: Physical Principles and Sequence Design", 1999; Bernstein, King & Zhou, "Handbook of MRI Pulse
 * Sequences", 2004). Ideal RF pulses, ideal spoiling where a family spoils, no diffusion unless stated.
 * Times [s], angles [rad].
 */

/** exp(−t/T) with T = ∞ (or 0 with t = 0) handled: relaxation factor over `t` [s] for time constant `t` [s]. */
export function relaxation(time: Seconds, constant: Seconds): number {
  if (constant <= 0) return time > 0 ? 0 : 1;
  return Math.exp(-time / constant);
}

/**
 * Longitudinal magnetisation just before each excitation of a spin echo α–TE/2–β–TE/2 repeated every TR,
 * transverse magnetisation spoiled (crushed) around the refocusing pulse and before each excitation
 * (analytic_formulas.md §1, generalised to any α and β; E1 = e^(−TR/T1), Er = e^(−(TR − TE/2)/T1)):
 *   Mz = (1 − Er + cos β·(Er − E1)) / (1 − cos α·cos β·E1).
 * For α = 90°, β = 180° this is the reference formula 1 − 2·Er + E1 (the 180° inverts Mz at TE/2).
 */
export function spinEchoMz(
  t1: Seconds,
  tr: Seconds,
  te: Seconds,
  alpha: Radians = Math.PI / 2,
  beta: Radians = Math.PI,
): number {
  const e1 = relaxation(tr, t1);
  const eRest = relaxation(tr - te / 2, t1);
  return (1 - eRest + Math.cos(beta) * (eRest - e1)) / (1 - Math.cos(alpha) * Math.cos(beta) * e1);
}

/**
 * Spin-echo amplitude at TE per unit M0: Mz·sin α·sin²(β/2)·e^(−TE/T2) (analytic_formulas.md §1; a crushed
 * refocusing pulse of angle β refocuses the fraction sin²(β/2), Bernstein et al. 2004 §4.3).
 * Check: T1 1.084 s, T2 69 ms, TR 0.5 s, TE 80 ms, α 90°, β 180° → 0.10104.
 */
export function spinEchoSignal(
  t1: Seconds,
  t2: Seconds,
  tr: Seconds,
  te: Seconds,
  alpha: Radians = Math.PI / 2,
  beta: Radians = Math.PI,
): number {
  const refocused = Math.sin(beta / 2) ** 2;
  return spinEchoMz(t1, tr, te, alpha, beta) * Math.sin(alpha) * refocused * relaxation(te, t2);
}

/**
 * Longitudinal magnetisation at the 90° of an inversion recovery 180°–TI–90°–TE/2–180°–TE/2 (SE readout),
 * repeated every TR (analytic_formulas.md §2): Mz = 1 − 2e^(−TI/T1) + 2e^(−(TR − TE/2)/T1) − e^(−TR/T1).
 * Signed: negative while the magnetisation has not yet crossed zero.
 */
export function inversionRecoveryMz(t1: Seconds, tr: Seconds, ti: Seconds, te: Seconds): number {
  return 1 - 2 * relaxation(ti, t1) + 2 * relaxation(tr - te / 2, t1) - relaxation(tr, t1);
}

/** Inversion-recovery echo amplitude at TE (signed) per unit M0: Mz(TI)·e^(−TE/T2) (analytic_formulas.md §2). */
export function inversionRecoverySignal(
  t1: Seconds,
  t2: Seconds,
  tr: Seconds,
  ti: Seconds,
  te: Seconds,
): number {
  return inversionRecoveryMz(t1, tr, ti, te) * relaxation(te, t2);
}

/**
 * Inversion time that nulls a tissue of longitudinal relaxation `t1` with repetition `tr` (TE ≪ TR):
 * TI0 = T1·ln(2 / (1 + e^(−TR/T1))) (analytic_formulas.md §2); → T1·ln 2 for TR ≫ T1.
 */
export function inversionNullTime(t1: Seconds, tr: Seconds): Seconds {
  return t1 * Math.log(2 / (1 + relaxation(tr, t1)));
}

/**
 * Inversion time that nulls `t1` with the SE readout term (analytic_formulas.md §2):
 * 1 − 2e^(−TI/T1) + 2e^(−(TR − TE/2)/T1) − e^(−TR/T1) = 0 → TI = −T1·ln((1 + 2e^(−(TR−TE/2)/T1) − e^(−TR/T1))/2).
 */
export function inversionNullTimeWithReadout(t1: Seconds, tr: Seconds, te: Seconds): Seconds {
  return -t1 * Math.log((1 + 2 * relaxation(tr - te / 2, t1) - relaxation(tr, t1)) / 2);
}

/**
 * Spoiled gradient-echo (FLASH) steady state at TE per unit M0 (analytic_formulas.md §3; Ernst & Anderson 1966):
 * sin α·(1 − E1)/(1 − cos α·E1)·e^(−TE/T2*).
 */
export function spoiledGradientEchoSignal(
  t1: Seconds,
  t2star: Seconds,
  tr: Seconds,
  te: Seconds,
  alpha: Radians,
): number {
  const e1 = relaxation(tr, t1);
  return ((Math.sin(alpha) * (1 - e1)) / (1 - Math.cos(alpha) * e1)) * relaxation(te, t2star);
}

/** Ernst angle arccos(e^(−TR/T1)) [rad]: the flip angle of largest spoiled-GRE signal (Ernst & Anderson 1966). */
export function ernstAngle(t1: Seconds, tr: Seconds): Radians {
  return Math.acos(relaxation(tr, t1));
}

/**
 * On-resonance bSSFP with RF phase alternated 0/180°, TE = TR/2 (analytic_formulas.md §4; Scheffler & Lehnhardt,
 * Eur Radiol 2003): sin α·(1 − E1)/(1 − (E1 − E2)·cos α − E1·E2)·e^(−TE/T2). The general, off-resonant solution
 * is `bssfpTransverse` in bssfp.ts; this closed form is its check.
 */
export function bssfpOnResonanceSignal(t1: Seconds, t2: Seconds, tr: Seconds, alpha: Radians): number {
  const e1 = relaxation(tr, t1);
  const e2 = relaxation(tr, t2);
  const ss = (Math.sin(alpha) * (1 - e1)) / (1 - (e1 - e2) * Math.cos(alpha) - e1 * e2);
  return ss * relaxation(tr / 2, t2);
}
