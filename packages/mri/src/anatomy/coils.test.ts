import { describe, expect, it } from 'vitest';
import { coilSensitivityMaps, loopSensitivity, ringOfElements } from './coils.ts';
import { standardPlane } from './resample.ts';

describe('coil sensitivity', () => {
  it('follows the on-axis loop field R³/(R² + d²)^{3/2}, 1 at the centre and 2^{-3/2} at d = R', () => {
    expect(loopSensitivity(0, 0.05)).toBe(1);
    expect(loopSensitivity(0.05, 0.05)).toBeCloseTo(Math.pow(2, -1.5), 12);
  });

  it('maps each element on the slice grid, brightest in the pixel nearest the element', () => {
    const elements = ringOfElements([0, 0, 0], 0.1, 4, 2);
    expect(elements[0]).toEqual([0.1, 0, 0]);
    const grid = { nx: 21, ny: 21, pixelSpacing: [0.01, 0.01] as const, sliceThickness: 0.005 };
    const maps = coilSensitivityMaps(
      { uniqueName: 'ring', shownName: 'Ring', elements, elementRadius: 0.05 },
      standardPlane('axial', [0, 0, 0]),
      grid,
    );
    expect(maps).toHaveLength(4);
    const first = maps[0] ?? new Float32Array();
    const brightest = first.indexOf(Math.max(...first));
    expect(brightest).toBe(10 * 21 + 20); // row iy = 10 (y = 0), column ix = 20 (x = +0.1 m)
    expect(first[brightest]).toBeCloseTo(1, 6);
  });
});
