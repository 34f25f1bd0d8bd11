import { describe, expect, it } from 'vitest';
import { absoluteDifference, centreSliceIndex, geometryMismatch, type SeriesGeometry } from './difference.ts';

const AXIAL = [1, 0, 0, 0, 1, 0] as const;
const series = (over: Partial<SeriesGeometry> = {}, z0 = 0, count = 3): SeriesGeometry => ({
  rows: 4,
  columns: 4,
  pixelSpacing: [0.001, 0.001],
  slices: Array.from({ length: count }, (_, i) => ({
    position: [-0.002, -0.002, z0 + i * 0.005] as const,
    orientation: AXIAL,
  })),
  ...over,
});

describe('difference map: |a − b| of the centre slices, only where the geometry matches', () => {
  it('the centre slice of 1, 3 and 4 slices is 0, 1 and 1', () => {
    expect([1, 3, 4].map(centreSliceIndex)).toEqual([0, 1, 1]);
  });

  it('the same geometry matches; another matrix, spacing, orientation or position explains why not', () => {
    expect(geometryMismatch(series(), series())).toBeNull();
    expect(geometryMismatch(series({ rows: 8 }), series())).toMatch(/matrices differ/);
    expect(geometryMismatch(series({ pixelSpacing: [0.002, 0.001] }), series())).toMatch(/pixel spacing/);
    const sagittal = series();
    const tilted = {
      ...sagittal,
      slices: sagittal.slices.map((s) => ({ ...s, orientation: [0, 1, 0, 0, 0, -1] as const })),
    };
    expect(geometryMismatch(tilted, series())).toMatch(/oriented differently/);
    expect(geometryMismatch(series({}, 0.003), series())).toMatch(/lie 3 mm apart/);
  });

  it('a series with more slices around the same centre still matches (centre slice against centre slice)', () => {
    expect(geometryMismatch(series({}, -0.005, 5), series())).toBeNull();
  });

  it('absolute difference: per pixel |a − b|, its maximum and mean', () => {
    const d = absoluteDifference(Float32Array.of(1, 5, 2, 0), Float32Array.of(3, 5, 0, 1));
    expect([...d.pixels]).toEqual([2, 0, 2, 1]);
    expect(d.max).toBe(2);
    expect(d.mean).toBeCloseTo(1.25, 12);
    expect(() => absoluteDifference(new Float32Array(2), new Float32Array(3))).toThrow(RangeError);
  });
});
