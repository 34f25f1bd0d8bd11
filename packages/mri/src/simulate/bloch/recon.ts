/**
 * Images from Bloch-engine signals of Cartesian protocols, on the fast engine's grid: each ADC event of the
 * timeline is one phase-encoding line, placed by its phase-encoding area, its samples placed along the readout
 * by the k-trajectory the timeline plays (so EPI's alternate-polarity lines are reversed), and the k-space is
 * inverted with the centred FFT of docs/conventions.md ("FFT and shift"), so a pixel reads transverse
 * magnetisation per unit proton density like the fast engine's images (docs/conventions.md, "Image values and
 * noise").
 */
import { kspaceToImage2d, magnitude, type ComplexArray } from '../../recon/image.ts';
import { areaBetween } from '../../sequence/build/fovOffset.ts';
import type { SequenceBlock, SequenceTimeline } from '../../sequence/timeline.ts';
import type { BlochSignal } from './scan.ts';
import type { AcquisitionFrame } from '../geometry.ts';

/** A gradient channel of the timeline. */
export type GradientAxis = 'gx' | 'gy' | 'gz';

/** Area [1/m] of a block's piecewise-linear gradient on one channel (trapezoid rule, exact for the waveform). */
export function gradientArea(block: SequenceBlock, axis: GradientAxis): number {
  const g = block[axis];
  if (!g) return 0;
  let area = 0;
  for (let i = 1; i < g.times.length; i++) {
    const dt = (g.times[i] as number) - (g.times[i - 1] as number);
    area += (dt * ((g.amplitudes[i] as number) + (g.amplitudes[i - 1] as number))) / 2;
  }
  return area;
}

const AXES: readonly GradientAxis[] = ['gx', 'gy', 'gz'];
const AXIS_INDEX: Record<GradientAxis, number> = { gx: 0, gy: 1, gz: 2 };

/**
 * Area [1/m] of a block's gradients between t0 and t1 [s from the block start] along a unit direction of LPS:
 * Σ_channel direction[channel]·area (channels play +x, +y, +z; coronal and sagittal columns run −z, and a slice
 * rotated in-plane spreads read and phase over two channels).
 */
function areaAlong(block: SequenceBlock, direction: readonly number[], t0: number, t1: number): number {
  let area = 0;
  for (const axis of AXES) {
    const component = direction[AXIS_INDEX[axis]] ?? 0;
    if (component !== 0) area += component * areaBetween(block[axis], t0, t1);
  }
  return area;
}

/** Throws unless `axis` is the channel the frame direction mostly runs along (a caller's consistency check). */
function checkChannel(direction: readonly number[], axis: GradientAxis, role: string): void {
  if (Math.abs(direction[AXIS_INDEX[axis]] ?? 0) < Math.SQRT1_2 - 1e-9)
    throw new RangeError(`${axis} is not the frame's ${role} channel`);
}

/**
 * The phase-encoding line of every ADC event, in timeline order: the gradient area A [1/m] played between the
 * last RF pulse and the ADC block along the frame's phase direction (`areaAlong`; `phaseAxis`, its main
 * channel, is checked) gives line = A·FOV_phase + lines/2 (k = (line − lines/2)/FOV_phase along the frame's
 * phase direction, as the fast engine's k-space; sequence/build/context.ts `phaseArea`). Throws when A is not on
 * a line of the grid (not a Cartesian acquisition on this frame).
 */
export function adcLines(
  timeline: SequenceTimeline,
  phaseAxis: GradientAxis,
  frame: AcquisitionFrame,
): number[] {
  const lines: number[] = [];
  checkChannel(frame.phaseDirection, phaseAxis, 'phase');
  let area = 0;
  for (const block of timeline.blocks) {
    if (block.rf) area = 0;
    if (block.adc) {
      const exact = area * frame.fovPhase + frame.phaseCount / 2;
      const line = Math.round(exact) + 0; // + 0 turns −0 into 0
      if (Math.abs(exact - line) > 1e-3 || line < 0 || line >= frame.phaseCount)
        throw new RangeError(
          `ADC event ${lines.length} is not on a phase-encoding line (${exact.toFixed(3)})`,
        );
      lines.push(line);
    }
    area += areaAlong(block, frame.phaseDirection, 0, block.duration);
  }
  return lines;
}

/**
 * Which echo of its excitation each ADC event reads, in timeline order: 0 for the first ADC after an excitation
 * pulse, 1 for the next, … (a multi-echo gradient echo's echoes; each echo of a spin-echo train too).
 */
export function adcEchoIndices(timeline: SequenceTimeline): number[] {
  const out: number[] = [];
  let echo = 0;
  for (const block of timeline.blocks) {
    if (block.rf?.use === 'excitation') echo = 0;
    if (block.adc) out.push(echo++);
  }
  return out;
}

/**
 * The ADC events `keep` (event indices in timeline order, ascending) of a signal, as a signal of their own: a
 * multi-echo acquisition reduced to the echo one image shows.
 */
export function selectAdcEvents(
  signal: BlochSignal,
  samplesPerEvent: number,
  keep: readonly number[],
): BlochSignal {
  const n = samplesPerEvent;
  const pick = (from: Float64Array): Float64Array => {
    const out = new Float64Array(keep.length * n);
    keep.forEach((e, i) => out.set(from.subarray(e * n, (e + 1) * n), i * n));
    return out;
  };
  return {
    times: pick(signal.times),
    coils: signal.coils.map((c) => ({ re: pick(c.re), im: pick(c.im) })),
  };
}

/**
 * Where the samples of one ADC event lie on the readout grid: sample n is at grid position
 * p_n = k_read(t_n)·FOV_read + N/2, which is `offset` + n when `reversed` is false and `offset` + (N − 1 − n)
 * when it is true (an EPI line of negative polarity). `offset` is the fraction of a sample by which the line
 * misses the grid (e.g. a flat top longer than N·dwell on the gradient raster), |offset| < ½.
 */
export interface ReadLine {
  reversed: boolean;
  offset: number;
}

/** Tolerance [samples] on the spacing of ADC samples on the readout grid (k is exact up to rounding). */
const GRID_TOLERANCE = 1e-3;

/**
 * The readout placement of every ADC event, in timeline order, from the k-trajectory the timeline plays on
 * the frame's read direction (`areaAlong`; `readAxis`, its main channel, is checked) (the same bookkeeping as sequence/build/fovOffset.ts `withFovOffset`): k = 0 at each excitation's
 * centre, negated at each refocusing pulse's centre, then k(t_n) for sample n at delay + (n + ½)·dwell. Throws
 * when the samples are not spaced by ±1/FOV_read or do not cover the N grid positions (not Cartesian on this
 * frame).
 */
export function adcReadLines(
  timeline: SequenceTimeline,
  readAxis: GradientAxis,
  frame: AcquisitionFrame,
): ReadLine[] {
  const out: ReadLine[] = [];
  const nu = frame.readCount;
  checkChannel(frame.readDirection, readAxis, 'read');
  const along = (block: SequenceBlock, t0: number, t1: number): number =>
    areaAlong(block, frame.readDirection, t0, t1);
  let k = 0;
  for (const block of timeline.blocks) {
    let from = 0;
    if (block.rf && (block.rf.use === 'excitation' || block.rf.use === 'refocusing')) {
      const centre = block.rf.delay + block.rf.center;
      k = block.rf.use === 'excitation' ? 0 : -(k + along(block, 0, centre));
      from = centre;
    }
    const adc = block.adc;
    if (adc) {
      if (adc.numSamples !== nu)
        throw new RangeError(`ADC event ${out.length} has ${adc.numSamples} samples, expected ${nu}`);
      const at = (n: number): number =>
        (k + along(block, from, adc.delay + (n + 0.5) * adc.dwell)) * frame.fovRead + nu / 2;
      const step = nu > 1 ? at(1) - at(0) : 1;
      const reversed = step < 0;
      for (let n = 0; n < nu; n++)
        if (Math.abs(at(n) - at(0) - Math.sign(step) * n) > GRID_TOLERANCE)
          throw new RangeError(`ADC event ${out.length} is not sampled at Δk = 1/FOV_read (sample ${n})`);
      const offset = reversed ? at(nu - 1) : at(0);
      if (Math.abs(offset) >= 0.5)
        throw new RangeError(
          `ADC event ${out.length} is off the readout grid by ${offset.toFixed(3)} samples`,
        );
      out.push({ reversed, offset: Math.abs(offset) < 1e-9 ? 0 : offset });
    }
    k += along(block, from, block.duration);
  }
  return out;
}

/**
 * A readout line sampled at k_j = (j − N/2 + δ)/FOV moved onto the grid k_j = (j − N/2)/FOV, in place: exact
 * for an object on the N pixels x_u = (u − N/2)·FOV/N (the discrete shift theorem: invert with the shifted
 * kernel, transform back with the grid one), O(N²).
 */
function regridLine(re: Float64Array, im: Float64Array, delta: number): void {
  const n = re.length;
  const mRe = new Float64Array(n);
  const mIm = new Float64Array(n);
  for (let u = 0; u < n; u++)
    for (let j = 0; j < n; j++) {
      const phase = (2 * Math.PI * (j - n / 2 + delta) * (u - n / 2)) / n;
      const [c, s] = [Math.cos(phase), Math.sin(phase)];
      mRe[u] = (mRe[u] as number) + ((re[j] as number) * c - (im[j] as number) * s) / n;
      mIm[u] = (mIm[u] as number) + ((re[j] as number) * s + (im[j] as number) * c) / n;
    }
  for (let j = 0; j < n; j++) {
    let [r, i] = [0, 0];
    for (let u = 0; u < n; u++) {
      const phase = (-2 * Math.PI * (j - n / 2) * (u - n / 2)) / n;
      const [c, s] = [Math.cos(phase), Math.sin(phase)];
      r += (mRe[u] as number) * c - (mIm[u] as number) * s;
      i += (mRe[u] as number) * s + (mIm[u] as number) * c;
    }
    re[j] = r;
    im[j] = i;
  }
}

/**
 * The centred k-space [phase][read] of a Bloch signal (first coil): ADC event e fills line `lines[e]`; sample
 * n of an event sits at k_read = (n − N/2)/FOV_read (the readout prephaser puts k = 0 on sample N/2) unless
 * `read[e]` places it otherwise (reversed and/or off the grid by a fraction of a sample, `adcReadLines`).
 * Every line below `acquired` must be acquired exactly once; lines from `acquired` on (those partial Fourier
 * leaves out, recon/partialFourier.ts) may be missing and stay zero.
 */
export function blochKSpace(
  signal: BlochSignal,
  lines: readonly number[],
  frame: AcquisitionFrame,
  read?: readonly ReadLine[],
  acquired: number = frame.phaseCount,
): ComplexArray {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const coil = signal.coils[0];
  if (!coil) throw new RangeError('the signal has no coil');
  if (coil.re.length !== lines.length * nu)
    throw new RangeError(`expected ${lines.length}×${nu} samples, got ${coil.re.length}`);
  const re = new Float64Array(nu * nv);
  const im = new Float64Array(nu * nv);
  const filled = new Uint8Array(nv);
  lines.forEach((line, e) => {
    if (filled[line]) throw new RangeError(`phase-encoding line ${line} acquired twice`);
    filled[line] = 1;
    const lineRe = Float64Array.from(coil.re.subarray(e * nu, (e + 1) * nu));
    const lineIm = Float64Array.from(coil.im.subarray(e * nu, (e + 1) * nu));
    const placement = read?.[e];
    if (placement?.reversed) {
      lineRe.reverse();
      lineIm.reverse();
    }
    if (placement && placement.offset !== 0) regridLine(lineRe, lineIm, placement.offset);
    re.set(lineRe, line * nu);
    im.set(lineIm, line * nu);
  });
  const missing = filled.indexOf(0);
  if (missing >= 0 && missing < acquired) throw new RangeError(`phase-encoding line ${missing} not acquired`);
  return { re, im };
}

/** The gradient channel along which `frame` reads out (its read direction's largest component). */
export function readAxisOf(frame: AcquisitionFrame): GradientAxis {
  const d = frame.readDirection.map(Math.abs);
  const i = d.indexOf(Math.max(...d));
  return (['gx', 'gy', 'gz'] as const)[i] ?? 'gx';
}

/**
 * The magnitude image of a Bloch signal in display orientation, as the fast engine returns it
 * (simulate/fast/output.ts `displayImage`): centred inverse FFT of `blochKSpace` with each line placed by the
 * timeline's read trajectory (`adcReadLines`), phase-oversampled lines cropped, transposed when phase encoding
 * runs along rows.
 */
export function blochMagnitudeImage(
  signal: BlochSignal,
  timeline: SequenceTimeline,
  phaseAxis: GradientAxis,
  frame: AcquisitionFrame,
): { rows: number; columns: number; magnitude: Float32Array } {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const lines = adcLines(timeline, phaseAxis, frame);
  const kspace = blochKSpace(signal, lines, frame, adcReadLines(timeline, readAxisOf(frame), frame));
  const full = magnitude(kspaceToImage2d(kspace, nv, nu));
  const keep = frame.phaseMatrix;
  const first = (nv - keep) / 2;
  const rows = frame.transposed ? nu : keep;
  const columns = frame.transposed ? keep : nu;
  const out = new Float32Array(nu * keep);
  for (let v = 0; v < keep; v++)
    for (let u = 0; u < nu; u++)
      out[frame.transposed ? u * columns + v : v * columns + u] = full[(first + v) * nu + u] as number;
  return { rows, columns, magnitude: out };
}
