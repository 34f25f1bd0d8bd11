import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '@larmor/mri/anatomy';
import { stackDirections, type ImagePlane } from '@larmor/mri/simulate';
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

/** An axial slice of 4 × 4 pixels of 2 mm around x = y = 1.5 mm, at height `z`, `thickness` thick [m]. */
function axialSlice(z: number, thickness: number): ImagePlane {
  return {
    rows: 4,
    columns: 4,
    center: [0.0015, 0.0015, z],
    rowDirection: [1, 0, 0],
    columnDirection: [0, 1, 0],
    normal: [0, 0, 1],
    rowSpacing: 0.002,
    columnSpacing: 0.002,
    sliceThickness: thickness,
  };
}

describe('the planned slice stack as a mask', () => {
  it('marks the voxels of an axial slice through the centre within its field of view, and no others', () => {
    const plane = axialSlice(0.0025, 0.004);
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
    const slice = (z: number) => axialSlice(z, 0.002);
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

  it('follows a tilted stack: the voxels within half a thickness of the tilted plane, not of the untilted one', () => {
    // 1 mm voxels, 41³, centred on the isocentre; an axial stack tilted 45° about its row (L–R).
    const cube: LabelVolume = {
      dims: [41, 41, 41],
      voxelSize: [0.001, 0.001, 0.001],
      origin: [-0.02, -0.02, -0.02],
      labels: new Uint8Array(41 ** 3).fill(1),
    };
    const geometry = { orientation: 'axial', center: [0, 0, 0], tiltAboutRow: Math.PI / 4 } as const;
    const { row, column, normal } = stackDirections(geometry);
    const plane: ImagePlane = {
      rows: 30,
      columns: 30,
      center: [0, 0, 0],
      rowDirection: row,
      columnDirection: column,
      normal,
      rowSpacing: 0.001,
      columnSpacing: 0.001,
      sliceThickness: 0.002,
    };
    const { data } = stackMask(cube, [[plane]]);
    const index = (mm: [number, number, number]) => mm[0] + 20 + 41 * (mm[1] + 20 + 41 * (mm[2] + 20));
    // (0, 8, 8) mm lies on the tilted plane (column (0, cos 45°, sin 45°)); (0, 8, 0) mm on the untilted one.
    expect(data[index([0, 8, 8])]).toBe(1);
    expect(data[index([0, 8, 0])]).toBe(0);
    let marked = 0;
    for (let k = 0; k < 41; k++)
      for (let j = 0; j < 41; j++)
        for (let i = 0; i < 41; i++) {
          if (!data[i + 41 * (j + 41 * k)]) continue;
          marked++;
          const across = ((j - 20) * normal[1] + (k - 20) * normal[2]) / 1000;
          expect(Math.abs(across)).toBeLessThanOrEqual(0.001 + 1e-12);
        }
    expect(marked).toBeGreaterThan(41 * 30);
  });
});
