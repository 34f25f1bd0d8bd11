/**
 * The model's labels on a series' image grid (grading's view of "where each tissue is"): per slice, the
 * partial-volume fraction of every tissue in every pixel (anatomy/resample.ts `resampleSlice` on the display
 * plane of simulate/geometry.ts), so image statistics can be taken over pure pixels of a named tissue.
 */
import { resampleSlice, type SlicePlane } from '../anatomy/resample.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { ImagePlane } from '../simulate/geometry.ts';
import type { TissueKey } from '../tissue/types.ts';

/** A pixel counts as a tissue's own when at least this fraction of its slab is that tissue. */
export const PURE_PIXEL_FRACTION = 0.9;
/** A pixel counts as air (background, for noise) when at least this fraction of it is air. */
export const AIR_PIXEL_FRACTION = 0.999;

/** One slice's labels on its image grid: `fractions[label][row·columns + column]`. */
export interface SliceLabels {
  rows: number;
  columns: number;
  fractions: Float32Array[];
}

/** The display plane as a resampling plane (row, column, normal of simulate/geometry.ts). */
export function slicePlaneOf(plane: ImagePlane): SlicePlane {
  return {
    center: plane.center,
    row: plane.rowDirection,
    column: plane.columnDirection,
    normal: plane.normal,
  };
}

/** Labels of one display plane on its own pixel grid. */
export function sliceLabels(model: AnatomicalModel, plane: ImagePlane): SliceLabels {
  const { fractions } = resampleSlice(model, slicePlaneOf(plane), {
    nx: plane.columns,
    ny: plane.rows,
    pixelSpacing: [plane.columnSpacing, plane.rowSpacing],
    sliceThickness: plane.sliceThickness,
  });
  return { rows: plane.rows, columns: plane.columns, fractions };
}

/** The label indices of the model that carry `key`. */
export function labelsOf(model: AnatomicalModel, key: TissueKey): number[] {
  const labels: number[] = [];
  model.tissues.forEach((k, label) => {
    if (label > 0 && k === key) labels.push(label);
  });
  return labels;
}

/** Per-pixel fraction of a set of labels (summed). */
export function fractionOf(slice: SliceLabels, labels: readonly number[]): Float32Array {
  const out = new Float32Array(slice.rows * slice.columns);
  for (const label of labels) {
    const f = slice.fractions[label];
    if (!f) continue;
    for (let p = 0; p < out.length; p++) out[p] = (out[p] ?? 0) + (f[p] ?? 0);
  }
  return out;
}

/** Per-pixel air fraction (label 0, and everything outside the model's volume). */
export function airFraction(slice: SliceLabels): Float32Array {
  return slice.fractions[0] ?? new Float32Array(slice.rows * slice.columns);
}
