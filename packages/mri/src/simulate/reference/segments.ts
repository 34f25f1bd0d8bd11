/**
 * The continuous field model of a timeline block, cut where it stops being smooth (reference/pulseq-specification
 * .tex): each gradient is piecewise linear between its breakpoints; an RF pulse holds each complex sample over
 * its raster interval (edges halfway between sample centres), its frequency offset f turning the phase
 * continuously, φ(t) = φₙ + φ₀ − 2π·f·(t − delay) (the sign convention of bloch/plan.ts); ADC samples are taken at
 * delay + (n + ½)·dwell. Cutting at all of these leaves intervals on which the RF amplitude is constant and each
 * gradient linear, so free intervals have an exact closed form and RF intervals are the only ones to integrate.
 */
import { gradientAt, type GradientEvent, type SequenceBlock } from '../../sequence/timeline.ts';
import type { Hertz, HertzPerMeter, Radians, Seconds } from '../../units.ts';

/** Two cuts closer than this [s] are one instant (far below any Pulseq raster, 1e-7 s). */
const SAME_INSTANT_S = 1e-12;

/** An interval without RF: precession by the gradient's exact area and off-resonance, relaxation in closed form. */
export interface FreeSegment {
  rf: false;
  dt: Seconds;
  /** Start of the interval [s from the block start]. */
  start: Seconds;
  /** γ̄·G at the interval's start, middle and end [Hz/m] per axis (inner limits: steps are unambiguous). */
  gStart: readonly [HertzPerMeter, HertzPerMeter, HertzPerMeter];
  gMid: readonly [HertzPerMeter, HertzPerMeter, HertzPerMeter];
  gEnd: readonly [HertzPerMeter, HertzPerMeter, HertzPerMeter];
  /** ∫γ̄·G dt over the interval [1/m]: exact (trapezoid rule of a linear waveform). */
  kx: number;
  ky: number;
  kz: number;
  /** Index of the ADC sample at the interval's end in the timeline's sample list, or −1. */
  sample: number;
}

/** An interval with RF on: constant amplitude, continuously turning phase, linear gradients. */
export interface RfSegment {
  rf: true;
  dt: Seconds;
  /** Start of the interval [s from the block start]. */
  start: Seconds;
  /** γ̄·|B1| [Hz] over the interval. */
  amplitude: Hertz;
  /** Phase [rad] of B1 at `phaseTime` [s from the block start]; it turns at −2π·freqOffset rad/s. */
  phase: Radians;
  phaseTime: Seconds;
  freqOffset: Hertz;
  /** γ̄·G at the interval's start [Hz/m] and its slope [Hz/m/s] per axis. */
  g0: readonly [HertzPerMeter, HertzPerMeter, HertzPerMeter];
  slope: readonly [number, number, number];
  sample: number;
}

export type Segment = FreeSegment | RfSegment;

/** Edges [s from the pulse start] of the intervals each RF sample holds over: halfway between sample centres. */
export function rfIntervalEdges(times: ArrayLike<Seconds>): Float64Array {
  const n = times.length;
  const edges = new Float64Array(n + 1);
  if (n === 0) return edges;
  const first = times[0] as number;
  if (n === 1) {
    edges[1] = 2 * first;
    return edges;
  }
  edges[0] = Math.max(0, first - ((times[1] as number) - first) / 2);
  for (let i = 1; i < n; i++) edges[i] = ((times[i - 1] as number) + (times[i] as number)) / 2;
  const last = times[n - 1] as number;
  edges[n] = last + (last - (times[n - 2] as number)) / 2;
  return edges;
}

/** γ̄·G [Hz/m] at t, 0 without a waveform. Evaluated inside intervals only, so steps in a waveform are unambiguous. */
const at = (g: GradientEvent | undefined, t: Seconds): number => (g ? gradientAt(g, t) : 0);

/** The sorted, deduplicated cut times of a block [s from its start]. */
function cutTimes(block: SequenceBlock, rfEdges: Float64Array, extra: readonly number[]): number[] {
  const cuts: number[] = [0, block.duration, ...extra];
  for (const g of [block.gx, block.gy, block.gz]) if (g) for (const t of g.times) cuts.push(t);
  for (const t of rfEdges) cuts.push(t);
  const adc = block.adc;
  if (adc) for (let n = 0; n < adc.numSamples; n++) cuts.push(adc.delay + (n + 0.5) * adc.dwell);
  const sorted = cuts.filter((t) => t >= 0 && t <= block.duration + SAME_INSTANT_S).sort((a, b) => a - b);
  const edges: number[] = [];
  for (const t of sorted)
    if (edges.length === 0 || t - (edges[edges.length - 1] as number) > SAME_INSTANT_S) edges.push(t);
  return edges;
}

/**
 * A block's intervals in time order. `firstSample` is the index of the block's first ADC sample in the
 * timeline's sample list; `extraCuts` [s from the block start] cut it further (where motion changes speed).
 */
export function blockSegments(
  block: SequenceBlock,
  firstSample: number,
  extraCuts: readonly number[] = [],
): Segment[] {
  const rf = block.rf;
  const rfEdges = rf ? rfIntervalEdges(rf.times).map((t) => t + rf.delay) : new Float64Array(0);
  const edges = cutTimes(block, rfEdges, extraCuts);
  const { gx, gy, gz, adc } = block;
  const segments: Segment[] = [];
  let rfSample = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i] as number;
    const b = edges[i + 1] as number;
    const dt = b - a;
    const mid = (a + b) / 2;
    let sample = -1;
    if (adc) {
      const n = Math.round((b - adc.delay) / adc.dwell - 0.5);
      if (n >= 0 && n < adc.numSamples && Math.abs(adc.delay + (n + 0.5) * adc.dwell - b) <= SAME_INSTANT_S)
        sample = firstSample + n;
    }
    const rfOn =
      rf !== undefined &&
      rfEdges.length > 1 &&
      mid > (rfEdges[0] as number) &&
      mid < (rfEdges.at(-1) as number);
    if (!rfOn) {
      // Exact area of a linear waveform: its midpoint value times the interval. Its end values from inner
      // points: g(a) = 2·g(a + dt/4) − g(mid), likewise at b.
      const gMid = [at(gx, mid), at(gy, mid), at(gz, mid)] as const;
      const endAt = (t: number): [number, number, number] => [
        2 * at(gx, t) - gMid[0],
        2 * at(gy, t) - gMid[1],
        2 * at(gz, t) - gMid[2],
      ];
      segments.push({
        rf: false,
        dt,
        start: a,
        gStart: endAt(a + dt / 4),
        gMid,
        gEnd: endAt(b - dt / 4),
        kx: gMid[0] * dt,
        ky: gMid[1] * dt,
        kz: gMid[2] * dt,
        sample,
      });
      continue;
    }
    while (rfSample + 1 < rf.times.length && mid >= (rfEdges[rfSample + 1] as number)) rfSample++;
    // The waveform is linear inside (a, b): its slope from two interior points, its start value from the middle.
    const slopeOf = (g: GradientEvent | undefined): number =>
      dt > 0 ? (at(g, b - dt / 4) - at(g, a + dt / 4)) / (dt / 2) : 0;
    const startOf = (g: GradientEvent | undefined): number => at(g, mid) - (slopeOf(g) * dt) / 2;
    segments.push({
      rf: true,
      dt,
      start: a,
      amplitude: rf.amplitude[rfSample] ?? 0,
      phase: (rf.phase[rfSample] ?? 0) + rf.phaseOffset,
      phaseTime: rf.delay,
      freqOffset: rf.freqOffset,
      g0: [startOf(gx), startOf(gy), startOf(gz)],
      slope: [slopeOf(gx), slopeOf(gy), slopeOf(gz)],
      sample,
    });
  }
  return segments;
}
