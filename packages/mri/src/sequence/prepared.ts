import type { Radians, Seconds } from '../units.ts';
import { relaxation } from './steady-state.ts';

/**
 * Magnetisation-prepared readouts: MP-RAGE and MOLLI. Per unit M0, ideal pulses; times [s], angles [rad].
 */

/** An affine map of longitudinal magnetisation, Mz → scale·Mz + offset (ideal spoiling keeps only Mz). */
interface AffineMz {
  scale: number;
  offset: number;
}

/** First `a`, then `b`. */
function then(a: AffineMz, b: AffineMz): AffineMz {
  return { scale: b.scale * a.scale, offset: b.scale * a.offset + b.offset };
}

/** T1 recovery over `time` [s]: Mz → Mz·E + (1 − E). */
function recover(time: Seconds, t1: Seconds): AffineMz {
  const e = relaxation(Math.max(0, time), t1);
  return { scale: e, offset: 1 - e };
}

/** A spoiled excitation by α: Mz → Mz·cos α (the transverse part is read out, then spoiled). */
function excite(alpha: Radians): AffineMz {
  return { scale: Math.cos(alpha), offset: 0 };
}

const INVERT: AffineMz = { scale: -1, offset: 0 };

/** Timing of one MP-RAGE shot: inversion at 0, then `pulses` spoiled GRE excitations every `echoSpacing`. */
export interface MprageTiming {
  /** Inversion-to-inversion time [s]. */
  shotRepetitionTime: Seconds;
  /** Inversion to the excitation of the k-space centre line [s]. */
  inversionTime: Seconds;
  /** Repetition time of the GRE readout inside the shot [s]. */
  echoSpacing: Seconds;
  /** Excitations per shot. */
  pulses: number;
  /** Which excitation reads the k-space centre (0-based; linear ordering: floor(pulses/2)). */
  centrePulse?: number;
  echoTime: Seconds;
  flipAngle: Radians;
}

/**
 * MP-RAGE signal of the k-space centre line per unit M0, signed (Mugler & Brookeman, MRM 1990; closed form of
 * Deichmann et al., NeuroImage 2000, evaluated here as the exact fixed point of the shot's affine Mz map):
 * Mz just before the centre excitation × sin α × e^(−TE/T2*).
 */
export function mprageSignal(t1: Seconds, t2star: Seconds, timing: MprageTiming): number {
  const { shotRepetitionTime, inversionTime, echoSpacing, pulses, flipAngle } = timing;
  const n = Math.max(1, Math.round(pulses));
  const centre = Math.min(n - 1, Math.max(0, Math.round(timing.centrePulse ?? Math.floor(n / 2))));
  const firstPulse = Math.max(0, inversionTime - centre * echoSpacing);
  const lastPulse = firstPulse + (n - 1) * echoSpacing;
  const pulseStep = then(excite(flipAngle), recover(echoSpacing, t1));
  let toCentre = then(INVERT, recover(firstPulse, t1));
  for (let k = 0; k < centre; k++) toCentre = then(toCentre, pulseStep);
  let shot = toCentre;
  for (let k = centre; k < n - 1; k++) shot = then(shot, pulseStep);
  shot = then(shot, then(excite(flipAngle), recover(shotRepetitionTime - lastPulse, t1)));
  // Steady state: Mz0 = shot(Mz0).
  const mz0 = shot.offset / (1 - shot.scale);
  const mzCentre = toCentre.scale * mz0 + toCentre.offset;
  return mzCentre * Math.sin(flipAngle) * relaxation(timing.echoTime, t2star);
}

/**
 * Apparent relaxation time T1* of an inversion-recovery bSSFP readout (Schmitt et al., MRM 2004;51:661):
 * 1/T1* = cos²(α/2)/T1 + sin²(α/2)/T2 [s].
 */
export function apparentT1Star(t1: Seconds, t2: Seconds, alpha: Radians): Seconds {
  const c = Math.cos(alpha / 2);
  const s = Math.sin(alpha / 2);
  return 1 / ((c * c) / t1 + (s * s) / t2);
}

/**
 * MOLLI image at inversion time TI, signed, per unit M0 (Messroghli et al., MRM 2004;52:141, with the
 * IR-bSSFP signal model of Schmitt et al. 2004): S(TI) = A − B·e^(−TI/T1*), A = bSSFP steady state
 * sin α·(1 − E1)/(1 − (E1 − E2)·cos α − E1·E2), B = A + sin(α/2), times e^(−TE/T2).
 * The apparent T1* is what a three-parameter fit of MOLLI images returns; T1 ≈ T1*·(B/A − 1).
 */
export function molliSignal(
  t1: Seconds,
  t2: Seconds,
  inversionTime: Seconds,
  readoutRepetition: Seconds,
  echoTime: Seconds,
  alpha: Radians,
): number {
  const e1 = relaxation(readoutRepetition, t1);
  const e2 = relaxation(readoutRepetition, t2);
  const a = (Math.sin(alpha) * (1 - e1)) / (1 - (e1 - e2) * Math.cos(alpha) - e1 * e2);
  const b = a + Math.sin(alpha / 2);
  const t1Star = apparentT1Star(t1, t2, alpha);
  return (a - b * Math.exp(-inversionTime / t1Star)) * relaxation(echoTime, t2);
}
