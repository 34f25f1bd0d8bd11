/**
 * Statistics of a series' images over the model's labels: the mean signal of a named tissue's pure pixels, and
 * the noise from air pixels away from the anatomy, σ = SD_background / 0.655 (magnitude noise is Rayleigh-distributed in air:
 * NEMA MS 1-2008; Kaufman et al., Radiology 1989;173:265) — the ROI convention of the web viewer.
 */
import type { GradingContext } from './context.ts';
import { AIR_PIXEL_FRACTION, PURE_PIXEL_FRACTION, airFraction, fractionOf, labelsOf } from './labels.ts';

/** SD of Rayleigh magnitude noise over the σ of each complex channel. */
export const RAYLEIGH_SD_FACTOR = 0.655;

export interface RegionStats {
  mean: number;
  sd: number;
  pixels: number;
}

function stats(sum: number, sumSq: number, n: number): RegionStats {
  if (n === 0) return { mean: 0, sd: 0, pixels: 0 };
  const mean = sum / n;
  return { mean, sd: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), pixels: n };
}

/** Mean and SD of the pixels at least PURE_PIXEL_FRACTION of `tissue`, over every slice. */
export function tissueStats(ctx: GradingContext, tissue: string): RegionStats {
  const labels = labelsOf(ctx.series.model, tissue);
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  if (labels.length > 0) {
    ctx.series.images.forEach((image, i) => {
      const f = fractionOf(ctx.labels(i), labels);
      for (let p = 0; p < f.length; p++) {
        if ((f[p] ?? 0) < PURE_PIXEL_FRACTION) continue;
        const v = image.magnitude[p] ?? 0;
        sum += v;
        sumSq += v * v;
        n++;
      }
    });
  }
  return stats(sum, sumSq, n);
}

/**
 * Background pixels at least this far [pixels] from any anatomy: beyond the truncation ringing of its edges
 * (Gibbs ripples fall off as 1/distance), so their spread is noise.
 */
export const NOISE_MARGIN_PX = 8;

/** Pixels of pure air at least `margin` pixels (Chebyshev distance) from any pixel with anatomy. */
export function farBackground(air: Float32Array, rows: number, columns: number, margin: number): Uint8Array {
  const anatomy = new Uint8Array(rows * columns);
  for (let p = 0; p < anatomy.length; p++) anatomy[p] = (air[p] ?? 0) < AIR_PIXEL_FRACTION ? 1 : 0;
  // Separable box dilation with running counts (O(pixels) whatever the margin): along rows, then columns.
  const along = new Uint8Array(anatomy.length);
  for (let r = 0; r < rows; r++) dilateLine(anatomy, along, r * columns, 1, columns, margin);
  const near = new Uint8Array(anatomy.length);
  for (let c = 0; c < columns; c++) dilateLine(along, near, c, columns, rows, margin);
  for (let p = 0; p < near.length; p++) near[p] = near[p] ? 0 : 1;
  return near;
}

/** out[i] = 1 where any of in[i − margin … i + margin] is set, along one line (start, stride, length). */
function dilateLine(
  input: Uint8Array,
  out: Uint8Array,
  start: number,
  stride: number,
  length: number,
  margin: number,
): void {
  let count = 0;
  for (let i = 0; i < Math.min(margin, length); i++) count += input[start + i * stride] ?? 0;
  for (let i = 0; i < length; i++) {
    const enter = i + margin;
    const leave = i - margin - 1;
    if (enter < length) count += input[start + enter * stride] ?? 0;
    if (leave >= 0) count -= input[start + leave * stride] ?? 0;
    out[start + i * stride] = count > 0 ? 1 : 0;
  }
}

/** Mean and SD of the background pixels of every slice that lie NOISE_MARGIN_PX or more from anatomy. */
export function backgroundStats(ctx: GradingContext): RegionStats {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  ctx.series.images.forEach((image, i) => {
    const far = farBackground(airFraction(ctx.labels(i)), image.rows, image.columns, NOISE_MARGIN_PX);
    for (let p = 0; p < far.length; p++) {
      if (!far[p]) continue;
      const v = image.magnitude[p] ?? 0;
      sum += v;
      sumSq += v * v;
      n++;
    }
  });
  return stats(sum, sumSq, n);
}

/** SNR of a tissue: its mean over the noise σ (background SD / 0.655); null when there is no tissue or no air. */
export function tissueSnr(ctx: GradingContext, tissue: string): number | null {
  const t = tissueStats(ctx, tissue);
  const bg = backgroundStats(ctx);
  if (t.pixels === 0 || bg.pixels === 0) return null;
  const sigma = bg.sd / RAYLEIGH_SD_FACTOR;
  return sigma > 0 ? t.mean / sigma : Infinity;
}
