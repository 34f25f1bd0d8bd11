import { describe, expect, it } from 'vitest';
import { fitInBox, physicalAspect } from './physical-size.ts';

/** The grid of a matrix (read × phase, phase down the columns) on a field of view [mm], spacing = FOV / matrix. */
const grid = (matrix: [number, number], fovMm: [number, number]) => ({
  columns: matrix[0],
  rows: matrix[1],
  columnSpacing: fovMm[0] / matrix[0],
  rowSpacing: fovMm[1] / matrix[1],
});

describe('pixels displayed by their physical size (issue 20.8)', () => {
  it('512 × 256 on a 240 × 240 mm field of view is square, not 2:1', () => {
    expect(physicalAspect(grid([512, 256], [240, 240]))).toBeCloseTo(1, 12);
    expect(fitInBox(physicalAspect(grid([512, 256], [240, 240])))).toEqual({
      widthPercent: 100,
      heightPercent: 100,
    });
  });

  it('a rectangular field of view keeps its shape whatever the matrix: 240 × 180 mm is 4:3', () => {
    expect(physicalAspect(grid([256, 256], [240, 180]))).toBeCloseTo(4 / 3, 12);
    expect(physicalAspect(grid([256, 192], [240, 180]))).toBeCloseTo(4 / 3, 12);
    expect(physicalAspect(grid([256, 128], [180, 240]))).toBeCloseTo(3 / 4, 12);
  });

  it('fits the image in its box, centred, touching two sides', () => {
    expect(fitInBox(4 / 3)).toEqual({ widthPercent: 100, heightPercent: 75 });
    expect(fitInBox(3 / 4)).toEqual({ widthPercent: 75, heightPercent: 100 });
    expect(fitInBox(2, 2)).toEqual({ widthPercent: 100, heightPercent: 100 });
    expect(fitInBox(1, 2)).toEqual({ widthPercent: 50, heightPercent: 100 });
  });

  it('an empty grid or unknown spacing shows square rather than nothing', () => {
    expect(physicalAspect({ rows: 0, columns: 0, rowSpacing: 1, columnSpacing: 1 })).toBe(1);
    expect(physicalAspect({ rows: 4, columns: 4, rowSpacing: 0, columnSpacing: 1 })).toBe(1);
  });
});
