import { describe, expect, it } from 'vitest';
import type { ImagePlane } from '../simulate/geometry.ts';
import { labelsOnPlane } from './labelsOnPlane.ts';
import type { LabelVolume } from './types.ts';

/** A 4 × 4 × 4 volume of 1 cm voxels from the origin whose label is 1 + the voxel's x index. */
function stripes(): LabelVolume {
  const labels = new Uint8Array(64);
  for (let k = 0; k < 4; k++)
    for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) labels[i + 4 * (j + 4 * k)] = i + 1;
  return { dims: [4, 4, 4], voxelSize: [0.01, 0.01, 0.01], origin: [0, 0, 0], labels };
}

/** An axial plane of 6 × 6 one-centimetre pixels centred on the volume, rows along +x. */
const axial: ImagePlane = {
  rows: 6,
  columns: 6,
  center: [0.015, 0.015, 0.015],
  rowDirection: [1, 0, 0],
  columnDirection: [0, 1, 0],
  normal: [0, 0, 1],
  rowSpacing: 0.01,
  columnSpacing: 0.01,
  sliceThickness: 0.01,
};

describe('labels on an image plane (nearest voxel at each pixel centre)', () => {
  it('follows the row direction across columns and is air (0) outside the volume', () => {
    const labels = labelsOnPlane(stripes(), axial);
    // Pixel centres run x = 0.015 − 0.03 + c·0.01 = −0.015 … 0.035: column 0 is outside, columns 1–4 hit x
    // voxels 0…3 after rounding (−0.005 → voxel 0 … 0.025 → voxel 3), column 5 is outside again.
    const row2 = Array.from(labels.slice(2 * 6, 3 * 6));
    expect(row2[0]).toBe(0);
    expect(row2.slice(1, 5)).toEqual([1, 2, 3, 4]);
    expect(row2[5]).toBe(0);
  });

  it('along the column direction the label stays (the stripes run along y)', () => {
    const labels = labelsOnPlane(stripes(), axial);
    for (let r = 1; r < 5; r++) expect(labels[r * 6 + 3]).toBe(3);
  });
});
