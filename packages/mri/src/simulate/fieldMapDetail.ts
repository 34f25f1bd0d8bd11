/**
 * The near field of small, strong susceptibility sources at the model's own resolution. The model's field map
 * (./fieldMap.ts) is computed on blocks of 3 × 3 × 3 voxels to bound its FFT; that keeps the field of air spaces
 * and bone, which are large, but smears a bleed of a few millimetres over its blocks, and blooming lives in the
 * steep near field within a few millimetres of the bleed (the dipole's gradient falls as 1/r⁴; Haacke et al. 1999,
 * ch. 25; Liu et al., Radiology 2012;262:269). So over a box around such labels the field of their χ is computed
 * again on the fine grid, and the detail added to the coarse map is
 *   (their field on the fine grid) − (their field as the coarse grid computes it, sampled as the coarse map is):
 * near the sources it puts back what the blocks smeared; farther away both agree (same moments: the difference
 * is of higher multipole order), so the detail fades to ≈ 0 at the box's edges and the sum is continuous.
 */
import { TISSUE_ALIASES } from '../tissue/library.ts';
import type { TissueKey } from '../tissue/types.ts';
import type { LabelVolume } from '../anatomy/types.ts';
import type { Meters, Tesla, Vec3 } from '../units.ts';
import { dipoleFieldHz } from './dipoleField.ts';
import type { FieldMap3d } from './fieldMap.ts';

/** Library tissues whose field gets the fine detail: small, strongly paramagnetic foci. */
export const FINE_FIELD_TISSUES: ReadonlySet<TissueKey> = new Set(['haemorrhage']);

/** Margin of the detail's box around the sources [m]: their near field has fallen to well under a hertz. */
export const DETAIL_MARGIN: Meters = 0.012;
/**
 * Zero padding of the detail's FFTs: less than the whole model's, as its sources lie at least DETAIL_MARGIN inside
 * the box and the fine and coarse fields' periodic images cancel in their difference.
 */
const DETAIL_PADDING = 1.25;

/** The labels of a model's tissue table (index = label) whose field gets the fine detail. */
export function fineFieldLabels(tissues: readonly TissueKey[]): number[] {
  const out: number[] = [];
  tissues.forEach((key, label) => {
    if (label > 0 && FINE_FIELD_TISSUES.has(TISSUE_ALIASES[key] ?? key)) out.push(label);
  });
  return out;
}

/**
 * The detail grid of the labels `fineLabels` of `volume` (χ relative to water [ppm] by label) at field `b0` [T],
 * for a coarse map of `step` voxels per block (./fieldMap.ts), or undefined when the volume has none of them.
 */
export function fineFieldDetail(
  volume: LabelVolume,
  susceptibilityPpmByLabel: readonly (number | undefined)[],
  fineLabels: readonly number[],
  b0: Tesla,
  step: number,
): FieldMap3d | undefined {
  const [nx, ny, nz] = volume.dims;
  const chiOf = new Float64Array(256);
  const isFine = new Uint8Array(256);
  for (const l of fineLabels) {
    isFine[l] = 1;
    chiOf[l] = susceptibilityPpmByLabel[l] ?? 0;
  }
  // Bounding box of the sources [voxels].
  const lo = [nx, ny, nz];
  const hi = [-1, -1, -1];
  const labels = volume.labels;
  for (let k = 0, p = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++, p++) {
        if (!isFine[labels[p] as number]) continue;
        if (i < (lo[0] as number)) lo[0] = i;
        if (i > (hi[0] as number)) hi[0] = i;
        if (j < (lo[1] as number)) lo[1] = j;
        if (j > (hi[1] as number)) hi[1] = j;
        if (k < (lo[2] as number)) lo[2] = k;
        if (k > (hi[2] as number)) hi[2] = k;
      }
  if ((hi[0] as number) < 0) return undefined;
  // The box: the sources plus the margin, aligned to the coarse blocks so its block averages are the coarse map's.
  const start = [0, 1, 2].map((a) => {
    const margin = Math.ceil(DETAIL_MARGIN / (volume.voxelSize[a] as number));
    return Math.max(0, Math.floor(((lo[a] as number) - margin) / step) * step);
  }) as [number, number, number];
  const end = [0, 1, 2].map((a) => {
    const margin = Math.ceil(DETAIL_MARGIN / (volume.voxelSize[a] as number));
    return Math.min(volume.dims[a] as number, Math.ceil(((hi[a] as number) + 1 + margin) / step) * step);
  }) as [number, number, number];
  const [bx, by, bz] = [0, 1, 2].map((a) => end[a as 0] - start[a as 0]) as [number, number, number];
  // The sources' χ on the fine grid, and block-averaged as the coarse map averages it (over the voxels a block has).
  const fine = new Float64Array(bx * by * bz);
  const [cx, cy, cz] = [bx, by, bz].map((n) => Math.ceil(n / step)) as [number, number, number];
  const coarse = new Float64Array(cx * cy * cz);
  const count = new Float64Array(cx * cy * cz);
  for (let k = 0; k < bz; k++)
    for (let j = 0; j < by; j++)
      for (let i = 0; i < bx; i++) {
        const label = labels[start[0] + i + nx * (start[1] + j + ny * (start[2] + k))] as number;
        const chi = isFine[label] ? (chiOf[label] as number) : 0;
        fine[i + bx * (j + by * k)] = chi;
        const c = ((i / step) | 0) + cx * (((j / step) | 0) + cy * ((k / step) | 0));
        coarse[c] = (coarse[c] as number) + chi;
        count[c] = (count[c] as number) + 1;
      }
  for (let c = 0; c < coarse.length; c++) coarse[c] = (coarse[c] as number) / (count[c] as number);
  const voxelSize = volume.voxelSize;
  const fineHz = dipoleFieldHz(fine, [bx, by, bz], voxelSize, b0, DETAIL_PADDING);
  const coarseHz = dipoleFieldHz(
    coarse,
    [cx, cy, cz],
    voxelSize.map((d) => d * step) as [number, number, number],
    b0,
    DETAIL_PADDING,
  );
  // Fine voxel i lies at (i − (step − 1)/2)/step in coarse voxels (coarse centres sit (step − 1)/2 voxels in);
  // clamped at the box's ends, as the coarse map's own sampling clamps at its last voxel.
  const coarseIndex = (i: number, n: number): [number, number] => {
    const f = Math.min(n - 1, Math.max(0, (i - (step - 1) / 2) / step));
    const i0 = Math.min(n - 2, Math.floor(f));
    return n < 2 ? [0, 0] : [i0, f - i0];
  };
  const hz = new Float32Array(bx * by * bz);
  for (let k = 0; k < bz; k++) {
    const [k0, w] = coarseIndex(k, cz);
    for (let j = 0; j < by; j++) {
      const [j0, v] = coarseIndex(j, cy);
      for (let i = 0; i < bx; i++) {
        const [i0, u] = coarseIndex(i, cx);
        const at = (a: number, b: number, c: number): number =>
          coarseHz[
            Math.min(cx - 1, i0 + a) + cx * (Math.min(cy - 1, j0 + b) + cy * Math.min(cz - 1, k0 + c))
          ] as number;
        const smeared =
          (1 - w) *
            ((1 - v) * ((1 - u) * at(0, 0, 0) + u * at(1, 0, 0)) +
              v * ((1 - u) * at(0, 1, 0) + u * at(1, 1, 0))) +
          w *
            ((1 - v) * ((1 - u) * at(0, 0, 1) + u * at(1, 0, 1)) +
              v * ((1 - u) * at(0, 1, 1) + u * at(1, 1, 1)));
        const p = i + bx * (j + by * k);
        hz[p] = (fineHz[p] as number) - smeared;
      }
    }
  }
  const origin = [0, 1, 2].map(
    (a) => (volume.origin[a] as number) + start[a as 0] * (volume.voxelSize[a] as number),
  ) as unknown as Vec3;
  return { dims: [bx, by, bz], voxelSize, origin, hz };
}
