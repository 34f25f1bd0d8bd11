/**
 * Partial-Fourier reconstruction along the phase-encoding (row) axis of a centred k-space [rows][cols].
 * Acquired lines are [0, acquired): the negative half, the centre and `acquired − rows/2` lines past it.
 * - zero fill: the missing lines stay zero (blurs along phase, keeps magnitude);
 * - homodyne (Noll, Nishimura & Macovski, IEEE TMI 1991;10:154): the unpaired acquired lines are doubled, the
 *   missing ones zero, and the image is demodulated by the phase of a low-resolution image from the
 *   symmetric centre band; the real part is the estimate.
 */
import { createFft2d } from './fftnd.ts';
import type { ComplexArray } from './image.ts';

export type PartialFourierMode = 'zeroFill' | 'homodyne';

/** Number of phase lines acquired for a partial-Fourier factor p ∈ (0.5, 1]: ceil(p·rows), at least rows/2 + 1. */
export function partialFourierLines(rows: number, factor: number): number {
  if (!(factor > 0.5 && factor <= 1))
    throw new RangeError(`partial Fourier factor ${factor} outside (0.5, 1]`);
  return Math.min(rows, Math.max(rows / 2 + 1, Math.ceil(factor * rows)));
}

/** Reconstructs a partial-Fourier k-space (lines ≥ `acquired` are ignored) into a complex image. */
export function partialFourierRecon(
  kspace: ComplexArray,
  rows: number,
  cols: number,
  acquired: number,
  mode: PartialFourierMode,
): ComplexArray {
  const fft = createFft2d(rows, cols);
  const re = kspace.re.slice();
  const im = kspace.im.slice();
  re.fill(0, acquired * cols);
  im.fill(0, acquired * cols);
  if (mode === 'zeroFill' || acquired >= rows) {
    fft.inverse(re, im);
    return { re, im };
  }
  // Symmetric band: lines rows − acquired … acquired − 1 (|κ| < acquired − rows/2).
  const bandStart = rows - acquired;
  const lowRe = new Float64Array(re.length);
  const lowIm = new Float64Array(im.length);
  const halfWidth = acquired - rows / 2;
  for (let r = bandStart; r < acquired; r++) {
    // Hann taper over the band limits ringing in the phase estimate.
    const w = 0.5 + 0.5 * Math.cos((Math.PI * (r - rows / 2)) / halfWidth);
    for (let c = 0; c < cols; c++) {
      lowRe[r * cols + c] = w * (re[r * cols + c] as number);
      lowIm[r * cols + c] = w * (im[r * cols + c] as number);
    }
  }
  for (let r = 0; r < bandStart; r++) {
    for (let c = 0; c < cols; c++) {
      re[r * cols + c] = 2 * (re[r * cols + c] as number);
      im[r * cols + c] = 2 * (im[r * cols + c] as number);
    }
  }
  fft.inverse(re, im);
  fft.inverse(lowRe, lowIm);
  for (let i = 0; i < re.length; i++) {
    const phi = Math.atan2(lowIm[i] as number, lowRe[i] as number);
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    // Real part of z·e^(−iφ), put back on the phase φ so phase images stay meaningful.
    const real = (re[i] as number) * c + (im[i] as number) * s;
    re[i] = real * c;
    im[i] = real * s;
  }
  return { re, im };
}
