/**
 * Images from Bloch-engine signals of Cartesian protocols, on the fast engine's grid: each ADC event of the
 * timeline is one phase-encoding line, placed by its phase-encoding area, and the k-space is inverted with the
 * centred FFT of docs/conventions.md ("FFT and shift"), so a pixel reads transverse magnetisation per unit
 * proton density like the fast engine's images (docs/conventions.md, "Image values and noise").
 */
import { kspaceToImage2d, magnitude, type ComplexArray } from '../../recon/image.ts';
import type { SequenceBlock, SequenceTimeline } from '../../sequence/timeline.ts';
import type { BlochSignal } from '../bloch/scan.ts';
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

/**
 * The phase-encoding line of every ADC event, in timeline order: the phase-axis area A [1/m] played between
 * the last RF pulse and the ADC block gives line = A·FOV_phase + lines/2 (k = (line − lines/2)/FOV_phase,
 * sequence/build/context.ts `phaseArea`). Throws when A is not on a line of the grid (not a Cartesian
 * acquisition on this frame).
 */
export function adcLines(
  timeline: SequenceTimeline,
  phaseAxis: GradientAxis,
  frame: AcquisitionFrame,
): number[] {
  const lines: number[] = [];
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
    area += gradientArea(block, phaseAxis);
  }
  return lines;
}

/**
 * The centred k-space [phase][read] of a Bloch signal (first coil): ADC event e fills line `lines[e]`, sample
 * n of an event at k_read = (n − N/2)/FOV_read (the readout prephaser puts k = 0 on sample N/2). Every line must
 * be acquired exactly once.
 */
export function blochKSpace(
  signal: BlochSignal,
  lines: readonly number[],
  frame: AcquisitionFrame,
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
    re.set(coil.re.subarray(e * nu, (e + 1) * nu), line * nu);
    im.set(coil.im.subarray(e * nu, (e + 1) * nu), line * nu);
  });
  const missing = filled.indexOf(0);
  if (missing >= 0) throw new RangeError(`phase-encoding line ${missing} not acquired`);
  return { re, im };
}

/**
 * The magnitude image of a Bloch signal in display orientation, as the fast engine returns it
 * (simulate/fast/output.ts `displayImage`): centred inverse FFT of `blochKSpace`, phase-oversampled lines
 * cropped, transposed when phase encoding runs along rows.
 */
export function blochMagnitudeImage(
  signal: BlochSignal,
  timeline: SequenceTimeline,
  phaseAxis: GradientAxis,
  frame: AcquisitionFrame,
): { rows: number; columns: number; magnitude: Float32Array } {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const kspace = blochKSpace(signal, adcLines(timeline, phaseAxis, frame), frame);
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
