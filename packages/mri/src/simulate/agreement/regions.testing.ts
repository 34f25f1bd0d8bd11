/**
 * Eroded pure-tissue regions of a slice, for comparing the mean signal of two engines tissue by tissue: a pixel
 * belongs to tissue t's region when the model holds t everywhere in the pixel, in its ring of `erosion`
 * neighbouring pixels and through the whole slice thickness, so neither partial volume nor the point-spread
 * function of a nearby edge (Gibbs ringing) reaches it.
 */
import { labelIndexAt } from '../../anatomy/inspect.ts';
import type { LabelVolume } from '../../anatomy/types.ts';
import type { Vec3 } from '../../units.ts';
import type { ImagePlane } from '../geometry.ts';

export interface RegionOptions {
  /** Ring of neighbouring pixels that must hold the same tissue (default 1). */
  erosion?: number;
  /** Sample points per pixel along each in-plane axis (default 3) and through the slice (default 5). */
  inPlaneSamples?: number;
  depthSamples?: number;
}

/**
 * Pixel indices (row·columns + column of the display image of `plane`) of each label's eroded region. Pixel
 * (r, c) is centred at centre + (c − M/2)·Δc·row + (r − N/2)·Δr·column (docs/conventions.md); the model is
 * sampled at its nearest voxel (anatomy/inspect.ts `labelIndexAt`). Air (0) has no region.
 */
export function pureTissueRegions(
  volume: LabelVolume,
  plane: ImagePlane,
  options: RegionOptions = {},
): Map<number, number[]> {
  const erosion = options.erosion ?? 1;
  const s = options.inPlaneSamples ?? 3;
  const depths = options.depthSamples ?? 5;
  const { rows, columns } = plane;
  // Label of every sub-sample point column of the slab, on a grid s times finer than the pixels.
  const fineRows = rows * s;
  const fineColumns = columns * s;
  const fine = new Int32Array(fineRows * fineColumns);
  for (let fr = 0; fr < fineRows; fr++)
    for (let fc = 0; fc < fineColumns; fc++) {
      const c = (fc + 0.5) / s - 0.5 - columns / 2;
      const r = (fr + 0.5) / s - 0.5 - rows / 2;
      let label = -1;
      for (let d = 0; d < depths && label !== -2; d++) {
        const depth = ((d + 0.5) / depths - 0.5) * plane.sliceThickness;
        const point = [0, 1, 2].map(
          (a) =>
            (plane.center[a] as number) +
            c * plane.columnSpacing * (plane.rowDirection[a] as number) +
            r * plane.rowSpacing * (plane.columnDirection[a] as number) +
            depth * (plane.normal[a] as number),
        ) as unknown as Vec3;
        const here = Math.max(0, labelIndexAt(volume, point));
        label = label === -1 || label === here ? here : -2;
      }
      fine[fr * fineColumns + fc] = label;
    }
  const regions = new Map<number, number[]>();
  for (let r = erosion; r < rows - erosion; r++)
    for (let c = erosion; c < columns - erosion; c++) {
      const label = fine[r * s * fineColumns + c * s] as number;
      if (label <= 0) continue;
      let pure = true;
      for (let fr = (r - erosion) * s; pure && fr < (r + erosion + 1) * s; fr++)
        for (let fc = (c - erosion) * s; pure && fc < (c + erosion + 1) * s; fc++)
          pure = fine[fr * fineColumns + fc] === label;
      if (!pure) continue;
      const pixels = regions.get(label) ?? [];
      pixels.push(r * columns + c);
      regions.set(label, pixels);
    }
  return regions;
}

/** The mean of `image` over each region's pixels. */
export function regionMeans(
  image: ArrayLike<number>,
  regions: ReadonlyMap<number, readonly number[]>,
): Map<number, number> {
  const means = new Map<number, number>();
  for (const [label, pixels] of regions) {
    let sum = 0;
    for (const p of pixels) sum += image[p] as number;
    means.set(label, sum / pixels.length);
  }
  return means;
}
