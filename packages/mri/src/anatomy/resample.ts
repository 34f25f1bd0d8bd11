import type { Meters, Vec3 } from '../units.ts';
import type { AnatomicalModel, LabelVolume } from './types.ts';

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

/** Tissue label of the voxel nearest to (x, y, z) [m], or 0 (air) outside the volume. */
function labelAt(volume: LabelVolume, x: number, y: number, z: number): number {
  const i = Math.round((x - volume.origin[0]) / volume.voxelSize[0]);
  const j = Math.round((y - volume.origin[1]) / volume.voxelSize[1]);
  const k = Math.round((z - volume.origin[2]) / volume.voxelSize[2]);
  const [nx, ny, nz] = volume.dims;
  if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) return 0;
  return volume.labels[(k * ny + j) * nx + i] ?? 0;
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

  // Offsets [m] of every sub-sample from its pixel centre, precomputed once.
  const offsets: number[] = [];
  for (const n of sn) {
    for (const v of sv) {
      for (const u of su) {
        const a = u * grid.pixelSpacing[0];
        const b = v * grid.pixelSpacing[1];
        const c = n * grid.sliceThickness;
        for (let k = 0; k < 3; k++) {
          offsets.push(a * (plane.row[k] ?? 0) + b * (plane.column[k] ?? 0) + c * (plane.normal[k] ?? 0));
        }
      }
    }
  }

  const counts = new Float64Array(model.tissues.length);
  const fractions = model.tissues.map(() => new Float32Array(nx * ny));
  const cx = Math.floor(nx / 2);
  const cy = Math.floor(ny / 2);
  for (let iy = 0; iy < ny; iy++) {
    const b = (iy - cy) * grid.pixelSpacing[1];
    for (let ix = 0; ix < nx; ix++) {
      const a = (ix - cx) * grid.pixelSpacing[0];
      const px = plane.center[0] + a * plane.row[0] + b * plane.column[0];
      const py = plane.center[1] + a * plane.row[1] + b * plane.column[1];
      const pz = plane.center[2] + a * plane.row[2] + b * plane.column[2];
      counts.fill(0);
      for (let o = 0; o < offsets.length; o += 3) {
        const label = labelAt(
          volume,
          px + (offsets[o] ?? 0),
          py + (offsets[o + 1] ?? 0),
          pz + (offsets[o + 2] ?? 0),
        );
        counts[label] = (counts[label] ?? 0) + 1;
      }
      const p = iy * nx + ix;
      for (let t = 0; t < counts.length; t++) {
        const c = counts[t] ?? 0;
        const image = fractions[t];
        if (c > 0 && image) image[p] = c * weight;
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
