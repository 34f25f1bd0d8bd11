/**
 * Prescan normalisation (consoles' "Prescan Normalize", "PURE", "CLEAR"): a receive array's sum-of-squares image
 * is |m|·√Σ_c s_c² (`s_c` the element sensitivities), bright near the elements and dark in the middle of a head;
 * the console divides it by the array's sensitivity relative to the uniform body coil, measured in a prescan.
 * Here the sensitivities are known, so the gain is 1/√Σ_c s_c² per pixel and a noise-free image reads |m|, M⊥
 * per unit PD as with one uniform channel (docs/conventions.md, "Image values and noise"); noise is amplified
 * where the array is weak, as on a console.
 */
import { firstKeptLine, type AcquisitionFrame } from './geometry.ts';

/**
 * Where the array's sensitivity is below this fraction of its maximum the gain stops growing: far from every
 * element (air, the far side of a surface coil) a console does not amplify noise without bound either.
 */
const MIN_RELATIVE_SENSITIVITY = 0.05;

/**
 * Gain per display pixel (rows × columns of the rendered image: phase-oversampled lines cropped, transposed when
 * phase runs along rows, as simulate/fast/output.ts `displayImage`) from the coil maps on the acquisition grid
 * ([phase][read], `frameCoilMaps` of coilMaps.ts). `acquiredSumSquares`, when given, is Σ_c s_c² of these maps on
 * the whole acquisition grid (fast/receive.ts `coilStats`), which then is not summed again.
 */
export function prescanNormalisationGain(
  coilMaps: readonly Float32Array[],
  frame: AcquisitionFrame,
  acquiredSumSquares?: Float64Array,
): Float32Array {
  if (acquiredSumSquares) return prescanGainOfSquares(acquiredSumSquares, frame);
  const squares = new Float64Array(frame.readCount * frame.phaseCount);
  for (const map of coilMaps)
    for (let p = 0; p < squares.length; p++) squares[p] = (squares[p] as number) + (map[p] as number) ** 2;
  return prescanGainOfSquares(squares, frame);
}

/**
 * The gain of `prescanNormalisationGain` from the elements' summed squared sensitivities Σ_c s_c² per acquisition
 * pixel (summed over c in element order; fast/receive.ts `CoilStats.s2` holds them), the same Float32 values,
 * into `out` when given (readCount·phaseMatrix values: the live preview reuses one from slice to slice).
 */
export function prescanGainOfSquares(
  squares: Float64Array,
  frame: AcquisitionFrame,
  out?: Float32Array,
): Float32Array {
  const nu = frame.readCount;
  const keep = frame.phaseMatrix;
  const firstLine = firstKeptLine(frame);
  const columns = frame.transposed ? keep : nu;
  // The kept lines' largest sensitivity first, then each gain from its own square root: no array of them.
  let max = 0;
  for (let p = firstLine * nu; p < (firstLine + keep) * nu; p++) {
    const s = Math.sqrt(squares[p] as number);
    if (s > max) max = s;
  }
  const floor = MIN_RELATIVE_SENSITIVITY * max;
  if (out && out.length !== nu * keep)
    throw new RangeError(`prescanGainOfSquares: ${out.length} values for ${nu * keep} pixels`);
  const gain = out ?? new Float32Array(nu * keep);
  if (!(max > 0)) return gain.fill(1);
  for (let v = 0; v < keep; v++)
    for (let u = 0; u < nu; u++) {
      const q = frame.transposed ? u * columns + v : v * columns + u;
      gain[q] = 1 / Math.max(Math.sqrt(squares[(firstLine + v) * nu + u] as number), floor);
    }
  return gain;
}
