import { gradientAt, type SequenceBlock, type SequenceTimeline } from '../../sequence/timeline.ts';
import type { Seconds } from '../../units.ts';

/** Two event times closer than this [s] are the same instant (well below any Pulseq raster, 1e-7 s). */
const TIME_TOLERANCE_S = 1e-12;

/**
 * One step of a block: an interval during which the gradient is linear in time and the RF field, if any, is
 * constant. Both engines run the same steps, so they integrate the same piecewise model of the sequence.
 */
export interface Step {
  /** Duration [s]. */
  dt: Seconds;
  /** k-space increment over the step, ∫γ̄·G dt [1/m] (exact: the gradient is linear within a step). */
  kx: number;
  ky: number;
  kz: number;
  /** Whether RF is on during the step. */
  rf: boolean;
  /** RF field γ̄·B1 [Hz] during the step, phase offset of the event excluded (see `BlockPlan.rfPhaseOffset`). */
  b1re: number;
  b1im: number;
  /** Index of the ADC sample taken at the end of the step in the timeline's sample list, or −1. */
  sample: number;
}

/** A block cut into steps. */
export interface BlockPlan {
  steps: Step[];
  /** Phase offset of the block's RF event [rad] (0 without RF). */
  rfPhaseOffset: number;
}

/** ADC sample times of a timeline [s] from its start: block start + delay + (n + ½)·dwell. */
export function adcSampleTimes(timeline: SequenceTimeline): Float64Array {
  let total = 0;
  for (const b of timeline.blocks) total += b.adc?.numSamples ?? 0;
  const times = new Float64Array(total);
  let start = 0;
  let i = 0;
  for (const b of timeline.blocks) {
    if (b.adc)
      for (let n = 0; n < b.adc.numSamples; n++) times[i++] = start + b.adc.delay + (n + 0.5) * b.adc.dwell;
    start += b.duration;
  }
  return times;
}

/** Boundaries [s from pulse start] of the piecewise-constant RF steps around each sample centre. */
export function rfStepBoundaries(times: Float64Array): Float64Array {
  const n = times.length;
  const b = new Float64Array(n + 1);
  if (n === 0) return b;
  const t0 = times[0] ?? 0;
  if (n === 1) {
    b[1] = 2 * t0;
    return b;
  }
  b[0] = Math.max(0, t0 - ((times[1] ?? 0) - t0) / 2);
  for (let i = 1; i < n; i++) b[i] = ((times[i - 1] ?? 0) + (times[i] ?? 0)) / 2;
  b[n] = (times[n - 1] ?? 0) + ((times[n - 1] ?? 0) - (times[n - 2] ?? 0)) / 2;
  return b;
}

/**
 * Cuts a block into steps at every gradient breakpoint, RF step boundary and ADC sample time.
 * `firstSample` is the index of the block's first ADC sample in the timeline's sample list.
 */
export function planBlock(block: SequenceBlock, firstSample: number): BlockPlan {
  const cuts: number[] = [0, block.duration];
  for (const g of [block.gx, block.gy, block.gz]) if (g) for (const t of g.times) cuts.push(t);
  const rf = block.rf;
  const rfEdges = rf ? rfStepBoundaries(rf.times).map((t) => t + rf.delay) : new Float64Array(0);
  for (const t of rfEdges) cuts.push(t);
  const adc = block.adc;
  if (adc) for (let n = 0; n < adc.numSamples; n++) cuts.push(adc.delay + (n + 0.5) * adc.dwell);
  const sorted = Float64Array.from(
    cuts.filter((t) => t >= 0 && t <= block.duration + TIME_TOLERANCE_S),
  ).sort();
  const edges: number[] = [];
  for (const t of sorted)
    if (edges.length === 0 || t - (edges[edges.length - 1] ?? 0) > TIME_TOLERANCE_S) edges.push(t);

  const steps: Step[] = [];
  let rfStep = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i] ?? 0;
    const b = edges[i + 1] ?? 0;
    const dt = b - a;
    const mid = (a + b) / 2;
    const step: Step = {
      dt,
      kx: block.gx ? gradientAt(block.gx, mid) * dt : 0,
      ky: block.gy ? gradientAt(block.gy, mid) * dt : 0,
      kz: block.gz ? gradientAt(block.gz, mid) * dt : 0,
      rf: false,
      b1re: 0,
      b1im: 0,
      sample: -1,
    };
    if (rf && rfEdges.length > 1 && mid > (rfEdges[0] ?? 0) && mid < (rfEdges[rfEdges.length - 1] ?? 0)) {
      while (rfStep + 1 < rf.times.length && mid >= (rfEdges[rfStep + 1] ?? 0)) rfStep++;
      const amplitude = rf.amplitude[rfStep] ?? 0;
      const phase = (rf.phase[rfStep] ?? 0) - 2 * Math.PI * rf.freqOffset * (rf.times[rfStep] ?? 0);
      step.rf = true;
      step.b1re = amplitude * Math.cos(phase);
      step.b1im = amplitude * Math.sin(phase);
    }
    if (adc) {
      const n = Math.round((b - adc.delay) / adc.dwell - 0.5);
      if (n >= 0 && n < adc.numSamples && Math.abs(adc.delay + (n + 0.5) * adc.dwell - b) <= TIME_TOLERANCE_S)
        step.sample = firstSample + n;
    }
    steps.push(step);
  }
  return { steps, rfPhaseOffset: rf?.phaseOffset ?? 0 };
}

/**
 * Demodulation factor of ADC sample n of a block [rad]: the receiver multiplies the signal by
 * exp(i·(2π·freqOffset·t − phaseOffset)), t [s] from the ADC start, which removes the precession
 * exp(−i·2π·freqOffset·t) of a spin at +freqOffset (clockwise precession, docs/conventions.md).
 */
export function adcDemodulationPhase(block: SequenceBlock, n: number): number {
  const adc = block.adc;
  if (!adc) return 0;
  return 2 * Math.PI * adc.freqOffset * (n + 0.5) * adc.dwell - adc.phaseOffset;
}
