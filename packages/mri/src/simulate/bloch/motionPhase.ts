import { gradientAt, type SequenceBlock } from '../../sequence/timeline.ts';
import type { Seconds } from '../../units.ts';
import type { Step } from './plan.ts';
import { displacementAt, type RigidMotion } from './scan.ts';

/**
 * The phase of rigid motion within a block (docs/physics.md, "Motion in the Bloch engines").
 *
 * The engines place the spins at r + d(t_b), the translation at the block's start t_b. A rigid translation
 * d(t) then adds the same phase to every spin: over an interval, φ = ∫γ̄G(t)·(d(t) − d(t_b)) dt [cycles]
 * (the spin sits at r + d(t), and γ̄G·r is already in the step's k·r). G is linear between gradient breakpoints
 * and d between motion breakpoints, so G·d is quadratic on each piece and Simpson's rule is exact there.
 */

/** A block of a timeline with its start [s] and the translation d(t_b) [m] its spins are placed at. */
export interface MovingBlock {
  block: SequenceBlock;
  start: Seconds;
  motion: RigidMotion;
  d0: readonly [number, number, number];
}

/** γ̄G(t)·(d(t_b + t) − d0) [Hz] at t [s] from the block's start. */
function integrand(b: MovingBlock, t: number): number {
  const [dx, dy, dz] = displacementAt(b.motion, b.start + t);
  const { gx, gy, gz } = b.block;
  return (
    (gx ? gradientAt(gx, t) * (dx - b.d0[0]) : 0) +
    (gy ? gradientAt(gy, t) * (dy - b.d0[1]) : 0) +
    (gz ? gradientAt(gz, t) * (dz - b.d0[2]) : 0)
  );
}

/**
 * ∫γ̄G(t)·(d(t) − d0) dt over [t0, t1] (s from the block's start) [cycles]: Simpson's rule on the pieces between
 * the gradients' and the motion's breakpoints, exact for piecewise-linear G and d.
 */
export function freeMotionCycles(b: MovingBlock, t0: Seconds, t1: Seconds): number {
  if (!(t1 > t0)) return 0;
  const cuts = [t0, t1];
  for (const g of [b.block.gx, b.block.gy, b.block.gz])
    if (g) for (const t of g.times) if (t > t0 && t < t1) cuts.push(t);
  for (const t of b.motion.times) if (t - b.start > t0 && t - b.start < t1) cuts.push(t - b.start);
  cuts.sort((p, q) => p - q);
  let sum = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i] as number;
    const c = cuts[i + 1] as number;
    if (c <= a) continue;
    sum += ((c - a) / 6) * (integrand(b, a) + 4 * integrand(b, (a + c) / 2) + integrand(b, c));
  }
  return sum;
}

/**
 * The motion phase of an RF step starting at t0 [s from the block's start] [cycles]: k·(d(mid) − d0), the step's
 * k-space increment against the translation at the step's middle (the position RF steps are evaluated at).
 */
export function rfStepMotionCycles(b: MovingBlock, step: Step, t0: Seconds): number {
  const [dx, dy, dz] = displacementAt(b.motion, b.start + t0 + step.dt / 2);
  return step.kx * (dx - b.d0[0]) + step.ky * (dy - b.d0[1]) + step.kz * (dz - b.d0[2]);
}

/** The motion phase of each step of a block [cycles] (steps of planBlock, back to back from t = 0). */
export function stepMotionCycles(b: MovingBlock, steps: readonly Step[]): Float64Array {
  const out = new Float64Array(steps.length);
  let t = 0;
  steps.forEach((s, i) => {
    out[i] = s.rf ? rfStepMotionCycles(b, s, t) : freeMotionCycles(b, t, t + s.dt);
    t += s.dt;
  });
  return out;
}

/** Whether a scan's motion moves at all (a missing or empty motion leaves the engines' frame alone). */
export const hasMotion = (motion: RigidMotion | undefined): motion is RigidMotion =>
  motion !== undefined && motion.times.length > 0;
