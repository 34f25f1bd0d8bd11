import type { Meters, Vec3 } from '../units.ts';
import type { LabelVolume } from './types.ts';
import type { Shape } from './sdf.ts';

/** Geometry of a label volume without its labels (see LabelVolume for the index convention). */
export type VolumeGrid = Omit<LabelVolume, 'labels'>;

/** A grid of cubic voxels of `voxelSize` [m] that covers the box [min, max] (LPS) [m]. */
export function gridCovering(min: Vec3, max: Vec3, voxelSize: Meters): VolumeGrid {
  const n = (k: 0 | 1 | 2): number => Math.max(1, Math.ceil((max[k] - min[k]) / voxelSize));
  const dims = [n(0), n(1), n(2)] as const;
  const origin: Vec3 = [min[0] + voxelSize / 2, min[1] + voxelSize / 2, min[2] + voxelSize / 2];
  return { dims, voxelSize: [voxelSize, voxelSize, voxelSize], origin };
}

/** An all-air (label 0) label array, one byte per voxel of `grid`. */
export function airLabels(grid: VolumeGrid): Uint8Array {
  return new Uint8Array(grid.dims[0] * grid.dims[1] * grid.dims[2]);
}

/** Painting a shape onto labels: the label, and optionally the labels it may replace (default: any). */
export interface Layer {
  label: number;
  shape: Shape;
  /** Only voxels currently holding one of these labels are painted. */
  onlyOver?: readonly number[];
}

/** Index range [lo, hi] of voxels along axis k whose centres may lie inside [min, max]. */
function range(grid: VolumeGrid, k: 0 | 1 | 2, min: number, max: number): [number, number] {
  const lo = Math.max(0, Math.ceil((min - grid.origin[k]) / grid.voxelSize[k]));
  const hi = Math.min(grid.dims[k] - 1, Math.floor((max - grid.origin[k]) / grid.voxelSize[k]));
  return [lo, hi];
}

/** Side of the largest voxel blocks tested as a whole; blocks that straddle a band edge are split in eight. */
const BLOCK = 16;
/**
 * Margin on a block's half-diagonal when deciding it lies wholly on one side of a band edge. Some distances are
 * bounds that can overestimate by a few percent (ellipsoid, tapered capsule) or carry surface noise; 1.5 covers them.
 */
const BLOCK_SAFETY = 1.5;

/**
 * Labels every voxel of `grid` inside the shape's bounding box by `classify(distance)`, where distance is the
 * shape's signed distance [m] at the voxel centre and a negative result leaves the voxel as it is.
 * `classify` must be piecewise constant and monotone in distance (bands ordered from inside to outside): a block
 * whose distance range stays in one piece is labelled as a whole, others are split (octree descent), so only
 * voxels near a band edge are evaluated one by one.
 */
export function classifyVoxels(
  grid: VolumeGrid,
  labels: Uint8Array,
  shape: Shape,
  classify: (distance: Meters) => number,
  onlyOver?: readonly number[],
): void {
  const [i0, i1] = range(grid, 0, shape.min[0], shape.max[0]);
  const [j0, j1] = range(grid, 1, shape.min[1], shape.max[1]);
  const [k0, k1] = range(grid, 2, shape.min[2], shape.max[2]);
  const [nx, ny] = grid.dims;
  const [dx, dy, dz] = grid.voxelSize;
  const [ox, oy, oz] = grid.origin;
  const fill = (
    ia: number,
    ib: number,
    ja: number,
    jb: number,
    ka: number,
    kb: number,
    label: number,
  ): void => {
    for (let k = ka; k <= kb; k++)
      for (let j = ja; j <= jb; j++) {
        const row = (k * ny + j) * nx;
        for (let i = ia; i <= ib; i++) {
          if (onlyOver && !onlyOver.includes(labels[row + i] ?? 0)) continue;
          labels[row + i] = label;
        }
      }
  };
  const visit = (ia: number, ib: number, ja: number, jb: number, ka: number, kb: number): void => {
    if (ia === ib && ja === jb && ka === kb) {
      const label = classify(shape.distance(ox + ia * dx, oy + ja * dy, oz + ka * dz));
      if (label >= 0) fill(ia, ia, ja, ja, ka, ka, label);
      return;
    }
    const centre = shape.distance(
      ox + ((ia + ib) / 2) * dx,
      oy + ((ja + jb) / 2) * dy,
      oz + ((ka + kb) / 2) * dz,
    );
    const ex = (ib - ia) * dx;
    const ey = (jb - ja) * dy;
    const ez = (kb - ka) * dz;
    const reach = (BLOCK_SAFETY / 2) * Math.sqrt(ex * ex + ey * ey + ez * ez);
    const low = classify(centre - reach);
    if (low === classify(centre + reach)) {
      if (low >= 0) fill(ia, ib, ja, jb, ka, kb, low);
      return;
    }
    const im = (ia + ib) >> 1;
    const jm = (ja + jb) >> 1;
    const km = (ka + kb) >> 1;
    for (let c = 0; c < 8; c++) {
      const hi = c & 1 ? ib : im;
      const lo = c & 1 ? im + 1 : ia;
      const hj = c & 2 ? jb : jm;
      const lj = c & 2 ? jm + 1 : ja;
      const hk = c & 4 ? kb : km;
      const lk = c & 4 ? km + 1 : ka;
      if (lo <= hi && lj <= hj && lk <= hk) visit(lo, hi, lj, hj, lk, hk);
    }
  };
  for (let kb = k0; kb <= k1; kb += BLOCK)
    for (let jb = j0; jb <= j1; jb += BLOCK)
      for (let ib = i0; ib <= i1; ib += BLOCK)
        visit(
          ib,
          Math.min(i1, ib + BLOCK - 1),
          jb,
          Math.min(j1, jb + BLOCK - 1),
          kb,
          Math.min(k1, kb + BLOCK - 1),
        );
}

/** Paints one layer: voxels whose centre is inside the shape take its label. */
export function paint(grid: VolumeGrid, labels: Uint8Array, layer: Layer): void {
  const { label } = layer;
  classifyVoxels(grid, labels, layer.shape, (d) => (d < 0 ? label : -1), layer.onlyOver);
}

/**
 * Paints concentric bands below the surface of one shape in a single pass: a voxel at depth δ = −distance
 * takes the label of the first band whose cumulative depth exceeds δ, or `coreLabel` deeper than all bands.
 * This is how skin, subcutaneous fat and so on wrap a limb without evaluating the limb once per layer.
 * @param bands outermost first; `thickness` [m]
 */
export function paintBands(
  grid: VolumeGrid,
  labels: Uint8Array,
  shape: Shape,
  bands: readonly { label: number; thickness: Meters }[],
  coreLabel: number,
): void {
  const edges: number[] = [];
  let depth = 0;
  for (const b of bands) {
    depth += b.thickness;
    edges.push(depth);
  }
  classifyVoxels(grid, labels, shape, (d) => {
    if (d >= 0) return -1;
    for (let b = 0; b < edges.length; b++) {
      if (-d < (edges[b] ?? 0)) return bands[b]?.label ?? coreLabel;
    }
    return coreLabel;
  });
}

/** Rasterises layers in order (later layers paint over earlier ones) onto an empty (air) grid. */
export function rasterize(grid: VolumeGrid, layers: readonly Layer[]): LabelVolume {
  const labels = airLabels(grid);
  for (const layer of layers) paint(grid, labels, layer);
  return { ...grid, labels };
}
