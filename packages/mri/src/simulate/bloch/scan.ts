import type { SequenceTimeline } from '../../sequence/timeline.ts';
import type { Meters, Seconds } from '../../units.ts';
import { sliceSpins, type SpinSet } from './spins.ts';

/** Complex receive sensitivity of one coil at each spin (dimensionless; 1 + 0i is an ideal body coil). */
export interface CoilSensitivity {
  re: Float32Array;
  im: Float32Array;
}

/**
 * Rigid motion: a translation [m] of every spin, piecewise linear in time [s] from the start of the timeline
 * (held constant before the first and after the last point). The engines place the spins at the translation of
 * each block's start and add, within the block, the phase ∫γ̄G·(d(t) − d(t_b)) dt that the motion gives every
 * spin alike (motionPhase.ts): exact on free steps, the translation at the middle of each RF step.
 */
export interface RigidMotion {
  times: Float64Array;
  dx: Float64Array;
  dy: Float64Array;
  dz: Float64Array;
}

/** Everything a Bloch simulation needs: plain values (STYLE.md §1). */
export interface BlochScan {
  timeline: SequenceTimeline;
  spins: SpinSet;
  /** Receive coils; absent means one ideal coil of sensitivity 1. */
  coils?: readonly CoilSensitivity[];
  motion?: RigidMotion;
}

/**
 * The received signal: for each coil, the sum over spins of sensitivity · M⊥ (M⊥ = mx + i·my, same units as
 * rho) at every ADC sample, demodulated by the ADC's phase and frequency offsets. `times` [s] from the start of
 * the timeline. Sums, not means, so the signals of spin chunks add up.
 */
export interface BlochSignal {
  times: Float64Array;
  coils: { re: Float64Array; im: Float64Array }[];
}

/** Translation [m] of the motion at time t [s]. */
export function displacementAt(motion: RigidMotion | undefined, t: Seconds): [Meters, Meters, Meters] {
  if (!motion || motion.times.length === 0) return [0, 0, 0];
  const { times } = motion;
  const n = times.length;
  if (t <= (times[0] ?? 0)) return [motion.dx[0] ?? 0, motion.dy[0] ?? 0, motion.dz[0] ?? 0];
  if (t >= (times[n - 1] ?? 0)) return [motion.dx[n - 1] ?? 0, motion.dy[n - 1] ?? 0, motion.dz[n - 1] ?? 0];
  let i = 0;
  while ((times[i + 1] ?? Infinity) < t) i++;
  const t0 = times[i] ?? 0;
  const t1 = times[i + 1] ?? t0;
  const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
  const lerp = (a: Float64Array): number => (a[i] ?? 0) + f * ((a[i + 1] ?? 0) - (a[i] ?? 0));
  return [lerp(motion.dx), lerp(motion.dy), lerp(motion.dz)];
}

/**
 * Splits a scan into `chunkCount` scans over contiguous, nearly equal runs of spins (empty chunks are left
 * out). A pure function of the scan: the sum of the chunks' signals is the scan's signal (DESIGN.md §2).
 */
export function splitIntoChunks(scan: BlochScan, chunkCount: number): BlochScan[] {
  const n = scan.spins.count;
  const chunks: BlochScan[] = [];
  const count = Math.max(1, Math.min(Math.floor(chunkCount), n));
  for (let c = 0; c < count; c++) {
    const start = Math.floor((c * n) / count);
    const end = Math.floor(((c + 1) * n) / count);
    if (end <= start) continue;
    const chunk: BlochScan = { timeline: scan.timeline, spins: sliceSpins(scan.spins, start, end) };
    if (scan.coils)
      chunk.coils = scan.coils.map((c) => ({ re: c.re.slice(start, end), im: c.im.slice(start, end) }));
    if (scan.motion) chunk.motion = scan.motion;
    chunks.push(chunk);
  }
  return chunks;
}

/** An all-zero signal with the given sample times and coil count. */
export function emptySignal(times: Float64Array, coilCount: number): BlochSignal {
  return {
    times,
    coils: Array.from({ length: coilCount }, () => ({
      re: new Float64Array(times.length),
      im: new Float64Array(times.length),
    })),
  };
}

/** The sum of signals of the same timeline (the reduce step over spin chunks). */
export function addSignals(signals: readonly BlochSignal[]): BlochSignal {
  const first = signals[0];
  if (!first) throw new RangeError('addSignals needs at least one signal');
  const sum = emptySignal(first.times.slice(), first.coils.length);
  for (const s of signals) {
    if (s.times.length !== first.times.length || s.coils.length !== first.coils.length)
      throw new RangeError('signals to add must have the same samples and coils');
    s.coils.forEach((c, k) => {
      const target = sum.coils[k];
      if (!target) return;
      for (let i = 0; i < c.re.length; i++) {
        target.re[i] = (target.re[i] ?? 0) + (c.re[i] ?? 0);
        target.im[i] = (target.im[i] ?? 0) + (c.im[i] ?? 0);
      }
    });
  }
  return sum;
}
