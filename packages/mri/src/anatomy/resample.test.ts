import { describe, expect, it } from 'vitest';
import type { AnatomicalModel } from './types.ts';
import { resampleSlice, standardPlane, type SliceGrid } from './resample.ts';

/**
 * Synthetic box phantom: a 40 × 40 × 40 grid of 1 mm voxels centred on the origin, air everywhere except a box
 * of tissue 1 occupying voxels with x index ≥ 20 (x > 0) and z index < 20 (z < 0), and tissue 2 for x < 0, z < 0.
 */
function boxPhantom(): Pick<AnatomicalModel, 'volume' | 'tissues'> {
  const n = 40;
  const labels = new Uint8Array(n * n * n);
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) if (k < 20) labels[(k * n + j) * n + i] = i >= 20 ? 1 : 2;
  return {
    tissues: ['air', 'muscle', 'fat'],
    volume: {
      dims: [n, n, n],
      voxelSize: [0.001, 0.001, 0.001],
      origin: [-0.0195, -0.0195, -0.0195],
      labels,
    },
  };
}

const fine: SliceGrid = { nx: 16, ny: 16, pixelSpacing: [0.001, 0.001], sliceThickness: 0.004 };

function sumAt(fractions: Float32Array[], p: number): number {
  return fractions.reduce((s, f) => s + (f[p] ?? 0), 0);
}

describe('resampleSlice', () => {
  it('gives fractions that sum to 1 within 1e-6 in every pixel, inside and outside the volume', () => {
    const grid: SliceGrid = { nx: 64, ny: 48, pixelSpacing: [0.0013, 0.0007], sliceThickness: 0.0053 };
    for (const o of ['axial', 'coronal', 'sagittal'] as const) {
      const { fractions } = resampleSlice(boxPhantom(), standardPlane(o, [0.001, -0.002, 0.0004]), grid);
      for (let p = 0; p < grid.nx * grid.ny; p++)
        expect(Math.abs(sumAt(fractions, p) - 1)).toBeLessThan(1e-6);
    }
  });

  it('puts exactly half of each pixel in tissue 1 when an axial slab straddles the box top (partial volume)', () => {
    // Slab centre on the box face z = 0, thickness 4 mm: 2 mm inside, 2 mm above; pixel x > 0 lies over tissue 1.
    const { fractions, nx } = resampleSlice(boxPhantom(), standardPlane('axial', [0.0005, 0, 0]), fine);
    const p = 4 * nx + 12; // ix = 12 → x = (12 − 8)·1 mm + 0.5 mm > 0
    expect(fractions[1]?.[p]).toBeCloseTo(0.5, 6);
    expect(fractions[0]?.[p]).toBeCloseTo(0.5, 6);
    expect(fractions[2]?.[p]).toBe(0);
  });

  it('orients the standard planes in LPS: axial columns run posterior, coronal and sagittal columns run to the feet', () => {
    const below = standardPlane('coronal', [0.0005, 0, 0]);
    const { fractions, nx, ny } = resampleSlice(boxPhantom(), below, fine);
    // Coronal: row = +x (patient left), column = −z: the lower half of the image (iy > ny/2) is the box.
    expect(fractions[1]?.[(ny - 2) * nx + (nx - 2)]).toBe(1); // bottom right: z < 0, x > 0 → tissue 1
    expect(fractions[2]?.[(ny - 2) * nx + 1]).toBe(1); // bottom left: x < 0 → tissue 2
    expect(fractions[0]?.[1 * nx + 1]).toBe(1); // top: z > 0 → air
    const sag = resampleSlice(boxPhantom(), standardPlane('sagittal', [0.0055, 0, 0]), fine);
    // Sagittal at x > 0: everything below z = 0 is tissue 1, whatever y.
    expect(sag.fractions[1]?.[(ny - 1) * nx]).toBe(1);
    expect(sag.fractions[0]?.[0]).toBe(1);
  });

  it('treats everything outside the label volume as air', () => {
    const { fractions } = resampleSlice(boxPhantom(), standardPlane('axial', [0, 0, -0.5]), fine);
    expect(fractions[0]?.every((f) => f === 1)).toBe(true);
  });
});
