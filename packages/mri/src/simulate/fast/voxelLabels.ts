/**
 * The per-label path of resample.ts (one fraction image per label, what prepareSlice resamples) for rows along a
 * voxel axis whose sub-slices sample the same voxel indices along it (orthogonal slices, resampleRows.ts
 * `sharedRange`): the sub-slices' labels are read once per voxel of the line, kept for the next line when it
 * samples the same voxels (fine lines closer than the voxels), and each sample adds its sub-slices' increments to
 * its label's image with one read and one write where every sub-slice holds the same label (inside a tissue),
 * instead of one pass over the row per sub-slice (resampleRows.ts `accumulateAlongAxis`). The additions are
 * accumulateAlongAxis's, per image in the same sub-slice order, each rounded to Float32 as the image stores it:
 * the same bits.
 */
import type { LabelVolume } from '../../anatomy/types.ts';
import {
  alongAxisBase,
  lineStart,
  sampleVoxels,
  slotImage,
  type FineRow,
  type SharedLine,
} from './resampleRows.ts';

/** The labels of the current line's voxels (see the module comment), and what they were read for. */
export interface VoxelLabels {
  /** Per voxel index along the axis: the label every sub-slice holds there, or −1 where they differ. */
  common: Int32Array;
  /** Per sampling sub-slice s (in sub-slice order) and voxel index i, at s·n + i: its label (read where mixed). */
  bySub: Int32Array;
  /** Number of sub-slices sampling the line (those with a read range), the first of bySub's rows. */
  subs: number;
  /** Labels (≠ 0) held by any voxel of the line, `presentCount` of them: each marks its image's row used. */
  present: Int32Array;
  presentCount: number;
  /** Scratch: 1 for a label already in `present` (cleared after each line). */
  seen: Uint8Array;
  /** Voxel index along the axis of each read sample (−1: outside the volume). */
  index: Int32Array;
  /** Whether the fields above hold the last line added (false: the next line is read whatever its samples). */
  ready: boolean;
}

/**
 * A VoxelLabels for rows along `axis` of `volume` with up to `subCount` sub-slices, or undefined where the fine
 * step exceeds a voxel (then a line's voxels outnumber its samples, and a voxel may be skipped by every sample).
 */
export function createVoxelLabels(
  volume: LabelVolume,
  fineRead: number,
  axis: 0 | 1 | 2,
  step: number,
  subCount: number,
): VoxelLabels | undefined {
  if (!(Math.abs(step) <= 1)) return undefined;
  const n = volume.dims[axis];
  return {
    common: new Int32Array(n),
    bySub: new Int32Array(subCount * n),
    subs: 0,
    present: new Int32Array(256),
    presentCount: 0,
    seen: new Uint8Array(256),
    index: new Int32Array(fineRead),
    ready: false,
  };
}

/**
 * Adds a line whose sub-slices share the read range [uLo, uHi) (resampleRows.ts `sharedRange`) through `lines`;
 * `starts` and `ranges`: each sub-slice's continuous voxel index (+0.5) of read sample 0 and read range [lo, hi)
 * (empty: outside the volume); `same`: the line samples the same voxels as the last line added.
 */
export function addLabelLine(volume: LabelVolume, fine: FineRow, lines: VoxelLabels, line: SharedLine): void {
  const { starts, ranges, axis, uLo, uHi, same } = line;
  if (uLo >= uHi) {
    lines.ready = false;
    return;
  }
  const n = volume.dims[axis];
  const { common, bySub, index, present, seen } = lines;
  if (!same || !lines.ready) {
    lines.ready = true;
    const [lo, hi] = sampleVoxels(lineStart(line), line, n, index);
    const [nx, ny] = volume.dims;
    const stride = axis === 0 ? 1 : axis === 1 ? nx : nx * ny;
    const labels = volume.labels;
    let subs = 0;
    for (let sub = 0; sub < starts.length; sub++) {
      if ((ranges[2 * sub] as number) >= (ranges[2 * sub + 1] as number)) continue;
      const base = alongAxisBase(volume, starts[sub] as readonly [number, number, number], axis);
      const row = subs * n;
      for (let i = lo; i < hi; i++) bySub[row + i] = labels[base + i * stride] as number;
      subs++;
    }
    lines.subs = subs;
    let count = 0;
    for (let i = lo; i < hi; i++) {
      const label = bySub[i] as number;
      let shared = true;
      for (let s = 0; s < subs; s++) {
        const other = bySub[s * n + i] as number;
        if (other !== label) shared = false;
        if (other !== 0 && seen[other] !== 1) {
          seen[other] = 1;
          present[count++] = other;
        }
      }
      common[i] = shared ? label : -1;
    }
    for (let k = 0; k < count; k++) seen[present[k] as number] = 0;
    lines.presentCount = count;
  }
  // Every label of the line's voxels is sampled (fine steps of at most a voxel): its row is used.
  const images = fine.fractions;
  for (let k = 0; k < lines.presentCount; k++) slotImage(fine, present[k] as number);
  const subs = lines.subs;
  const { folded, factors, weight } = fine;
  for (let u = uLo; u < uHi; u++) {
    const i = index[u] as number;
    if (i < 0) continue;
    const label = common[i] as number;
    if (label === 0) continue;
    const add = factors === undefined ? weight : weight * (factors[u] as number);
    const p = folded + u;
    if (label > 0) {
      const image = images[label] as Float32Array;
      let sum = image[p] as number;
      for (let s = 0; s < subs; s++) sum = Math.fround(sum + add);
      image[p] = sum;
      continue;
    }
    for (let s = 0; s < subs; s++) {
      const own = bySub[s * n + i] as number;
      if (own === 0) continue;
      const image = images[own] as Float32Array;
      image[p] = (image[p] as number) + add;
    }
  }
}
