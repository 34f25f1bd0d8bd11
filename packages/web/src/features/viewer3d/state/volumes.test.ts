import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '@larmor/mri/anatomy';
import type { ImagePlane } from '@larmor/mri/simulate';
import { tissueAtField } from '@larmor/mri/tissue';
import { labelNifti, protonDensityNifti, rasAffine, stackMask, WATER_GREY } from './volumes.ts';

const volume: LabelVolume = {
  dims: [10, 10, 10],
  voxelSize: [0.002, 0.002, 0.004],
  origin: [-0.009, -0.009, -0.018],
  labels: new Uint8Array(1_000).fill(1),
};

/** Applies a row-major 4×4 affine to voxel (i, j, k). */
const apply = (a: number[], [i, j, k]: [number, number, number]) =>
  [0, 1, 2].map(
    (r) =>
      (a[4 * r] as number) * i +
      (a[4 * r + 1] as number) * j +
      (a[4 * r + 2] as number) * k +
      (a[4 * r + 3] as number),
  );

describe('the model as NIfTI (LPS [m] → RAS [mm])', () => {
  it('maps voxel indices to RAS millimetres: x and y negated, z kept', () => {
    const affine = rasAffine(volume);
    expect(apply(affine, [0, 0, 0])).toEqual([9, 9, -18]);
    // Voxel (9, 9, 9): LPS (0.009, 0.009, 0.018) m → RAS (−9, −9, 18) mm.
    const far = apply(affine, [9, 9, 9]);
    expect(far[0]).toBeCloseTo(-9, 9);
    expect(far[1]).toBeCloseTo(-9, 9);
    expect(far[2]).toBeCloseTo(18, 9);
    expect(labelNifti(volume).pixDims).toEqual([2, 2, 4]);
  });
});

describe('the planned slice stack as a mask', () => {
  it('marks the voxels of an axial slice through the centre within its field of view, and no others', () => {
    const plane: ImagePlane = {
      rows: 4,
      columns: 4,
      center: [0.0015, 0.0015, 0.0025],
      rowDirection: [1, 0, 0],
      columnDirection: [0, 1, 0],
      normal: [0, 0, 1],
      rowSpacing: 0.002,
      columnSpacing: 0.002,
      sliceThickness: 0.004,
    };
    const { data } = stackMask(volume, [[plane]]);
    const at = (i: number, j: number, k: number) => data[i + 10 * (j + 10 * k)];
    // Voxel centres (no boundary falls on one): z = −18 + 4k mm, so only k = 5 (2 mm) lies in 0.5…4.5 mm; x and y
    // = −9 + 2i mm, so i = 4…7 (−1…5 mm) lie in the 8 mm field of view −2.5…5.5 mm.
    expect(at(5, 5, 5)).toBe(1);
    expect(at(4, 7, 5)).toBe(1);
    expect(at(3, 5, 5)).toBe(0);
    expect(at(8, 5, 5)).toBe(0);
    expect(at(5, 5, 4)).toBe(0);
    expect(data.reduce((a, b) => a + b, 0)).toBe(16);
  });

  it('marks each slice of a stack and leaves the gaps between them, whatever the order of the slices', () => {
    const slice = (z: number): ImagePlane => ({
      rows: 4,
      columns: 4,
      center: [0.0015, 0.0015, z],
      rowDirection: [1, 0, 0],
      columnDirection: [0, 1, 0],
      normal: [0, 0, 1],
      rowSpacing: 0.002,
      columnSpacing: 0.002,
      sliceThickness: 0.002,
    });
    // Interleaved order; slices at z = 2.5 and 10.5 mm (voxels k = 5 at 2 mm, k = 7 at 10 mm), gap at k = 6.
    const { data } = stackMask(volume, [[slice(0.0105), slice(0.0025)]]);
    const at = (k: number) => data[5 + 10 * (5 + 10 * k)];
    expect([at(4), at(5), at(6), at(7), at(8)]).toEqual([0, 1, 0, 1, 0]);
    expect(data.reduce((a, b) => a + b, 0)).toBe(32);
  });
});

describe('the model as a proton-density picture', () => {
  it('gives each voxel its tissue’s PD in grey levels and air 0', () => {
    const labels = Uint8Array.of(0, 1, 2, 1);
    const model = {
      volume: {
        dims: [4, 1, 1] as const,
        voxelSize: [0.001, 0.001, 0.001] as const,
        origin: [0, 0, 0] as const,
        labels,
      },
      tissues: ['air', 'csf', 'whiteMatter'],
    };
    const { data } = protonDensityNifti(model);
    expect(Array.from(data)).toEqual([
      0,
      Math.round(WATER_GREY * tissueAtField('csf', 1.5).pd),
      Math.round(WATER_GREY * tissueAtField('whiteMatter', 1.5).pd),
      Math.round(WATER_GREY * tissueAtField('csf', 1.5).pd),
    ]);
  });
});
