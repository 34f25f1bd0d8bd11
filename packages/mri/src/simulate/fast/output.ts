/** Output helpers of the fast engine: storage layout conversions and the display-orientation image. */
import type { ComplexArray } from '../../recon/image.ts';
import { firstKeptLine, type AcquisitionFrame } from '../geometry.ts';
import type { UnitNoise } from '../noise.ts';
import type { CoilStats, RenderedImage } from './types.ts';

/** Undoes the storage checkerboard into new centred arrays. */
export function centred(re: Float64Array, im: Float64Array, nu: number, nv: number): ComplexArray {
  const outRe = new Float64Array(nu * nv);
  const outIm = new Float64Array(nu * nv);
  for (let line = 0; line < nv; line++) {
    for (let c = 0; c < nu; c++) {
      const p = line * nu + c;
      const s = ((line + c) & 1) === 0 ? 1 : -1;
      outRe[p] = s * (re[p] as number);
      outIm[p] = s * (im[p] as number);
    }
  }
  return { re: outRe, im: outIm };
}

export function toFloat32(k: ComplexArray, count: number): { re: Float32Array; im: Float32Array } {
  const re = new Float32Array(k.re.length);
  const im = new Float32Array(k.im.length);
  re.set(k.re.subarray(0, count));
  im.set(k.im.subarray(0, count));
  return { re, im };
}

/**
 * Crops the phase-oversampled lines, applies `scale` (times (−1)^(line+column) when `checker`), transposes to
 * display orientation when the frame says so, and computes the magnitude.
 */
export function displayImage(
  re: Float64Array,
  im: Float64Array,
  frame: AcquisitionFrame,
  scale: number,
  checker: boolean,
  magnitudeOverride?: Float32Array,
): RenderedImage {
  const nu = frame.readCount;
  const keep = frame.phaseMatrix;
  const firstLine = firstKeptLine(frame);
  const outRe = new Float32Array(nu * keep);
  const outIm = new Float32Array(nu * keep);
  const magnitude = new Float32Array(nu * keep);
  const rows = frame.transposed ? nu : keep;
  const columns = frame.transposed ? keep : nu;
  for (let v = 0; v < keep; v++) {
    const line = firstLine + v;
    for (let u = 0; u < nu; u++) {
      const p = line * nu + u;
      const s = checker && ((line + u) & 1) === 1 ? -scale : scale;
      const r = s * (re[p] as number);
      const i = s * (im[p] as number);
      const q = frame.transposed ? u * columns + v : v * columns + u;
      outRe[q] = r;
      outIm[q] = i;
      magnitude[q] = magnitudeOverride ? (magnitudeOverride[p] as number) : Math.sqrt(r * r + i * i);
    }
  }
  return { rows, columns, magnitude, re: outRe, im: outIm };
}

/**
 * How the noiseless centred image x becomes the received image: one channel y = x + σ·n, or a coil array
 * reduced to per-pixel sums (./receive.ts `coilStats`).
 */
export interface Receive {
  /** Image noise σ per pixel (0: none). */
  sigma: number;
  /** Unit noise of the single channel (absent: no noise). */
  unit: UnitNoise | undefined;
  /** The coil array, when there is one. */
  coils: CoilStats | undefined;
  /**
   * Prescan-normalisation gain per display pixel of a coil array's image (../prescan.ts), applied to the
   * Float32 values exactly as a pass over the finished image would; absent: none.
   */
  gain?: Float32Array | undefined;
}

/**
 * σ/Σ_c s_c² per pixel (0 where there is no sensitivity), kept in the stats for the last σ: into the stats' own
 * array when it has one of the grid's size (the last σ's, or one the live preview keeps from slice to slice).
 */
export function combineScale(stats: CoilStats, sigma: number): Float64Array {
  if (stats.scale?.sigma === sigma) return stats.scale.values;
  const { s2 } = stats;
  const kept = stats.scale?.values;
  const values = kept?.length === s2.length ? kept : new Float64Array(s2.length);
  for (let i = 0; i < s2.length; i++) {
    const norm = s2[i] as number;
    values[i] = norm > 0 ? sigma / norm : 0;
  }
  stats.scale = { sigma, values };
  return values;
}

let ones = new Float32Array(0);

/** `count` ones (kept per thread, never written). */
function unitGain(count: number): Float32Array {
  if (ones.length !== count) ones = new Float32Array(count).fill(1);
  return ones;
}

/** A display-orientation image of the frame's kept lines, all zero; without `re` and `im` when `magnitudeOnly`. */
export function emptyDisplay(frame: AcquisitionFrame, magnitudeOnly = false): RenderedImage {
  const n = frame.readCount * frame.phaseMatrix;
  const complex = magnitudeOnly ? 0 : n;
  return {
    rows: frame.transposed ? frame.readCount : frame.phaseMatrix,
    columns: frame.transposed ? frame.phaseMatrix : frame.readCount,
    magnitude: new Float32Array(n),
    re: new Float32Array(complex),
    im: new Float32Array(complex),
  };
}

/**
 * Receives acquisition lines [line0, line1) of x and writes them, cropped and transposed as displayImage does,
 * into `out`. x is given from line0 on ([line − line0][read]); `xIm` undefined means x = xRe·(phaseRe + i·phaseIm)
 * (the weights' common phase, ./imageDomain.ts). Lines outside the
 * kept phase matrix are skipped. One channel: y = x + σ·n, magnitude |y|. Coil array (y_c = s_c·x + σ·n_c):
 *   Σ_c |y_c|² = |x|²·Σs_c² + 2σ·Re(x*·Σ s_c·n_c) + σ²·Σ|n_c|²,   Σ_c s_c·y_c / Σ s_c² = x + σ·Σ s_c·n_c / Σ s_c²,
 * the sum of squares and the sensitivity combination of the coil images, without forming them; then the prescan
 * gain, when given. An `out` without `re` and `im` (emptyDisplay's magnitudeOnly) gets the magnitude alone.
 */
export function receiveLines(
  xRe: Float64Array,
  xIm: Float64Array | undefined,
  line0: number,
  line1: number,
  rx: Receive,
  frame: AcquisitionFrame,
  out: RenderedImage,
  phaseRe = 1,
  phaseIm = 0,
): void {
  const nu = frame.readCount;
  const firstKept = firstKeptLine(frame);
  const from = Math.max(line0, firstKept);
  const to = Math.min(line1, firstKept + frame.phaseMatrix);
  const { re: outRe, im: outIm, magnitude } = out;
  const complex = outRe.length > 0;
  const columns = out.columns;
  const transposed = frame.transposed;
  const unit = rx.unit;
  const coils = rx.coils;
  // Without prescan normalisation a gain of 1: x·1 is x, so the same Float32 values.
  const gain = coils ? (rx.gain ?? unitGain(out.magnitude.length)) : undefined;
  const sigma = unit || coils ? rx.sigma : 0;
  // One loop per receive kind; x is read in place (times the common phase when it is given as real).
  const real = xIm === undefined;
  const imag = xIm ?? xRe;
  for (let line = from; line < to; line++) {
    const v = line - firstKept;
    const base = line * nu;
    const local = (line - line0) * nu;
    // Display index of (v, u): v·columns + u, or u·columns + v when transposed.
    const qStart = transposed ? v : v * columns;
    const qStep = transposed ? columns : 1;
    if (coils) {
      const { s2, aRe, aIm, n2 } = coils;
      const sigma2 = sigma * sigma;
      const scale = combineScale(coils, sigma);
      for (let u = 0, q = qStart; u < nu; u++, q += qStep) {
        const p = base + u;
        const a = xRe[local + u] as number;
        const xr = real ? a * phaseRe : a;
        const xi = real ? a * phaseIm : (imag[local + u] as number);
        const norm = s2[p] as number;
        const ar = aRe[p] as number;
        const ai = aIm[p] as number;
        const sos = (xr * xr + xi * xi) * norm + 2 * sigma * (xr * ar + xi * ai) + sigma2 * (n2[p] as number);
        const d = scale[p] as number;
        const g = (gain as Float32Array)[q] as number;
        if (complex) {
          outRe[q] = Math.fround(norm > 0 ? xr + d * ar : 0) * g;
          outIm[q] = Math.fround(norm > 0 ? xi + d * ai : 0) * g;
        }
        magnitude[q] = Math.fround(Math.sqrt(Math.max(0, sos))) * g;
      }
    } else if (unit) {
      const unitRe = unit.re;
      const unitIm = unit.im;
      for (let u = 0, q = qStart; u < nu; u++, q += qStep) {
        const a = xRe[local + u] as number;
        const xr = real ? a * phaseRe : a;
        const xi = real ? a * phaseIm : (imag[local + u] as number);
        const r = xr + sigma * (unitRe[base + u] as number);
        const i = xi + sigma * (unitIm[base + u] as number);
        if (complex) {
          outRe[q] = r;
          outIm[q] = i;
        }
        magnitude[q] = Math.sqrt(r * r + i * i);
      }
    } else {
      for (let u = 0, q = qStart; u < nu; u++, q += qStep) {
        const a = xRe[local + u] as number;
        const r = real ? a * phaseRe : a;
        const i = real ? a * phaseIm : (imag[local + u] as number);
        if (complex) {
          outRe[q] = r;
          outIm[q] = i;
        }
        magnitude[q] = Math.sqrt(r * r + i * i);
      }
    }
  }
}
