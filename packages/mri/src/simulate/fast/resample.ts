/**
 * Resampling of a label volume onto the fine grid of one slice, one fraction image per tissue label.
 *
 * The fine grid has `fineRead` × `finePhase` points spanning exactly the acquired FOV (spacing FOV/fine, point i at
 * (i − fine/2)·spacing from the slice centre, the centred convention of recon/fftnd.ts). Along the phase direction
 * the object is sampled beyond the FOV and folded back modulo the FOV: sampling k-space at Δk = 1/FOV makes the image
 * periodic with period FOV (reference/analytic_formulas.md §10), so this folding *is* the wrap-around. Along the
 * readout the analogue anti-alias filter removes what lies outside the FOV, so it is clipped instead. Through the
 * slice, sub-slices spaced about one model voxel apart average the rectangular slice profile. A model's PD texture
 * (anatomy/texture.ts) weights each sample by the texture factor at its place (textureRows.ts).
 */
import type { LabelVolume } from '../../anatomy/types.ts';
import type { Vec3 } from '../../units.ts';
import { dot, type AcquisitionFrame } from '../geometry.ts';
import { textureRows } from './textureRows.ts';
import {
  accumulateAlongAxis,
  accumulateOblique,
  alongAxisBase,
  addVoxelLine,
  copyLastRow,
  createVoxelLines,
  sharedRange,
  type FineRow,
} from './resampleRows.ts';
import { addLabelLine, createVoxelLabels } from './voxelLabels.ts';

/** Most sub-slices averaged through the slice thickness. */
const MAX_SUB_SLICES = 4;
/** Largest extent sampled along phase, in FOVs, however large the model (bounds the cost of folding). */
const MAX_FOLDED_FOVS = 4;

/** Fraction images per label (index = model label; undefined where the label does not occur in the slice). */
export type FractionImages = (Float32Array | undefined)[];

/**
 * Labels summed into shared images instead of one image per label (a contrast's weighted images, ./contrastSlice.ts):
 * label l adds `scale[l]` times its fraction to image `slotOf[l]`, or nothing where `slotOf[l]` is −1.
 */
export interface LabelWeights {
  slotOf: Int32Array;
  scale: Float64Array;
}

/** Fraction images and, per label, which fine-grid rows (phase lines) hold any of it (1) or none (0). */
export interface SliceFractions {
  images: FractionImages;
  rowsUsed: (Uint8Array | undefined)[];
  /** Per fine row r ≥ 1: 1 where row r of every image is a copy of row r − 1 (the same samples), else 0. */
  rowCopies: Uint8Array;
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
 * zeros (default: a new array; prepare.ts reuses its own). With `weights`, the images and their used rows are
 * indexed by slot instead of label, and each holds Σ_l scale[l]·fraction_l over the labels of its slot.
 */
export function resampleFractions(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  fineRead: number,
  finePhase: number,
  zeroImage: (size: number) => Float32Array = (size) => new Float32Array(size),
  weights?: LabelWeights,
): SliceFractions {
  const { plane, readDirection, phaseDirection } = frame;
  const [dx, dy, dz] = volume.voxelSize;
  const readStep = frame.fovRead / fineRead;
  const phaseStep = frame.fovPhase / finePhase;
  const fractions: FractionImages = [];
  const rowsUsed: (Uint8Array | undefined)[] = [];
  const rowCopies = new Uint8Array(finePhase);
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
  const fine: FineRow = {
    fractions,
    rowsUsed,
    fineRead,
    finePhase,
    folded: 0,
    weight,
    zeroImage,
    weights,
    increment: weight,
    factors: volume.texture ? new Float32Array(fineRead) : undefined,
  };
  // The texture factor of each read sample of the current line (the texture varies from line to line: no row of a
  // textured model is a copy of the last).
  const texture = volume.texture
    ? textureRows(volume.texture, frame, fineRead, finePhase, firstLine, lastLine, 1)
    : undefined;
  const steps = [stepI, stepJ, stepK] as const;
  // A contrast's weighted images on an orthogonal slice: summed per voxel (resampleRows.ts `VoxelLines`).
  const voxelLines =
    weights && moving !== undefined
      ? createVoxelLines(volume, fineRead, moving, steps[moving], slotCount(weights))
      : undefined;
  // One image per label on an orthogonal slice: the sub-slices' labels read per voxel (./voxelLabels.ts).
  const voxelLabels =
    !weights && moving !== undefined
      ? createVoxelLabels(volume, fineRead, moving, steps[moving], subCount)
      : undefined;
  const u0 = (-fineRead / 2) * readStep;
  // Per sub-slice of the current line: continuous voxel index (+0.5) of read sample 0 and the read range inside.
  const starts = Array.from({ length: subCount }, (): [number, number, number] => [0, 0, 0]);
  const ranges = new Int32Array(2 * subCount);
  // Along a voxel axis, what decides a line's samples per sub-slice (its constant voxel indices, start and
  // range), for this line and the last one: a line with the last one's samples is a copy of its row.
  const keys = new Float64Array(3 * subCount);
  const lastKeys = new Float64Array(3 * subCount);
  // Sub-slices innermost of the line loop: the fine row being filled stays in cache for all of them.
  for (let line = firstLine; line <= lastLine; line++) {
    fine.folded = (((line % finePhase) + finePhase) % finePhase) * fineRead;
    if (texture !== undefined && fine.factors !== undefined) texture.fill(line, fine.factors);
    const v = (line - finePhase / 2) * phaseStep;
    for (let sub = 0; sub < subCount; sub++) {
      const through = ((sub + 0.5) / subCount - 0.5) * plane.sliceThickness;
      const f0 = starts[sub] as [number, number, number];
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
      ranges[2 * sub] = uLo;
      ranges[2 * sub + 1] = Math.max(uLo, uHi);
      if (moving !== undefined) {
        keys[3 * sub] = alongAxisBase(volume, f0, moving);
        keys[3 * sub + 1] = f0[moving];
        keys[3 * sub + 2] = uLo < uHi ? uLo * (fineRead + 1) + uHi : -1;
      }
    }
    // The same samples as the last line, whose row holds that line alone, into a row that holds nothing yet (no
    // other line folds onto either): the same sums, copied.
    const same = moving !== undefined && keys.every((k, i) => k === lastKeys[i]);
    const alone = line - 1 >= firstLine && line - finePhase < firstLine;
    if (same && alone && texture === undefined) {
      copyLastRow(fine);
      // Still a copy at the end unless a later line folds onto this row or the last one.
      if (fine.folded > 0 && line - 1 + finePhase > lastLine) rowCopies[fine.folded / fineRead] = 1;
      continue;
    }
    if (moving !== undefined) lastKeys.set(keys);
    const shared =
      (voxelLines || voxelLabels) && moving !== undefined ? sharedRange(starts, ranges, moving) : undefined;
    if ((voxelLabels || voxelLines) && moving !== undefined && shared) {
      const sharedLine = {
        starts,
        ranges,
        axis: moving,
        step: steps[moving],
        uLo: shared[0],
        uHi: shared[1],
        same,
      };
      if (voxelLabels) addLabelLine(volume, fine, voxelLabels, sharedLine);
      else if (voxelLines) addVoxelLine(volume, fine, voxelLines, sharedLine);
      continue;
    }
    if (voxelLines) voxelLines.ready = false;
    if (voxelLabels) voxelLabels.ready = false;
    for (let sub = 0; sub < subCount; sub++) {
      const f0 = starts[sub] as [number, number, number];
      const uLo = ranges[2 * sub] as number;
      const uHi = ranges[2 * sub + 1] as number;
      if (moving === undefined) accumulateOblique(volume, fine, f0, steps, uLo, uHi);
      else accumulateAlongAxis(volume, fine, f0, moving, steps[moving], uLo, uHi);
    }
  }
  return { images: fractions, rowsUsed, rowCopies };
}

/** The one voxel axis a fine row moves along (the other two steps are exactly 0), or undefined if oblique. */
function movingAxis(stepI: number, stepJ: number, stepK: number): 0 | 1 | 2 | undefined {
  if (stepJ === 0 && stepK === 0) return 0;
  if (stepI === 0 && stepK === 0) return 1;
  if (stepI === 0 && stepJ === 0) return 2;
  return undefined;
}

/** Number of slots `weights` sum labels into (the largest slot + 1). */
function slotCount(weights: LabelWeights): number {
  let most = -1;
  for (const slot of weights.slotOf) most = Math.max(most, slot);
  return most + 1;
}
