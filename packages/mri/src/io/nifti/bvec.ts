/**
 * FSL's .bval/.bvec tables for a diffusion NIfTI (FSL FDT user guide, "bvecs"; the files dcm2niix writes):
 * .bval one line of b-values in s/mm², .bvec three lines (x, y, z) with one column per volume. The vectors are
 * the gradient directions in the image's voxel axes, with the first flipped when the voxel-to-world matrix has a
 * positive determinant (FSL treats images as radiological, det < 0).
 */
import type { ScanGeometry } from '../../simulate/geometry.ts';
import type { Vec3 } from '../../units.ts';
import { niftiAffine } from './write.ts';

/** Diffusion weighting of one volume: b [s/m²] and unit gradient direction (LPS); none for b = 0 or trace. */
export interface VolumeDiffusion {
  bValue: number;
  direction?: Vec3;
}

/** s/m² → s/mm², the unit of .bval. */
const S_PER_M2_TO_S_PER_MM2 = 1e-6;

/** Rounds to 6 decimals and prints without a trailing "-0". */
const fixed = (x: number): string => String(Math.round(x * 1e6) / 1e6 + 0);

/** The .bval and .bvec texts of a 4D NIfTI written by `niftiVolume` from `geometry`, one column per volume. */
export function fslDiffusionTables(
  geometry: ScanGeometry,
  volumes: readonly VolumeDiffusion[],
): { bval: string; bvec: string } {
  const vectors = fslGradientVectors(niftiAffine(geometry), volumes);
  return {
    bval: `${volumes.map((v) => fixed(v.bValue * S_PER_M2_TO_S_PER_MM2)).join(' ')}\n`,
    bvec: `${[0, 1, 2].map((i) => vectors.map((v) => fixed(v[i] ?? 0)).join(' ')).join('\n')}\n`,
  };
}

/** The FSL gradient vector of each volume for a NIfTI with voxel-to-RAS `affine` (rows of 4); b = 0: [0, 0, 0]. */
export function fslGradientVectors(
  affine: readonly (readonly number[])[],
  volumes: readonly VolumeDiffusion[],
): number[][] {
  const axes = [0, 1, 2].map((c) => {
    const column = [0, 1, 2].map((r) => affine[r]?.[c] ?? 0);
    const norm = Math.hypot(...column);
    return column.map((x) => x / norm);
  });
  const [a = [], b = [], c = []] = axes;
  const det =
    (a[0] ?? 0) * ((b[1] ?? 0) * (c[2] ?? 0) - (b[2] ?? 0) * (c[1] ?? 0)) -
    (b[0] ?? 0) * ((a[1] ?? 0) * (c[2] ?? 0) - (a[2] ?? 0) * (c[1] ?? 0)) +
    (c[0] ?? 0) * ((a[1] ?? 0) * (b[2] ?? 0) - (a[2] ?? 0) * (b[1] ?? 0));
  return volumes.map(({ bValue, direction }) => {
    if (!(bValue > 0) || !direction) return [0, 0, 0];
    const ras = [-direction[0], -direction[1], direction[2]];
    return axes.map((axis, i) => {
      const v = axis.reduce((s, x, k) => s + x * (ras[k] ?? 0), 0);
      return i === 0 && det > 0 ? -v : v;
    });
  });
}
