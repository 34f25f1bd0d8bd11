/**
 * Statistics of a region of interest over the raw pixels, as pure functions on typed arrays: what the viewer's
 * ROI tools show and what SNR and CNR are computed from.
 *
 * A pixel belongs to a region when its centre lies inside it (pixel (c, r) has its centre at (c, r) in image
 * index coordinates), the rule Cornerstone3D's ROI tools sample with. SD is the population SD (divide by n), as
 * Cornerstone's BasicStatsCalculator computes it.
 */

export interface RoiStats {
  /** Pixels inside. */
  count: number;
  mean: number;
  /** Population standard deviation. */
  sd: number;
  min: number;
  max: number;
}

/** An image: rows × columns raw values, row by row. */
export interface RawImage {
  pixels: ArrayLike<number>;
  rows: number;
  columns: number;
}

/** An axis-aligned ellipse in image index coordinates [pixels]: centre (column, row) and half-axes. */
export interface EllipseRegion {
  kind: 'ellipse';
  centerColumn: number;
  centerRow: number;
  radiusColumns: number;
  radiusRows: number;
}

/** An axis-aligned rectangle in image index coordinates [pixels], corners inclusive of the pixel centres inside. */
export interface RectangleRegion {
  kind: 'rectangle';
  column0: number;
  row0: number;
  column1: number;
  row1: number;
}

export type RoiRegion = EllipseRegion | RectangleRegion;

/** Whether pixel centre (column, row) lies in the region (boundary included). */
export function containsPixel(region: RoiRegion, column: number, row: number): boolean {
  if (region.kind === 'rectangle') {
    const [c0, c1] = [Math.min(region.column0, region.column1), Math.max(region.column0, region.column1)];
    const [r0, r1] = [Math.min(region.row0, region.row1), Math.max(region.row0, region.row1)];
    return column >= c0 && column <= c1 && row >= r0 && row <= r1;
  }
  if (!(region.radiusColumns > 0 && region.radiusRows > 0)) return false;
  const u = (column - region.centerColumn) / region.radiusColumns;
  const v = (row - region.centerRow) / region.radiusRows;
  return u * u + v * v <= 1;
}

/** Statistics of the pixels inside a region (Welford's one-pass mean and variance); null when none is inside. */
export function regionStats(image: RawImage, region: RoiRegion): RoiStats | null {
  const bounds =
    region.kind === 'rectangle'
      ? [region.column0, region.column1, region.row0, region.row1]
      : [
          region.centerColumn - region.radiusColumns,
          region.centerColumn + region.radiusColumns,
          region.centerRow - region.radiusRows,
          region.centerRow + region.radiusRows,
        ];
  const [a, b, c, d] = bounds as [number, number, number, number];
  const columnFrom = Math.max(0, Math.ceil(Math.min(a, b)));
  const columnTo = Math.min(image.columns - 1, Math.floor(Math.max(a, b)));
  const rowFrom = Math.max(0, Math.ceil(Math.min(c, d)));
  const rowTo = Math.min(image.rows - 1, Math.floor(Math.max(c, d)));
  let count = 0;
  let mean = 0;
  let m2 = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let column = columnFrom; column <= columnTo; column++) {
      if (!containsPixel(region, column, row)) continue;
      const value = image.pixels[row * image.columns + column] as number;
      count++;
      const delta = value - mean;
      mean += delta / count;
      m2 += delta * (value - mean);
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  if (count === 0) return null;
  return { count, mean, sd: Math.sqrt(m2 / count), min, max };
}

/**
 * Ratio of the SD of the magnitude of pure complex Gaussian noise (Rayleigh distributed) to the SD σ of each
 * of its channels: √(2 − π/2) ≈ 0.655 (Henkelman, Med Phys 1985;12:232; Kaufman et al., Radiology
 * 1989;173:265). A background (air) ROI on a magnitude image measures SD_bg = 0.655 σ.
 */
export const RAYLEIGH_SD_FACTOR = 0.655;

/** Noise σ [pixel units] from a background ROI's SD on a magnitude image: σ = SD_bg / 0.655. */
export function noiseSigmaFromBackground(backgroundSd: number): number {
  return backgroundSd / RAYLEIGH_SD_FACTOR;
}

/** SNR = mean of the signal ROI / σ, σ = SD_bg / 0.655 (background-ROI method with the Rayleigh correction). */
export function signalToNoise(signal: Pick<RoiStats, 'mean'>, background: Pick<RoiStats, 'sd'>): number {
  return signal.mean / noiseSigmaFromBackground(background.sd);
}

/** CNR = |mean_A − mean_B| / σ, σ = SD_bg / 0.655 from the background ROI. */
export function contrastToNoise(
  a: Pick<RoiStats, 'mean'>,
  b: Pick<RoiStats, 'mean'>,
  background: Pick<RoiStats, 'sd'>,
): number {
  return Math.abs(a.mean - b.mean) / noiseSigmaFromBackground(background.sd);
}
