/**
 * Geometry of an atlas label map and of the model grid derived from it (knee/derive.ts, abdomen/derive.ts,
 * abdomen/shapeVote.ts): the atlas's index ↔ world mapping, the bounds of chosen labels, the model grid around
 * them, the body outline that closes the labelled structures, and the centred model volume.
 */
import type { LabelVolume } from '../src/anatomy/types.ts';
import { enclosedBySlice } from './distance.ts';
import { chamfer } from './knee/chamfer.ts';

/** The atlas as plain data: label values x fastest, LPS index → world [mm] geometry. */
export interface AtlasVolume {
  dims: readonly [number, number, number];
  /** Per-axis direction vectors [mm] (the NRRD `space directions`), in LPS. */
  directions: readonly (readonly [number, number, number])[];
  /** LPS position of voxel (0, 0, 0) [mm]. */
  origin: readonly [number, number, number];
  data: Int32Array;
}

/** Inverse of the direction matrix whose rows are the per-axis direction vectors. */
export function invert3(m: readonly (readonly [number, number, number])[]): number[][] {
  const [a0 = 0, a1 = 0, a2 = 0] = m[0] ?? [];
  const [b0 = 0, b1 = 0, b2 = 0] = m[1] ?? [];
  const [c0 = 0, c1 = 0, c2 = 0] = m[2] ?? [];
  const det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
  if (Math.abs(det) < 1e-12) throw new Error('atlas space directions are singular');
  return [
    [(b1 * c2 - b2 * c1) / det, (a2 * c1 - a1 * c2) / det, (a1 * b2 - a2 * b1) / det],
    [(b2 * c0 - b0 * c2) / det, (a0 * c2 - a2 * c0) / det, (a2 * b0 - a0 * b2) / det],
    [(b0 * c1 - b1 * c0) / det, (a1 * c0 - a0 * c1) / det, (a0 * b1 - a1 * b0) / det],
  ];
}

/**
 * The atlas's continuous index along axis `c` (0 x, 1 y, 2 z) of a world point (wx, wy, wz) [mm, LPS]:
 * (w − origin)·M⁻¹ with M the direction matrix, affine, so written out per component.
 */
export function atlasIndexOf(atlas: AtlasVolume): (wx: number, wy: number, wz: number, c: number) => number {
  const inv = invert3(atlas.directions);
  const o = atlas.origin;
  return (wx, wy, wz, c) =>
    (wx - o[0]) * (inv[0]?.[c] ?? 0) + (wy - o[1]) * (inv[1]?.[c] ?? 0) + (wz - o[2]) * (inv[2]?.[c] ?? 0);
}

/** World position [mm, LPS] of atlas voxel (i, j, k). */
export function atlasWorld(atlas: AtlasVolume, i: number, j: number, k: number): [number, number, number] {
  const d = atlas.directions;
  return [0, 1, 2].map(
    (a) => (atlas.origin[a] ?? 0) + i * (d[0]?.[a] ?? 0) + j * (d[1]?.[a] ?? 0) + k * (d[2]?.[a] ?? 0),
  ) as [number, number, number];
}

/** LPS bounding box [mm, atlas world] of the voxels whose value `keep` accepts. */
export function atlasBounds(atlas: AtlasVolume, keep: (value: number) => boolean): [number[], number[]] {
  const [nx, ny, nz] = atlas.dims;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!keep(atlas.data[(k * ny + j) * nx + i] ?? 0)) continue;
        const w = atlasWorld(atlas, i, j, k);
        for (let a = 0; a < 3; a++) {
          lo[a] = Math.min(lo[a] ?? 0, w[a] ?? 0);
          hi[a] = Math.max(hi[a] ?? 0, w[a] ?? 0);
        }
      }
  return [lo, hi];
}

/**
 * The model grid [mm] over atlas bounds (lo, hi) [mm, atlas world] scaled by `scale`, widened in x and y by
 * `margin` [mm] (room for skin and fat around the labelled structures): its first voxel's centre and its size.
 */
export function modelGrid(
  [lo, hi]: [number[], number[]],
  scale: number,
  margin: number,
  voxel: number,
): { start: number[]; dims: [number, number, number] } {
  const start = [0, 1, 2].map((a) => (lo[a] ?? 0) * scale - (a < 2 ? margin : 0));
  const end = [0, 1, 2].map((a) => (hi[a] ?? 0) * scale + (a < 2 ? margin : 0));
  const dims = [0, 1, 2].map((a) => Math.floor(((end[a] ?? 0) - (start[a] ?? 0)) / voxel) + 1) as [
    number,
    number,
    number,
  ];
  return { start, dims };
}

/**
 * The model grid [mm] around every labelled atlas voxel (value ≠ 0): `modelGrid` over their bounds, with `n`,
 * its voxel count.
 */
export function labelledModelGrid(
  atlas: AtlasVolume,
  scale: number,
  margin: number,
  voxel: number,
): { start: number[]; dims: [number, number, number]; n: number } {
  const { start, dims } = modelGrid(
    atlasBounds(atlas, (v) => v !== 0),
    scale,
    margin,
    voxel,
  );
  return { start, dims, n: dims[0] * dims[1] * dims[2] };
}

/**
 * The body's outline: per axial slice, the labelled structures closed (dilated, then eroded, by `closingVoxels`)
 * and what the border cannot reach filled in (1 inside).
 */
export function closedOutline(
  labelled: Uint8Array,
  dims: readonly [number, number, number],
  closingVoxels: number,
): Uint8Array {
  const n = labelled.length;
  const fromLabelled = chamfer(labelled, dims, true);
  const far = new Uint8Array(n);
  for (let p = 0; p < n; p++) far[p] = (fromLabelled[p] ?? 0) > closingVoxels ? 1 : 0;
  const fromFar = chamfer(far, dims, true);
  const open = new Uint8Array(n);
  for (let p = 0; p < n; p++) open[p] = labelled[p] || (fromFar[p] ?? 0) > closingVoxels ? 0 : 1;
  return enclosedBySlice(open, dims);
}

/** The model volume in metres with `centre` (voxel indices) at the LPS origin; `voxel` [mm]. */
export function centredVolume(
  labels: Uint8Array,
  dims: [number, number, number],
  voxel: number,
  centre: readonly number[],
): LabelVolume {
  const m = 0.001;
  return {
    dims,
    voxelSize: [voxel * m, voxel * m, voxel * m],
    origin: [0, 1, 2].map((a) => -(centre[a] ?? 0) * voxel * m) as [number, number, number],
    labels,
  };
}
