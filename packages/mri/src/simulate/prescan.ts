/**
 * Prescan normalisation (consoles' "Prescan Normalize", "PURE", "CLEAR"): a receive array's sum-of-squares image
 * is |m|·√Σ_c s_c² (`s_c` the element sensitivities), bright near the elements and dark in the middle of a head;
 * the console divides it by the array's sensitivity relative to the uniform body coil, measured in a prescan.
 * Here the sensitivities are known, so the gain is 1/√Σ_c s_c² per pixel and a noise-free image reads |m|, M⊥
 * per unit PD as with one uniform channel (docs/conventions.md, "Image values and noise"); noise is amplified
 * where the array is weak, as on a console.
 */
import type { AcquisitionFrame } from './geometry.ts';

/**
 * Where the array's sensitivity is below this fraction of its maximum the gain stops growing: far from every
 * element (air, the far side of a surface coil) a console does not amplify noise without bound either.
 */
const MIN_RELATIVE_SENSITIVITY = 0.05;

/**
 * Gain per display pixel (rows × columns of the rendered image: phase-oversampled lines cropped, transposed when
 * phase runs along rows, as simulate/fast/output.ts `displayImage`) from the coil maps on the acquisition grid
 * ([phase][read], `frameCoilMaps` of simulate.ts). `acquiredSumSquares`, when given, is Σ_c s_c² of these maps on
 * the whole acquisition grid (fast/receive.ts `coilStats`), which then is not summed again.
 */
export function prescanNormalisationGain(
  coilMaps: readonly Float32Array[],
  frame: AcquisitionFrame,
  acquiredSumSquares?: Float64Array,
): Float32Array {
  const nu = frame.readCount;
  const keep = frame.phaseMatrix;
  const firstLine = (frame.phaseCount - keep) / 2;
  const columns = frame.transposed ? keep : nu;
  // Σ_c s_c² per kept pixel, coil by coil (the maps are Float32: each square is exact, and every pixel sums its
  // coils in element order, so the result does not depend on the loop order).
  const offset = firstLine * nu;
  const sumSquares = acquiredSumSquares
    ? acquiredSumSquares.subarray(offset, offset + nu * keep)
    : new Float64Array(nu * keep);
  for (const map of acquiredSumSquares ? [] : coilMaps) {
    for (let p = 0; p < sumSquares.length; p++) {
      const s = map[offset + p] as number;
      sumSquares[p] = (sumSquares[p] as number) + s * s;
    }
  }
  const sensitivity = new Float64Array(nu * keep);
  let max = 0;
  for (let v = 0; v < keep; v++)
    for (let u = 0; u < nu; u++) {
      const q = frame.transposed ? u * columns + v : v * columns + u;
      const value = Math.sqrt(sumSquares[v * nu + u] as number);
      sensitivity[q] = value;
      if (value > max) max = value;
    }
  const floor = MIN_RELATIVE_SENSITIVITY * max;
  const gain = new Float32Array(sensitivity.length);
  for (let q = 0; q < gain.length; q++) gain[q] = max > 0 ? 1 / Math.max(sensitivity[q] as number, floor) : 1;
  return gain;
}
