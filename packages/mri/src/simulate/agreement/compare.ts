/** Image comparison measures for engine agreement tests. */
import { kspaceToImage2d, magnitude, type ComplexArray } from '../../recon/image.ts';

/**
 * Normalised RMS error of `test` against `reference`: √(Σ(t − r)² / Σ r²), the measure of KomaMRI's Bloch
 * validation (STYLE.md §10). Arrays of equal length.
 */
export function nrmse(test: ArrayLike<number>, reference: ArrayLike<number>): number {
  if (test.length !== reference.length)
    throw new RangeError(`images of ${test.length} and ${reference.length} pixels`);
  let error = 0;
  let norm = 0;
  for (let i = 0; i < reference.length; i++) {
    const r = reference[i] as number;
    error += ((test[i] as number) - r) ** 2;
    norm += r * r;
  }
  return Math.sqrt(error / norm);
}

/**
 * Magnitude image of a centred k-space [rows][cols] after a separable Hann window,
 * w(i) = ½ + ½·cos(2π(i − N/2)/N) per axis (1 at k = 0, 0 at the Nyquist sample): it keeps the object's
 * contrast and shape and suppresses the highest spatial frequencies, where two engines that discretise the
 * same anatomy differently (sub-voxel boxes against point isochromats) are not expected to agree.
 */
export function hannMagnitude(
  kspace: { re: ArrayLike<number>; im: ArrayLike<number> },
  rows: number,
  cols: number,
): Float32Array {
  const windowed: ComplexArray = { re: new Float64Array(rows * cols), im: new Float64Array(rows * cols) };
  const hann = (i: number, n: number): number => 0.5 + 0.5 * Math.cos((2 * Math.PI * (i - n / 2)) / n);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const w = hann(r, rows) * hann(c, cols);
      const p = r * cols + c;
      windowed.re[p] = w * (kspace.re[p] as number);
      windowed.im[p] = w * (kspace.im[p] as number);
    }
  }
  return magnitude(kspaceToImage2d(windowed, rows, cols));
}
