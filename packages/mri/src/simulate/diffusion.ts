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
 * slope of −ln S over b per pixel, clamped at 0. Pixels where any image is at or below `floor` (background,
 * noise) are 0.
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
  const first = images[0] as Float32Array;
  const out = new Float32Array(first.length);
  for (let i = 0; i < first.length; i++) {
    let slope = 0;
    let logMean = 0;
    let valid = true;
    for (let k = 0; k < n && valid; k++) {
      const s = (images[k] as Float32Array)[i] as number;
      valid = s > floor;
      logMean += Math.log(s) / n;
    }
    if (!valid) continue;
    for (let k = 0; k < n; k++)
      slope +=
        ((bValues[k] as number) - mean) * (Math.log((images[k] as Float32Array)[i] as number) - logMean);
    out[i] = Math.max(0, -slope / spread);
  }
  return out;
}
