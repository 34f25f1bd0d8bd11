/**
 * Patient motion during a scan, as the fast engine applies it to k-space line by line (DESIGN.md §3).
 *
 * A line acquired at time t sees the object displaced by d(t) or rotated by θ(t), both sinusoidal. Translation
 * multiplies k-space by the linear phase exp(−i·2π·k·d(t)) (Fourier shift theorem, with the signal convention
 * S(k) = Σ M·exp(−i2πk·r) of docs/conventions.md); in-plane rotation rotates k-space with the object,
 * K_θ(k) = K(R(−θ)·k), sampled by bilinear interpolation. Through-plane components are ignored.
 */
import type { Protocol } from '../sequence/protocol.ts';
import { lineEchoTimes, spinEchoTrainLayout } from '../sequence/signal.ts';
import type { Hertz, Meters, Radians, Seconds, Vec3 } from '../units.ts';
import { dot, type AcquisitionFrame } from './geometry.ts';

/** Ranges the simulator offers (simulator spec, motion settings). */
export const TRANSLATION_AMPLITUDE_RANGE_M = [0.001, 0.1] as const;
export const ROTATION_AMPLITUDE_RANGE_RAD = [Math.PI / 180, Math.PI / 4] as const;
export const MOTION_FREQUENCY_RANGE_HZ = [1, 10] as const;

export type Motion =
  | {
      kind: 'translation';
      /** Peak displacement [m]. */
      amplitude: Meters;
      frequency: Hertz;
      /** Unit direction of the displacement in patient coordinates (LPS). */
      direction: Vec3;
    }
  | {
      kind: 'rotation';
      /** Peak in-plane rotation [rad]. */
      amplitude: Radians;
      frequency: Hertz;
    };

/** Throws a RangeError naming the broken limit when a motion lies outside the simulator's ranges. */
export function validateMotion(motion: Motion): void {
  const [lo, hi] =
    motion.kind === 'translation' ? TRANSLATION_AMPLITUDE_RANGE_M : ROTATION_AMPLITUDE_RANGE_RAD;
  if (!(motion.amplitude >= lo && motion.amplitude <= hi)) {
    throw new RangeError(`${motion.kind} amplitude ${motion.amplitude} outside [${lo}, ${hi}]`);
  }
  const [flo, fhi] = MOTION_FREQUENCY_RANGE_HZ;
  if (!(motion.frequency >= flo && motion.frequency <= fhi)) {
    throw new RangeError(`motion frequency ${motion.frequency} Hz outside [${flo}, ${fhi}]`);
  }
}

/**
 * Time of each phase-encoding line from the start of the scan [s]: shot index × TR + the line's echo time.
 * Spin-echo trains take each line's shot from their layout (sequence/signal.ts `spinEchoTrainLayout`); other
 * readouts interleave, so line l belongs to shot l mod (number of shots).
 */
export function lineAcquisitionTimes(protocol: Protocol, phaseCount: number): Float64Array {
  const etl = Math.max(1, Math.min(Math.round(protocol.echoTrainLength), phaseCount));
  const shots = Math.ceil(phaseCount / etl);
  const train = spinEchoTrainLayout(protocol, phaseCount);
  const echoTimes = lineEchoTimes(protocol, phaseCount);
  const times = new Float64Array(phaseCount);
  for (let line = 0; line < phaseCount; line++) {
    const shot = train ? Math.max(0, train.shotOfLine[line] ?? 0) : line % shots;
    times[line] = shot * protocol.repetitionTime + (echoTimes[line] as number);
  }
  return times;
}

/** Displacement or angle of the motion at time t: amplitude·sin(2π·f·t). */
const motionAt = (motion: Motion, t: Seconds): number =>
  motion.amplitude * Math.sin(2 * Math.PI * motion.frequency * t);

/**
 * Applies translation to a [phase][read] k-space in place. Works on centred or checkerboarded storage alike
 * (an elementwise phase commutes with the storage sign).
 */
export function applyTranslation(
  kRe: Float64Array,
  kIm: Float64Array,
  frame: AcquisitionFrame,
  lineTimes: Float64Array,
  motion: Extract<Motion, { kind: 'translation' }>,
): void {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const alongRead = dot(motion.direction, frame.readDirection);
  const alongPhase = dot(motion.direction, frame.phaseDirection);
  for (let line = 0; line < nv; line++) {
    const d = motionAt(motion, lineTimes[line] as number);
    // Phase per read sample and at the first sample: −2π·k·d with k = κ/FOV.
    const step = (-2 * Math.PI * d * alongRead) / frame.fovRead;
    const start = (-2 * Math.PI * d * alongPhase * (line - nv / 2)) / frame.fovPhase + step * (-nu / 2);
    const stepRe = Math.cos(step);
    const stepIm = Math.sin(step);
    let pr = Math.cos(start);
    let pi = Math.sin(start);
    const base = line * nu;
    for (let c = 0; c < nu; c++) {
      const p = base + c;
      const xr = kRe[p] as number;
      const xi = kIm[p] as number;
      kRe[p] = xr * pr - xi * pi;
      kIm[p] = xr * pi + xi * pr;
      const nr = pr * stepRe - pi * stepIm;
      pi = pr * stepIm + pi * stepRe;
      pr = nr;
    }
  }
}

/**
 * Applies in-plane rotation about the slice centre to a *centred* [phase][read] k-space, returning a new one.
 * Samples that rotate outside the acquired window read zero.
 */
export function applyRotation(
  kRe: Float64Array,
  kIm: Float64Array,
  frame: AcquisitionFrame,
  lineTimes: Float64Array,
  motion: Extract<Motion, { kind: 'rotation' }>,
): { re: Float64Array; im: Float64Array } {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const re = new Float64Array(nu * nv);
  const im = new Float64Array(nu * nv);
  const sample = (u: number, v: number): [number, number] => {
    const u0 = Math.floor(u);
    const v0 = Math.floor(v);
    const fu = u - u0;
    const fv = v - v0;
    let sr = 0;
    let si = 0;
    for (const [du, dv, w] of [
      [0, 0, (1 - fu) * (1 - fv)],
      [1, 0, fu * (1 - fv)],
      [0, 1, (1 - fu) * fv],
      [1, 1, fu * fv],
    ] as const) {
      const uu = u0 + du;
      const vv = v0 + dv;
      if (uu < 0 || vv < 0 || uu >= nu || vv >= nv || w === 0) continue;
      sr += w * (kRe[vv * nu + uu] as number);
      si += w * (kIm[vv * nu + uu] as number);
    }
    return [sr, si];
  };
  for (let line = 0; line < nv; line++) {
    const theta = motionAt(motion, lineTimes[line] as number);
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    const kv = (line - nv / 2) / frame.fovPhase;
    for (let col = 0; col < nu; col++) {
      const ku = (col - nu / 2) / frame.fovRead;
      // R(−θ)·k in physical units, back to fractional indices.
      const ru = c * ku + s * kv;
      const rv = -s * ku + c * kv;
      const [sr, si] = sample(ru * frame.fovRead + nu / 2, rv * frame.fovPhase + nv / 2);
      re[line * nu + col] = sr;
      im[line * nu + col] = si;
    }
  }
  return { re, im };
}
