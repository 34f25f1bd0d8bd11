/**
 * The difference map of the scan-result comparison (issue 14): |a − b| pixel by pixel of two series' centre
 * slices, defined only when both slices sample the same points of the patient (same matrix, pixel spacing,
 * position and orientation, LPS as DICOM: docs/conventions.md); otherwise the reason it is not.
 */

/** A series' geometry: matrix, spacing between rows and columns [m], each slice's first-pixel centre [m] and axes. */
export interface SeriesGeometry {
  rows: number;
  columns: number;
  pixelSpacing: readonly [number, number];
  slices: readonly {
    position: readonly [number, number, number];
    orientation: readonly [number, number, number, number, number, number];
  }[];
}

/** Positions closer than this are the same point [m] (0.01 mm, far below any pixel). */
export const SAME_POSITION_M = 1e-5;
/** Direction cosines closer than this are the same axis. */
const SAME_COSINE = 1e-4;

/** The slice in the middle of a series (the lower of the two middles for an even count). */
export const centreSliceIndex = (count: number): number => Math.max(0, Math.floor((count - 1) / 2));

const mmText = (m: number): string => `${+(m * 1000).toFixed(2)} mm`;

/** Why the centre slices of `a` and `reference` cannot be subtracted pixel by pixel; null when they can. */
export function geometryMismatch(a: SeriesGeometry, reference: SeriesGeometry): string | null {
  if (a.slices.length === 0 || reference.slices.length === 0) return 'One of the series has no slices.';
  if (a.rows !== reference.rows || a.columns !== reference.columns)
    return `The matrices differ (${a.columns} × ${a.rows} pixels against ${reference.columns} × ${reference.rows}), so the pixels do not correspond.`;
  for (const axis of [0, 1] as const) {
    const s = a.pixelSpacing[axis];
    const r = reference.pixelSpacing[axis];
    if (Math.abs(s - r) > SAME_POSITION_M / Math.max(a.rows, a.columns))
      return `The pixel spacing differs (${mmText(a.pixelSpacing[1])} × ${mmText(a.pixelSpacing[0])} against ${mmText(reference.pixelSpacing[1])} × ${mmText(reference.pixelSpacing[0])}): the fields of view or matrices differ.`;
  }
  const sa = a.slices[centreSliceIndex(a.slices.length)];
  const sr = reference.slices[centreSliceIndex(reference.slices.length)];
  if (!sa || !sr) return 'One of the series has no slices.';
  if (sa.orientation.some((c, i) => Math.abs(c - (sr.orientation[i] ?? Number.NaN)) > SAME_COSINE))
    return 'The centre slices are oriented differently (another plane or angle), so the pixels show different anatomy.';
  const distance = Math.hypot(
    sa.position[0] - sr.position[0],
    sa.position[1] - sr.position[1],
    sa.position[2] - sr.position[2],
  );
  if (distance > SAME_POSITION_M)
    return `The centre slices lie ${mmText(distance)} apart (another slice position, offset or field of view centre), so the pixels show different anatomy.`;
  return null;
}

export interface Difference {
  /** |a − b| per pixel. */
  pixels: Float32Array;
  max: number;
  mean: number;
}

/** |a − b| per pixel of two equally sized images. */
export function absoluteDifference(a: Float32Array, b: Float32Array): Difference {
  if (a.length !== b.length) throw new RangeError(`images of ${a.length} and ${b.length} pixels`);
  const pixels = new Float32Array(a.length);
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    pixels[i] = d;
    sum += d;
    if (d > max) max = d;
  }
  return { pixels, max, mean: a.length === 0 ? 0 : sum / a.length };
}
