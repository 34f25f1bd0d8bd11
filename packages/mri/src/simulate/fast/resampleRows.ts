/**
 * How the samples of one fine line of resample.ts are added to the fine images: the per-sample paths (any row, and
 * rows along a voxel axis), the copy of a repeated row, and a contrast's weighted images summed per voxel
 * (`VoxelLines`, on orthogonal slices).
 */
import type { LabelVolume } from '../../anatomy/types.ts';
import type { FractionImages, LabelWeights } from './resample.ts';

/** Where one fine row's samples go: the fraction images, the row's folded offset, and each sample's weight. */
export interface FineRow {
  fractions: FractionImages;
  rowsUsed: (Uint8Array | undefined)[];
  fineRead: number;
  finePhase: number;
  /** Offset of the folded row in the fine images. */
  folded: number;
  weight: number;
  /** A new all-zero fine image of `size` samples. */
  zeroImage: (size: number) => Float32Array;
  /** Labels summed into slots (absent: one image per label). */
  weights: LabelWeights | undefined;
  /** What a sample of the label fractionImage last returned adds: weight, times its scale with `weights`. */
  increment: number;
  /** The current line's PD texture factor per read sample (absent: a model without texture). */
  factors: Float32Array | undefined;
}

/** The voxel coordinate (+0.5) along the line's axis of read sample 0 in its first sub-slice inside the volume. */
export function lineStart({ starts, ranges, axis }: SharedLine): number {
  let first = 0;
  while ((ranges[2 * first] as number) >= (ranges[2 * first + 1] as number)) first++;
  return (starts[first] as readonly [number, number, number])[axis];
}

/**
 * Each read sample's voxel index along the line's axis (of `n` voxels) into `index`[uLo, uHi), −1 outside, as
 * accumulateAlongAxis finds it (the same arithmetic, so the same voxel), from `start` (lineStart); answers the
 * voxel range [lo, hi) the samples touch (lo = n, hi = 0 where none is inside).
 */
export function sampleVoxels(
  start: number,
  { uLo, uHi, step }: SharedLine,
  n: number,
  index: Int32Array,
): [number, number] {
  let lo = n;
  let hi = 0;
  for (let u = uLo; u < uHi; u++) {
    const f = start + u * step;
    const i = f < 0 ? -1 : f | 0;
    const inside = i >= 0 && i < n;
    index[u] = inside ? i : -1;
    if (inside) {
      lo = Math.min(lo, i);
      hi = Math.max(hi, i + 1);
    }
  }
  return [lo, hi];
}

/** Index in the volume of a row along `axis` where its index on that axis is 0 (the other two constant). */
export function alongAxisBase(
  volume: LabelVolume,
  f0: readonly [number, number, number],
  axis: 0 | 1 | 2,
): number {
  const [nx, ny] = volume.dims;
  const strides = [1, nx, nx * ny] as const;
  let base = 0;
  for (const a of [0, 1, 2] as const) if (a !== axis) base += (f0[a] | 0) * strides[a];
  return base;
}

/** Row fine.folded of every image becomes a copy of the row before it (folded rows: the last row before row 0). */
export function copyLastRow(fine: FineRow): void {
  const { fineRead, finePhase, folded } = fine;
  const row = folded / fineRead;
  const last = (row + finePhase - 1) % finePhase;
  fine.fractions.forEach((image, slot) => {
    const used = fine.rowsUsed[slot];
    if (image === undefined || used?.[last] !== 1) return;
    image.copyWithin(folded, last * fineRead, (last + 1) * fineRead);
    used[row] = 1;
  });
}

/**
 * The image `label` adds to (its fraction image, or its slot's with weights), created (with its used-rows mask)
 * on first use, and sets fine.increment to what each of its samples adds; marks the row used. Undefined for air
 * (label 0) and for labels whose slot is −1.
 */
function fractionImage(fine: FineRow, label: number): Float32Array | undefined {
  if (label === 0) return undefined;
  const weights = fine.weights;
  const slot = weights ? (weights.slotOf[label] ?? -1) : label;
  if (slot < 0) return undefined;
  fine.increment = weights ? fine.weight * (weights.scale[label] as number) : fine.weight;
  return slotImage(fine, slot);
}

/** Image `slot` (created, with its used-rows mask, on first use), its current row marked used. */
export function slotImage(fine: FineRow, slot: number): Float32Array {
  let image = fine.fractions[slot];
  if (image === undefined) {
    image = fine.zeroImage(fine.fineRead * fine.finePhase);
    fine.fractions[slot] = image;
    fine.rowsUsed[slot] = new Uint8Array(fine.finePhase);
  }
  (fine.rowsUsed[slot] as Uint8Array)[fine.folded / fine.fineRead] = 1;
  return image;
}

/**
 * Adds read samples uLo…uHi−1 of a row that is oblique to the voxel axes. `f0`: continuous voxel index (+0.5) of
 * sample 0 per axis; `step`: its increment per sample.
 */
export function accumulateOblique(
  volume: LabelVolume,
  fine: FineRow,
  f0: readonly [number, number, number],
  step: readonly [number, number, number],
  uLo: number,
  uHi: number,
): void {
  const [nx, ny, nz] = volume.dims;
  const labels = volume.labels;
  const { folded, factors } = fine;
  let image: Float32Array | undefined;
  let increment = 0;
  let imageLabel = -1;
  for (let u = uLo; u < uHi; u++) {
    const fi = f0[0] + u * step[0];
    const fj = f0[1] + u * step[1];
    const fk = f0[2] + u * step[2];
    // Kept although the range is computed: rounding at the range ends must never index outside.
    if (fi < 0 || fj < 0 || fk < 0) continue;
    const i = fi | 0;
    const j = fj | 0;
    const k = fk | 0;
    if (i >= nx || j >= ny || k >= nz) continue;
    const label = labels[i + nx * (j + ny * k)] as number;
    if (label !== imageLabel) {
      imageLabel = label;
      image = fractionImage(fine, label);
      increment = fine.increment;
    }
    if (image === undefined) continue;
    const add = factors === undefined ? increment : increment * (factors[u] as number);
    image[folded + u] = (image[folded + u] as number) + add;
  }
}

/**
 * The same for a row along voxel axis `axis` (orthogonal slices): the other two voxel indices are constant, so
 * each sample costs one index and one label read. Same samples, same sums as accumulateOblique.
 */
export function accumulateAlongAxis(
  volume: LabelVolume,
  fine: FineRow,
  f0: readonly [number, number, number],
  axis: 0 | 1 | 2,
  step: number,
  uLo: number,
  uHi: number,
): void {
  if (uLo >= uHi) return;
  const [nx, ny] = volume.dims;
  const strides = [1, nx, nx * ny] as const;
  // The constant axes: uLo < uHi means the range check found them inside the volume.
  const base = alongAxisBase(volume, f0, axis);
  const stride = strides[axis];
  const start = f0[axis];
  const n = volume.dims[axis];
  const labels = volume.labels;
  const { folded, factors } = fine;
  let image: Float32Array | undefined;
  let increment = 0;
  let imageLabel = -1;
  for (let u = uLo; u < uHi; u++) {
    const f = start + u * step;
    if (f < 0) continue;
    const index = f | 0;
    if (index >= n) continue;
    const label = labels[base + index * stride] as number;
    if (label !== imageLabel) {
      imageLabel = label;
      image = fractionImage(fine, label);
      increment = fine.increment;
    }
    if (image === undefined) continue;
    const add = factors === undefined ? increment : increment * (factors[u] as number);
    image[folded + u] = (image[folded + u] as number) + add;
  }
}

/**
 * The weighted path for rows along a voxel axis (resample.ts with LabelWeights, what a contrast's slice resamples):
 * where every sub-slice of a line samples the same voxel indices along the axis (they differ only through the
 * slice, so on an orthogonal slice they do), each slot's value at a sample is Σ_sub scale[label_sub]·weight over
 * the sub-slices' labels at the sample's voxel. That sum is formed once per voxel of the line (one label read per
 * voxel and sub-slice instead of one per fine sample and sub-slice, about two fine samples to a voxel), kept for
 * the next line when it samples the same voxels (fine lines closer than the voxels), and added to each sample,
 * times its texture factor. The same sums as accumulateAlongAxis's per sub-slice but for their rounding order
 * (one Float32 rounding per sample instead of one per sub-slice and sample).
 */
export interface VoxelLines {
  /** Per slot, the sum of the sub-slices' increments at each voxel index along the axis (dims[axis] values). */
  sums: Float64Array[];
  /** Per slot: 1 where the summed line holds any of it. */
  used: Uint8Array;
  /** Voxel index along the axis of each read sample (−1: outside the volume), for `start` and the range. */
  index: Int32Array;
  /** The continuous voxel index (+0.5) of read sample 0 and the read range `index` was formed for. */
  start: number;
  uLo: number;
  uHi: number;
  /** Voxel range [lo, hi) the samples of the range fall in. */
  lo: number;
  hi: number;
  /** Whether `sums` hold the last line summed (false: the next line is summed whatever its samples). */
  ready: boolean;
}

/** A VoxelLines for rows along `axis` of `volume`, or undefined where the fine step exceeds a voxel. */
export function createVoxelLines(
  volume: LabelVolume,
  fineRead: number,
  axis: 0 | 1 | 2,
  step: number,
  slots: number,
): VoxelLines | undefined {
  // Finer samples than voxels only: otherwise a line has more voxels than samples and the sums cost more.
  if (!(Math.abs(step) <= 1)) return undefined;
  const n = volume.dims[axis];
  return {
    sums: Array.from({ length: slots }, () => new Float64Array(n)),
    used: new Uint8Array(slots),
    index: new Int32Array(fineRead),
    start: NaN,
    uLo: 0,
    uHi: 0,
    lo: 0,
    hi: 0,
    ready: false,
  };
}

/**
 * The read range shared by the sub-slices of a line that hold any sample (`ranges` per sub-slice [lo, hi)), or
 * undefined where they do not all sample the same voxels along `axis` (then the per-sample path adds the line).
 * [0, 0] where no sub-slice holds any.
 */
export function sharedRange(
  starts: readonly (readonly [number, number, number])[],
  ranges: Int32Array,
  axis: 0 | 1 | 2,
): [number, number] | undefined {
  let first = -1;
  for (let sub = 0; sub < starts.length; sub++) {
    const lo = ranges[2 * sub] as number;
    const hi = ranges[2 * sub + 1] as number;
    if (lo >= hi) continue;
    if (first < 0) {
      first = sub;
      continue;
    }
    const f = starts[first] as readonly [number, number, number];
    const s = starts[sub] as readonly [number, number, number];
    if (s[axis] !== f[axis] || lo !== ranges[2 * first] || hi !== ranges[2 * first + 1]) return undefined;
  }
  return first < 0 ? [0, 0] : [ranges[2 * first] as number, ranges[2 * first + 1] as number];
}

/**
 * A line whose sub-slices share the read range [uLo, uHi) (sharedRange) along voxel axis `axis`, the fine step
 * `step` [voxels] apart: `starts`, each sub-slice's continuous voxel index (+0.5) of read sample 0; `ranges`, each
 * sub-slice's read range [lo, hi) (empty: outside the volume); `same`, the line samples the same voxels as the
 * last line added.
 */
export interface SharedLine {
  starts: readonly (readonly [number, number, number])[];
  ranges: Int32Array;
  axis: 0 | 1 | 2;
  step: number;
  uLo: number;
  uHi: number;
  same: boolean;
}

/**
 * Adds a line whose sub-slices share the read range [uLo, uHi) (sharedRange) through `lines` (see VoxelLines);
 * `ranges`: each sub-slice's read range [lo, hi) (empty: outside the volume); `same`: the line samples the same
 * voxels as the last line added (its sums are reused when they are ready).
 */
export function addVoxelLine(volume: LabelVolume, fine: FineRow, lines: VoxelLines, line: SharedLine): void {
  const { starts, ranges, axis, uLo, uHi, same } = line;
  const weights = fine.weights;
  const { sums, used, index } = lines;
  if (!same || !lines.ready) {
    // The last line's sums back to zero (over its own voxel range) before the range may change.
    for (let slot = 0; slot < used.length; slot++) {
      if (used[slot] === 1) (sums[slot] as Float64Array).fill(0, lines.lo, lines.hi);
    }
    used.fill(0);
    lines.ready = true;
    if (!weights || uLo >= uHi) return;
    const start = lineStart(line);
    const n = volume.dims[axis];
    if (start !== lines.start || uLo !== lines.uLo || uHi !== lines.uHi) {
      const [lo, hi] = sampleVoxels(start, line, n, index);
      lines.start = start;
      lines.uLo = uLo;
      lines.uHi = uHi;
      lines.lo = lo;
      lines.hi = Math.max(lo, hi);
    }
    const { lo, hi } = lines;
    const [nx, ny] = volume.dims;
    const stride = axis === 0 ? 1 : axis === 1 ? nx : nx * ny;
    const labels = volume.labels;
    const { slotOf, scale } = weights;
    const weight = fine.weight;
    for (let sub = 0; sub < starts.length; sub++) {
      if ((ranges[2 * sub] as number) >= (ranges[2 * sub + 1] as number)) continue;
      const base = alongAxisBase(volume, starts[sub] as readonly [number, number, number], axis);
      let last = -1;
      let increment = 0;
      let target: Float64Array | undefined;
      for (let i = lo; i < hi; i++) {
        const label = labels[base + i * stride] as number;
        if (label !== last) {
          last = label;
          const slot = label === 0 ? -1 : (slotOf[label] ?? -1);
          increment = slot < 0 ? 0 : weight * (scale[label] as number);
          target = slot < 0 ? undefined : sums[slot];
          if (slot >= 0) used[slot] = 1;
        }
        if (target !== undefined) target[i] = (target[i] as number) + increment;
      }
    }
  }
  // A line without samples marks no row used, whatever its sums hold.
  if (uLo >= uHi) return;
  const { folded, factors } = fine;
  for (let slot = 0; slot < used.length; slot++) {
    if (used[slot] !== 1) continue;
    const image = slotImage(fine, slot);
    const sum = sums[slot] as Float64Array;
    for (let u = uLo; u < uHi; u++) {
      const i = index[u] as number;
      if (i < 0) continue;
      const value = sum[i] as number;
      const add = factors === undefined ? value : value * (factors[u] as number);
      image[folded + u] = (image[folded + u] as number) + add;
    }
  }
}
