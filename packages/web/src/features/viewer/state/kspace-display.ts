/**
 * What the k-space view draws, as 8-bit grey images (pure functions, tested without a DOM): the log magnitude
 * and the phase of a k-space, a magnitude image under a display window, and the stripe pattern one k-space
 * sample encodes; and the measure of sharpness the story and the tests compare images by.
 */
import {
  logMagnitudeDisplay,
  type ComplexArray,
  seriesWindow,
  windowToGrey8,
  type DisplayWindow,
} from '@larmor/mri/recon';
import type { KSpaceFrame } from './kspace.ts';

const GREY_MAX = 255;

/** log(1 + |K|/scale) on 0–255 (@larmor/mri `logMagnitudeDisplay`): the centre and the periphery both visible. */
export function logMagnitudeGrey(kspace: ComplexArray): Uint8Array {
  const display = logMagnitudeDisplay(kspace);
  return Uint8Array.from(display, (v) => Math.round(v * GREY_MAX));
}

/** arg K on 0–255: −π black, 0 mid grey, +π white; samples never acquired (K = 0) show mid grey. */
export function phaseGrey(kspace: ComplexArray): Uint8Array {
  const out = new Uint8Array(kspace.re.length);
  for (let i = 0; i < out.length; i++) {
    const phi = Math.atan2(kspace.im[i] as number, kspace.re[i] as number);
    out[i] = Math.round(((phi + Math.PI) / (2 * Math.PI)) * GREY_MAX);
  }
  return out;
}

/** The display window of a reconstructed image (@larmor/mri `seriesWindow`, as the image viewer starts with). */
export const imageWindow = (image: Float32Array): DisplayWindow => seriesWindow([image]);

/** A magnitude image under `window` on 0–255. */
export const imageGrey = (image: Float32Array, window: DisplayWindow): Uint8Array =>
  windowToGrey8(image, window);

/**
 * The pattern sample (kx, ky) [1/m] encodes over the field of view: Re exp(i·2π(kx·x + ky·y)) = cos(2π(kx·x +
 * ky·y)) at each pixel centre, x = (c − columns/2)·FOV_read/columns and y = (r − rows/2)·FOV_phase/rows [m]
 * (the centred image grid of the frame), mapped from [−1, 1] to 0–255. Its wavelength is 1/|k| [m].
 */
export function stripePattern(frame: KSpaceFrame, kx: number, ky: number): Uint8Array {
  const out = new Uint8Array(frame.rows * frame.columns);
  const dx = frame.fovRead / frame.columns;
  const dy = frame.fovPhase / frame.rows;
  for (let r = 0; r < frame.rows; r++) {
    const y = (r - frame.rows / 2) * dy;
    for (let c = 0; c < frame.columns; c++) {
      const x = (c - frame.columns / 2) * dx;
      const value = Math.cos(2 * Math.PI * (kx * x + ky * y));
      out[r * frame.columns + c] = Math.round(((value + 1) / 2) * GREY_MAX);
    }
  }
  return out;
}

/**
 * Sharpness of a grey image: the mean squared difference between horizontal and vertical neighbours over the
 * mean squared value (dimensionless). Low-pass filtering (a centre-only k-space mask) lowers it.
 */
export function relativeGradientEnergy(values: ArrayLike<number>, width: number, height: number): number {
  let gradient = 0;
  let power = 0;
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const v = values[r * width + c] as number;
      power += v * v;
      if (c + 1 < width) gradient += ((values[r * width + c + 1] as number) - v) ** 2;
      if (r + 1 < height) gradient += ((values[(r + 1) * width + c] as number) - v) ** 2;
    }
  }
  return power > 0 ? gradient / power : 0;
}

/** Row and column of the largest value (the first one on ties). */
export function brightestPoint(values: ArrayLike<number>, width: number): { row: number; column: number } {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] as number) > (values[best] as number)) best = i;
  return { row: Math.floor(best / width), column: best % width };
}
