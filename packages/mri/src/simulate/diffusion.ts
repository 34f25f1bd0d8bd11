/**
 * Diffusion-weighted series (DWI): the trace image of each b-value and the apparent diffusion coefficient map.
 * The signal of a spin echo with diffusion weighting b along direction g is S_g(b) = S(0)·exp(−b·gᵀDg)
 * (Stejskal & Tanner, J Chem Phys 1965;42:288); the trace image is the geometric mean over three orthogonal
 * directions, S(0)·exp(−b·tr(D)/3), independent of the tissue's orientation; ADC = tr(D)/3 is the slope of
 * −ln S against b (Le Bihan et al., Radiology 1986;161:401). The tissue library holds one isotropic ADC per
 * tissue, so the directional images differ only by their noise.
 */

/** Diffusion-encoding directions of a trace acquisition: three orthogonal axes (logical read, phase, slice). */
export const TRACE_DIRECTIONS = 3;

/** Pixel-wise geometric mean of images of equal size (the trace image of directional DWI images). */
export function geometricMean(images: readonly Float32Array[]): Float32Array {
  const first = images[0];
  if (!first) throw new RangeError('no images to average');
  const out = new Float32Array(first.length);
  for (let i = 0; i < first.length; i++) {
    let logSum = 0;
    for (const image of images) logSum += Math.log(Math.max(image[i] as number, Number.MIN_VALUE));
    out[i] = Math.exp(logSum / images.length);
  }
  return out;
}

/**
 * The ADC map [m²/s] from one image per b-value [s/m²] (at least two distinct b-values): the least-squares
 * slope of −ln S over b per pixel, clamped at 0. Only the lowest-b image decides what is background: pixels
 * where it is at or below `floor` are 0. A diffusion-weighted image is not a mask, since a freely diffusing
 * tissue (CSF, ADC 3e-9 m²/s) keeps e⁻³ of its signal at b = 1e9 s/m² and would be blanked (issue 23.7);
 * its values are floored at 1e-6 of the lowest-b value so the logarithm stays finite.
 */
export function adcMap(
  images: readonly Float32Array[],
  bValues: readonly number[],
  floor: number,
): Float32Array {
  if (images.length !== bValues.length)
    throw new RangeError(`${images.length} images for ${bValues.length} b-values`);
  const n = bValues.length;
  const mean = bValues.reduce((s, b) => s + b, 0) / n;
  const spread = bValues.reduce((s, b) => s + (b - mean) ** 2, 0);
  if (!(spread > 0)) throw new RangeError('the ADC needs at least two distinct b-values');
  const lowestB = bValues.reduce((lowest, b, k) => (b < (bValues[lowest] as number) ? k : lowest), 0);
  const reference = images[lowestB] as Float32Array;
  const first = images[0] as Float32Array;
  const out = new Float32Array(first.length);
  const logs = new Float64Array(n);
  for (let i = 0; i < first.length; i++) {
    const s0 = reference[i] as number;
    if (!(s0 > floor)) continue;
    let slope = 0;
    let logMean = 0;
    for (let k = 0; k < n; k++) {
      logs[k] = Math.log(Math.max((images[k] as Float32Array)[i] as number, s0 * ADC_SIGNAL_FLOOR_FRACTION));
      logMean += (logs[k] as number) / n;
    }
    for (let k = 0; k < n; k++) slope += ((bValues[k] as number) - mean) * ((logs[k] as number) - logMean);
    out[i] = Math.max(0, -slope / spread);
  }
  return out;
}

/** Diffusion-weighted values are floored at this fraction of the lowest-b value (finite logarithm). */
const ADC_SIGNAL_FLOOR_FRACTION = 1e-6;
