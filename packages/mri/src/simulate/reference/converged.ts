/**
 * The converged reference (issue 23, item 9): the solution of the Bloch equation for a timeline, isochromat by
 * isochromat, to a stated tolerance, with nothing shared with the engines it checks but the sequence's
 * definition (segments.ts) and the receiver's demodulation (bloch/plan.ts).
 *
 * - Without RF the solution is closed: precession by 2π·k·r + Δω·dt with k = ∫γ̄G dt exact for linear gradients,
 *   and relaxation e^(−dt/T2), M0 + (Mz − M0)·e^(−dt/T1) (exact.ts), whatever the interval's length.
 * - With RF, the field's z part follows the gradient and its transverse part turns with the frequency offset,
 *   so each RF interval is cut into N substeps, each a Strang step: relaxation for h/2, the exact rotation about
 *   the field at the substep's middle (Rodrigues), relaxation for h/2. The step is symmetric, so its global error
 *   is a series in h² (Hairer, Lubich & Wanner, "Geometric Numerical Integration", II.4 and II.3 on extrapolation):
 *   one RF run (consecutive RF intervals) is integrated with N and 2N substeps per interval, N = 1, 2, 4, …, until
 *   the Richardson estimate |M₂ₙ − Mₙ|/3 of the error falls below the tolerance (times the spin's M0), and the
 *   extrapolation (4·M₂ₙ − Mₙ)/3 is kept (error O(h⁴)). Hard pulses without gradients and relaxation are exact at
 *   N = 1 already.
 */
import { adcDemodulationPhase, adcSampleTimes } from '../bloch/plan.ts';
import {
  displacementAt,
  emptySignal,
  type BlochScan,
  type BlochSignal,
  type RigidMotion,
} from '../bloch/scan.ts';
import { precessBy, relaxFor, rotate, type Magnetisation } from './exact.ts';
import { blockSegments, type FreeSegment, type RfSegment, type Segment } from './segments.ts';

/** Default tolerance of the converged reference: |ΔM| per isochromat and RF run, in units of its M0. */
export const REFERENCE_TOLERANCE = 1e-6;
/** Substeps per RF interval beyond which a run is declared not to converge (2¹⁴: far past any real pulse). */
const MAX_SUBSTEPS = 1 << 14;

/** Options of simulateConverged. */
export interface ConvergedOptions {
  /** Error per isochromat and RF run [fraction of M0]; default REFERENCE_TOLERANCE. */
  tolerance?: number;
}

/** The converged signal (BlochSignal's sums and demodulation) and how hard it had to work. */
export interface ConvergedSignal extends BlochSignal {
  /** Largest number of substeps per RF interval any run needed (1 where every pulse was exact at once). */
  maxSubsteps: number;
  /** Each isochromat's magnetisation at the end of the timeline. */
  final: { mx: Float64Array; my: Float64Array; mz: Float64Array };
}

/** One isochromat's constants during a block. */
interface Isochromat {
  x: number;
  y: number;
  z: number;
  m0: number;
  t1: number;
  t2: number;
  /** Off-resonance [Hz]. */
  df: number;
  /** Rigid translation, followed continuously, and the start of the current block [s]. */
  motion: RigidMotion | undefined;
  blockStart: number;
}

/** A maximal run of consecutive RF intervals, or one free interval. */
type Run = { rf: false; segment: FreeSegment; motionCycles: number } | { rf: true; segments: RfSegment[] };

/** Σ g·d over the three axes. */
const dot = (g: readonly number[], d: readonly number[]): number =>
  (g[0] as number) * (d[0] as number) +
  (g[1] as number) * (d[1] as number) +
  (g[2] as number) * (d[2] as number);

/**
 * Runs of a block starting at `blockStart` [s]. A free interval also carries ∫γ̄G(t)·d(t) dt [cycles], the phase
 * of the rigid translation d(t): G and d are linear on it (cut at the motion's breakpoints), so Simpson's rule is
 * exact.
 */
function runsOf(segments: readonly Segment[], blockStart: number, motion: RigidMotion | undefined): Run[] {
  const runs: Run[] = [];
  let current: RfSegment[] | undefined;
  for (const s of segments) {
    if (s.rf) {
      if (!current) {
        current = [];
        runs.push({ rf: true, segments: current });
      }
      current.push(s);
    } else {
      current = undefined;
      const t = blockStart + s.start;
      const motionCycles = motion
        ? (s.dt / 6) *
          (dot(s.gStart, displacementAt(motion, t)) +
            4 * dot(s.gMid, displacementAt(motion, t + s.dt / 2)) +
            dot(s.gEnd, displacementAt(motion, t + s.dt)))
        : 0;
      runs.push({ rf: false, segment: s, motionCycles });
    }
  }
  return runs;
}

/** Transverse M at an ADC sample, keyed by the sample index. */
type Samples = Map<number, { x: number; y: number; z: number }>;

/** Integrates an RF run with `n` Strang substeps per interval from m (mutated); samples go to `samples`. */
function integrateRun(
  m: Magnetisation,
  run: readonly RfSegment[],
  n: number,
  spin: Isochromat,
  samples: Samples,
): void {
  for (const s of run) {
    const h = s.dt / n;
    for (let j = 0; j < n; j++) {
      const t = s.start + (j + 0.5) * h;
      const phase = s.phase - 2 * Math.PI * s.freqOffset * (t - s.phaseTime);
      const u = (j + 0.5) * h;
      const [dx, dy, dz] = displacementAt(spin.motion, spin.blockStart + t);
      const bz =
        (s.g0[0] + s.slope[0] * u) * (spin.x + dx) +
        (s.g0[1] + s.slope[1] * u) * (spin.y + dy) +
        (s.g0[2] + s.slope[2] * u) * (spin.z + dz);
      relaxFor(m, spin.m0, spin.t1, spin.t2, h / 2);
      rotate(m, s.amplitude * Math.cos(phase), s.amplitude * Math.sin(phase), bz + spin.df, h);
      relaxFor(m, spin.m0, spin.t1, spin.t2, h / 2);
    }
    if (s.sample >= 0) samples.set(s.sample, { x: m.x, y: m.y, z: m.z });
  }
}

const distance = (a: Magnetisation, b: Magnetisation): number =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z));

/** Richardson's (4·fine − coarse)/3, written into `fine`. */
function extrapolate(fine: Magnetisation, coarse: Magnetisation): void {
  fine.x = (4 * fine.x - coarse.x) / 3;
  fine.y = (4 * fine.y - coarse.y) / 3;
  fine.z = (4 * fine.z - coarse.z) / 3;
}

/**
 * Solves an RF run from m (mutated) to the tolerance by doubling the substeps; returns the substeps used and
 * leaves the extrapolated samples in `samples`.
 */
function solveRun(
  m: Magnetisation,
  run: readonly RfSegment[],
  spin: Isochromat,
  tolerance: number,
  samples: Samples,
): number {
  const start = { x: m.x, y: m.y, z: m.z };
  const scale = Math.max(Math.abs(spin.m0), Math.hypot(m.x, m.y, m.z), Number.MIN_VALUE);
  let coarse = { ...start };
  let coarseSamples: Samples = new Map();
  integrateRun(coarse, run, 1, spin, coarseSamples);
  for (let n = 2; n <= MAX_SUBSTEPS; n *= 2) {
    const fine = { ...start };
    const fineSamples: Samples = new Map();
    integrateRun(fine, run, n, spin, fineSamples);
    let error = distance(fine, coarse);
    for (const [k, v] of fineSamples) error = Math.max(error, distance(v, coarseSamples.get(k) ?? v));
    if (error / 3 <= tolerance * scale) {
      for (const [k, v] of fineSamples) {
        const c = coarseSamples.get(k);
        if (c) extrapolate(v, c);
        samples.set(k, v);
      }
      extrapolate(fine, coarse);
      m.x = fine.x;
      m.y = fine.y;
      m.z = fine.z;
      return n;
    }
    coarse = fine;
    coarseSamples = fineSamples;
  }
  throw new RangeError(
    `an RF run did not converge to ${tolerance} within ${MAX_SUBSTEPS} substeps per interval`,
  );
}

/**
 * The signal of a scan (BlochScan's spins, coils and rigid motion) converged to `tolerance` per isochromat.
 * Motion is followed continuously (exact for its piecewise-linear translation), not held per block as the
 * engines hold it. Slow by design: a yardstick for the engines, not a product path.
 */
export function simulateConverged(scan: BlochScan, options: ConvergedOptions = {}): ConvergedSignal {
  const tolerance = options.tolerance ?? REFERENCE_TOLERANCE;
  if (!(tolerance > 0)) throw new RangeError(`tolerance must be positive, got ${tolerance}`);
  const { timeline, spins } = scan;
  const times = adcSampleTimes(timeline);
  const coils = scan.coils ?? [
    { re: new Float32Array(spins.count).fill(1), im: new Float32Array(spins.count) },
  ];
  const signal = emptySignal(times, coils.length);
  const blocks: { runs: Run[]; start: number }[] = [];
  /** Receiver phase of each sample [rad]. */
  const demodulation = new Float64Array(times.length);
  let blockStart = 0;
  let firstSample = 0;
  for (const block of timeline.blocks) {
    const motionCuts = Array.from(scan.motion?.times ?? [], (t) => t - blockStart).filter(
      (t) => t > 0 && t < block.duration,
    );
    const segments = blockSegments(block, firstSample, motionCuts);
    blocks.push({ runs: runsOf(segments, blockStart, scan.motion), start: blockStart });
    const count = block.adc?.numSamples ?? 0;
    for (let n = 0; n < count; n++) demodulation[firstSample + n] = adcDemodulationPhase(block, n);
    blockStart += block.duration;
    firstSample += count;
  }
  const cos = demodulation.map(Math.cos);
  const sin = demodulation.map(Math.sin);

  let maxSubsteps = 1;
  const final = {
    mx: new Float64Array(spins.count),
    my: new Float64Array(spins.count),
    mz: new Float64Array(spins.count),
  };
  const samples: Samples = new Map();
  for (let j = 0; j < spins.count; j++) {
    const m: Magnetisation = { x: spins.mx[j] ?? 0, y: spins.my[j] ?? 0, z: spins.mz[j] ?? 0 };
    const record = (k: number, v: Magnetisation): void => {
      coils.forEach((coil, c) => {
        const wr = coil.re[j] ?? 0;
        const wi = coil.im[j] ?? 0;
        const sr = wr * v.x - wi * v.y;
        const si = wr * v.y + wi * v.x;
        const out = signal.coils[c];
        if (!out) return;
        const dc = cos[k] ?? 1;
        const ds = sin[k] ?? 0;
        out.re[k] = (out.re[k] ?? 0) + sr * dc - si * ds;
        out.im[k] = (out.im[k] ?? 0) + sr * ds + si * dc;
      });
    };
    for (const block of blocks) {
      const spin: Isochromat = {
        x: spins.x[j] ?? 0,
        y: spins.y[j] ?? 0,
        z: spins.z[j] ?? 0,
        m0: spins.rho[j] ?? 0,
        t1: spins.t1[j] ?? Infinity,
        t2: spins.t2[j] ?? Infinity,
        df: (spins.dw[j] ?? 0) / (2 * Math.PI),
        motion: scan.motion,
        blockStart: block.start,
      };
      for (const run of block.runs) {
        if (run.rf) {
          samples.clear();
          maxSubsteps = Math.max(maxSubsteps, solveRun(m, run.segments, spin, tolerance, samples));
          for (const [k, v] of samples) record(k, v);
          continue;
        }
        const s = run.segment;
        const cycles = s.kx * spin.x + s.ky * spin.y + s.kz * spin.z + run.motionCycles + spin.df * s.dt;
        precessBy(m, 2 * Math.PI * cycles);
        relaxFor(m, spin.m0, spin.t1, spin.t2, s.dt);
        if (s.sample >= 0) record(s.sample, m);
      }
    }
    final.mx[j] = m.x;
    final.my[j] = m.y;
    final.mz[j] = m.z;
  }
  return { ...signal, maxSubsteps, final };
}
