/**
 * Resampling of a label volume onto the fine grid of one slice, one fraction image per tissue label.
 *
 * The fine grid has `fineRead` × `finePhase` points spanning exactly the acquired FOV (spacing FOV/fine, point i at
 * (i − fine/2)·spacing from the slice centre, the centred convention of recon/fftnd.ts). Along the phase direction
 * the object is sampled beyond the FOV and folded back modulo the FOV: sampling k-space at Δk = 1/FOV makes the image
 * periodic with period FOV (reference/analytic_formulas.md §10), so this folding *is* the wrap-around. Along the
 * readout the analogue anti-alias filter removes what lies outside the FOV, so it is clipped instead. Through the
 * slice, sub-slices spaced about one model voxel apart average the rectangular slice profile.
 */
import type { LabelVolume } from '../../anatomy/types.ts';
import type { Vec3 } from '../../units.ts';
import { dot, type AcquisitionFrame } from '../geometry.ts';

/** Most sub-slices averaged through the slice thickness. */
const MAX_SUB_SLICES = 4;
/** Largest extent sampled along phase, in FOVs, however large the model (bounds the cost of folding). */
const MAX_FOLDED_FOVS = 4;

/** Fraction images per label (index = model label; undefined where the label does not occur in the slice). */
export type FractionImages = (Float32Array | undefined)[];

/** Fraction images and, per label, which fine-grid rows (phase lines) hold any of it (1) or none (0). */
export interface SliceFractions {
  images: FractionImages;
  rowsUsed: (Uint8Array | undefined)[];
}

/** Extent of the volume's bounding box projected on `direction`, relative to `origin` [m]. */
function projectedExtent(volume: LabelVolume, origin: Vec3, direction: Vec3): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let corner = 0; corner < 8; corner++) {
    const p: Vec3 = [0, 1, 2].map((axis) => {
      const far = (corner >> axis) & 1;
      const size = volume.dims[axis] as number;
      const voxel = volume.voxelSize[axis] as number;
      return (
        (volume.origin[axis] as number) +
        (far ? (size - 0.5) * voxel : -0.5 * voxel) -
        (origin[axis] as number)
      );
    }) as unknown as Vec3;
    const d = dot(p, direction);
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return [lo, hi];
}

/**
 * Fraction of each label in every fine-grid point of a slice (nearest-neighbour in-plane, box-averaged through
 * the slice), folded along phase. Label 0 (air) is not returned. `zeroImage` supplies each label's image, all
 * zeros (default: a new array; prepare.ts reuses its own).
 */
export function resampleFractions(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  fineRead: number,
  finePhase: number,
  zeroImage: (size: number) => Float32Array = (size) => new Float32Array(size),
): SliceFractions {
  const { plane, readDirection, phaseDirection } = frame;
  const [dx, dy, dz] = volume.voxelSize;
  const readStep = frame.fovRead / fineRead;
  const phaseStep = frame.fovPhase / finePhase;
  const fractions: FractionImages = [];
  const rowsUsed: (Uint8Array | undefined)[] = [];
  const subCount = Math.min(
    MAX_SUB_SLICES,
    Math.max(1, Math.round(plane.sliceThickness / Math.min(dx, dy, dz))),
  );
  const weight = 1 / subCount;
  const [phaseLo, phaseHi] = projectedExtent(volume, plane.center, phaseDirection);
  const maxHalf = (MAX_FOLDED_FOVS * frame.fovPhase) / 2;
  const firstLine = Math.floor(Math.max(phaseLo, -maxHalf) / phaseStep + finePhase / 2);
  const lastLine = Math.ceil(Math.min(phaseHi, maxHalf) / phaseStep + finePhase / 2);
  // Voxel-index increments per fine step along readout.
  const stepI = (readDirection[0] * readStep) / dx;
  const stepJ = (readDirection[1] * readStep) / dy;
  const stepK = (readDirection[2] * readStep) / dz;
  const moving = movingAxis(stepI, stepJ, stepK);
  // One row descriptor for every row (its folded offset set per row): no objects allocated per row.
  const fine: FineRow = { fractions, rowsUsed, fineRead, finePhase, folded: 0, weight, zeroImage };
  const f0: [number, number, number] = [0, 0, 0];
  const steps = [stepI, stepJ, stepK] as const;
  const u0 = (-fineRead / 2) * readStep;
  // Sub-slices innermost of the line loop: the fine row being filled stays in cache for all of them.
  for (let line = firstLine; line <= lastLine; line++) {
    for (let sub = 0; sub < subCount; sub++) {
      const through = ((sub + 0.5) / subCount - 0.5) * plane.sliceThickness;
      fine.folded = (((line % finePhase) + finePhase) % finePhase) * fineRead;
      const v = (line - finePhase / 2) * phaseStep;
      // Continuous voxel index of read sample 0 on this line; +0.5 so that truncation rounds to nearest.
      for (let axis = 0; axis < 3; axis++) {
        const start =
          (plane.center[axis] as number) +
          u0 * (readDirection[axis] as number) +
          v * (phaseDirection[axis] as number) +
          through * (plane.normal[axis] as number);
        f0[axis] = (start - (volume.origin[axis] as number)) / (volume.voxelSize[axis] as number) + 0.5;
      }
      // Read samples whose voxel index lies inside the volume on every axis (a ray–box intersection).
      let uLo = 0;
      let uHi = fineRead;
      for (let axis = 0; axis < 3; axis++) {
        const start = f0[axis] as number;
        const step = steps[axis] as number;
        const n = volume.dims[axis] as number;
        if (step === 0) {
          if (start < 0 || start >= n) uHi = 0;
          continue;
        }
        const a = -start / step;
        const b = (n - start) / step;
        uLo = Math.max(uLo, Math.floor(Math.min(a, b)));
        uHi = Math.min(uHi, Math.ceil(Math.max(a, b)));
      }
      if (moving === undefined) accumulateOblique(volume, fine, f0, steps, uLo, uHi);
      else accumulateAlongAxis(volume, fine, f0, moving, steps[moving], uLo, uHi);
    }
  }
  return { images: fractions, rowsUsed };
}

/** Where one fine row's samples go: the fraction images, the row's folded offset, and each sample's weight. */
interface FineRow {
  fractions: FractionImages;
  rowsUsed: (Uint8Array | undefined)[];
  fineRead: number;
  finePhase: number;
  /** Offset of the folded row in the fine images. */
  folded: number;
  weight: number;
  /** A new all-zero fine image of `size` samples. */
  zeroImage: (size: number) => Float32Array;
}

/** The one voxel axis a fine row moves along (the other two steps are exactly 0), or undefined if oblique. */
function movingAxis(stepI: number, stepJ: number, stepK: number): 0 | 1 | 2 | undefined {
  if (stepJ === 0 && stepK === 0) return 0;
  if (stepI === 0 && stepK === 0) return 1;
  if (stepI === 0 && stepJ === 0) return 2;
  return undefined;
}

/** The fraction image of `label`, created (with its used-rows mask) on first use; marks the row used. */
function fractionImage(fine: FineRow, label: number): Float32Array {
  let image = fine.fractions[label];
  if (image === undefined) {
    image = fine.zeroImage(fine.fineRead * fine.finePhase);
    fine.fractions[label] = image;
    fine.rowsUsed[label] = new Uint8Array(fine.finePhase);
  }
  (fine.rowsUsed[label] as Uint8Array)[fine.folded / fine.fineRead] = 1;
  return image;
}

/**
 * Adds read samples uLo…uHi−1 of a row that is oblique to the voxel axes. `f0`: continuous voxel index (+0.5) of
 * sample 0 per axis; `step`: its increment per sample.
 */
function accumulateOblique(
  volume: LabelVolume,
  fine: FineRow,
  f0: readonly [number, number, number],
  step: readonly [number, number, number],
  uLo: number,
  uHi: number,
): void {
  const [nx, ny, nz] = volume.dims;
  const labels = volume.labels;
  const { folded, weight } = fine;
  let image: Float32Array | undefined;
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
    if (label === 0) continue;
    if (label !== imageLabel) {
      imageLabel = label;
      image = fractionImage(fine, label);
    }
    const target = image as Float32Array;
    target[folded + u] = (target[folded + u] as number) + weight;
  }
}

/**
 * The same for a row along voxel axis `axis` (orthogonal slices): the other two voxel indices are constant, so
 * each sample costs one index and one label read. Same samples, same sums as accumulateOblique.
 */
function accumulateAlongAxis(
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
  let base = 0;
  for (const a of [0, 1, 2] as const) if (a !== axis) base += (f0[a] | 0) * strides[a];
  const stride = strides[axis];
  const start = f0[axis];
  const n = volume.dims[axis];
  const labels = volume.labels;
  const { folded, weight } = fine;
  let image: Float32Array | undefined;
  let imageLabel = -1;
  for (let u = uLo; u < uHi; u++) {
    const f = start + u * step;
    if (f < 0) continue;
    const index = f | 0;
    if (index >= n) continue;
    const label = labels[base + index * stride] as number;
    if (label === 0) continue;
    if (label !== imageLabel) {
      imageLabel = label;
      image = fractionImage(fine, label);
    }
    const target = image as Float32Array;
    target[folded + u] = (target[folded + u] as number) + weight;
  }
}
