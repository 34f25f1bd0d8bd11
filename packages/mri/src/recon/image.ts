/**
 * From k-space to images: magnitude, phase, coil combination and the k-space display image.
 * K-space and images use the centred layout of ./fftnd.ts ([rows][cols], origin at (rows/2, cols/2)).
 */
import { createFft2d } from './fftnd.ts';

/** A complex image or k-space as split real/imaginary arrays. */
export interface ComplexArray {
  re: Float64Array;
  im: Float64Array;
}

/** Centred inverse 2D FFT of a k-space (copied; the input is not modified). */
export function kspaceToImage2d(kspace: ComplexArray, rows: number, cols: number): ComplexArray {
  const re = kspace.re.slice();
  const im = kspace.im.slice();
  createFft2d(rows, cols).inverse(re, im);
  return { re, im };
}

/** |z| per pixel. */
export function magnitude(image: ComplexArray): Float32Array {
  const out = new Float32Array(image.re.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.hypot(image.re[i] as number, image.im[i] as number);
  return out;
}

/** arg z per pixel [rad], in (−π, π]. */
export function phase(image: ComplexArray): Float32Array {
  const out = new Float32Array(image.re.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.atan2(image.im[i] as number, image.re[i] as number);
  return out;
}

/**
 * Sum-of-squares coil combination √(Σ_c |z_c|²) (Roemer et al., MRM 1990;16:192): near-optimal SNR without
 * sensitivity maps.
 */
export function sumOfSquares(coils: readonly ComplexArray[]): Float32Array {
  const n = coils[0]?.re.length ?? 0;
  const out = new Float32Array(n);
  for (const coil of coils) {
    for (let i = 0; i < n; i++) {
      const r = coil.re[i] as number;
      const m = coil.im[i] as number;
      out[i] = (out[i] as number) + r * r + m * m;
    }
  }
  for (let i = 0; i < n; i++) out[i] = Math.sqrt(out[i] as number);
  return out;
}

/**
 * K-space for display: log(1 + |K|/scale) normalised to [0, 1], scale = 1e-3 of the peak, so the centre and the
 * periphery are both visible.
 */
export function logMagnitudeDisplay(kspace: { re: ArrayLike<number>; im: ArrayLike<number> }): Float32Array {
  const n = kspace.re.length;
  const out = new Float32Array(n);
  let peak = 0;
  for (let i = 0; i < n; i++) {
    out[i] = Math.hypot(kspace.re[i] as number, kspace.im[i] as number);
    peak = Math.max(peak, out[i] as number);
  }
  if (peak === 0) return out;
  const scale = peak * 1e-3;
  const top = Math.log1p(peak / scale);
  for (let i = 0; i < n; i++) out[i] = Math.log1p((out[i] as number) / scale) / top;
  return out;
}
