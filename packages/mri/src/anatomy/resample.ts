import type { Meters, Vec3 } from '../units.ts';
import type { AnatomicalModel } from './types.ts';

/**
 * A slice plane in patient coordinates (LPS) [m]. `row` is the direction in which the column index ix grows
 * (along an image row), `column` the direction in which the row index iy grows; `normal` points through the
 * slab. All three are unit vectors and mutually perpendicular.
 */
export interface SlicePlane {
  center: Vec3;
  row: Vec3;
  column: Vec3;
  normal: Vec3;
}

/**
 * The pixel grid of a slice. Pixel (ix, iy) has its centre at
 * `center + (ix − ⌊nx/2⌋)·pixelSpacing[0]·row + (iy − ⌊ny/2⌋)·pixelSpacing[1]·column`, so the plane centre
 * falls on the FFT-centre pixel (⌊n/2⌋, the fftshift convention of docs/conventions.md).
 */
export interface SliceGrid {
  nx: number;
  ny: number;
  /** Pixel spacing along `row` and along `column` [m]. */
  pixelSpacing: readonly [Meters, Meters];
  /** Slab thickness along `normal` [m]; the slice profile is rectangular. */
  sliceThickness: Meters;
}

/** Per-tissue partial-volume fractions of a slice: `fractions[t][iy·nx + ix]` ∈ [0, 1], summing to 1 over t. */
export interface SliceFractions {
  nx: number;
  ny: number;
  /** One image per tissue index of the model (index 0 is air, and covers everything outside the volume). */
  fractions: Float32Array[];
}

/** Most sub-samples per pixel side / through the slab: bounds the cost of very thick or coarse slices. */
const MAX_INPLANE_SUBSAMPLES = 4;
const MAX_THROUGH_PLANE_SUBSAMPLES = 16;

/** Sub-sample offsets in units of one pixel (or slab): midpoints of n equal intervals of [−½, ½]. */
function midpoints(n: number): number[] {
  return Array.from({ length: n }, (_, s) => (s + 0.5) / n - 0.5);
}

/**
 * Number of sub-samples needed so that samples are no further apart than one voxel of the volume; the volume's
 * smallest voxel side sets the sampling density.
 */
function subsamples(extent: Meters, voxel: Meters, max: number): number {
  return Math.min(max, Math.max(1, Math.ceil(extent / voxel - 1e-9)));
}

/**
 * Resamples a model's label volume onto a slice: each pixel's slab (pixel area × slice thickness) is sampled on a
 * regular sub-grid no coarser than the volume's voxels, and each sample adds an equal weight to the tissue it
 * lands in (nearest voxel). The result is the partial-volume fraction of every tissue in every pixel.
 */
export function resampleSlice(
  model: Pick<AnatomicalModel, 'volume' | 'tissues'>,
  plane: SlicePlane,
  grid: SliceGrid,
): SliceFractions {
  const { volume } = model;
  const { nx, ny } = grid;
  const voxel = Math.min(...volume.voxelSize);
  const su = midpoints(subsamples(grid.pixelSpacing[0], voxel, MAX_INPLANE_SUBSAMPLES));
  const sv = midpoints(subsamples(grid.pixelSpacing[1], voxel, MAX_INPLANE_SUBSAMPLES));
  const sn = midpoints(subsamples(grid.sliceThickness, voxel, MAX_THROUGH_PLANE_SUBSAMPLES));
  const weight = 1 / (su.length * sv.length * sn.length);

  // Work in voxel units: position q = (p − origin)/voxelSize, nearest voxel = round(q). Offsets of every
  // sub-sample from its pixel centre are precomputed once.
  const [vx, vy, vz] = volume.voxelSize;
  const [nvx, nvy, nvz] = volume.dims;
  const labels = volume.labels;
  const toVoxel = (v: Vec3): [number, number, number] => [v[0] / vx, v[1] / vy, v[2] / vz];
  const rowV = toVoxel(plane.row);
  const colV = toVoxel(plane.column);
  const nrmV = toVoxel(plane.normal);
  const offsets: number[] = [];
  for (const n of sn) {
    for (const v of sv) {
      for (const u of su) {
        const a = u * grid.pixelSpacing[0];
        const b = v * grid.pixelSpacing[1];
        const c = n * grid.sliceThickness;
        for (let k = 0; k < 3; k++)
          offsets.push(a * (rowV[k] ?? 0) + b * (colV[k] ?? 0) + c * (nrmV[k] ?? 0));
      }
    }
  }
  const offs = Float64Array.from(offsets);
  // + 0.5 so that Math.floor rounds to the nearest voxel centre.
  const base = [
    (plane.center[0] - volume.origin[0]) / vx + 0.5,
    (plane.center[1] - volume.origin[1]) / vy + 0.5,
    (plane.center[2] - volume.origin[2]) / vz + 0.5,
  ] as const;

  const counts = new Float64Array(Math.max(256, model.tissues.length));
  const fractions = model.tissues.map(() => new Float32Array(nx * ny));
  const cx = Math.floor(nx / 2);
  const cy = Math.floor(ny / 2);
  const touched: number[] = [];
  for (let iy = 0; iy < ny; iy++) {
    const b = (iy - cy) * grid.pixelSpacing[1];
    for (let ix = 0; ix < nx; ix++) {
      const a = (ix - cx) * grid.pixelSpacing[0];
      const qx = base[0] + a * rowV[0] + b * colV[0];
      const qy = base[1] + a * rowV[1] + b * colV[1];
      const qz = base[2] + a * rowV[2] + b * colV[2];
      touched.length = 0;
      for (let o = 0; o < offs.length; o += 3) {
        const fx = qx + (offs[o] ?? 0);
        const fy = qy + (offs[o + 1] ?? 0);
        const fz = qz + (offs[o + 2] ?? 0);
        let label = 0;
        if (fx >= 0 && fy >= 0 && fz >= 0 && fx < nvx && fy < nvy && fz < nvz) {
          label = labels[(Math.floor(fz) * nvy + Math.floor(fy)) * nvx + Math.floor(fx)] ?? 0;
        }
        if (counts[label] === 0) touched.push(label);
        counts[label] = (counts[label] ?? 0) + 1;
      }
      const p = iy * nx + ix;
      for (const t of touched) {
        const image = fractions[t];
        if (image) image[p] = (counts[t] ?? 0) * weight;
        counts[t] = 0;
      }
    }
  }
  return { nx, ny, fractions };
}

/**
 * The DICOM-style standard planes through `center` (LPS), with normal = row × column: axial rows run to the
 * patient's left and columns to posterior; coronal and sagittal columns run from head to feet.
 */
export function standardPlane(orientation: 'axial' | 'coronal' | 'sagittal', center: Vec3): SlicePlane {
  switch (orientation) {
    case 'axial':
      return { center, row: [1, 0, 0], column: [0, 1, 0], normal: [0, 0, 1] };
    case 'coronal':
      return { center, row: [1, 0, 0], column: [0, 0, -1], normal: [0, 1, 0] };
    case 'sagittal':
      return { center, row: [0, 1, 0], column: [0, 0, -1], normal: [-1, 0, 0] };
  }
}
