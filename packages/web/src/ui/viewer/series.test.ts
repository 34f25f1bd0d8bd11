import { describe, expect, it } from 'vitest';
import {
  formatLength,
  patientMmToPixelIndex,
  pixelIndexToPatientMm,
  sequenceLabel,
  type ViewerSlice,
} from './series.ts';

describe('series geometry and units', () => {
  it('maps patient coordinates to (column, row) with DICOM Pixel Spacing order [between rows, between columns]', () => {
    const coronal: ViewerSlice = {
      pixels: new Float32Array(0),
      imagePositionPatientMm: [-100, 20, 80],
      imageOrientationPatient: [1, 0, 0, 0, 0, -1],
    };
    // Rows 2 mm apart, columns 0.5 mm apart: column 10 is 5 mm to the left, row 3 is 6 mm lower.
    const [column, row] = patientMmToPixelIndex(coronal, [2, 0.5], [-95, 20, 74]);
    expect(column).toBeCloseTo(10, 12);
    expect(row).toBeCloseTo(3, 12);
    expect(patientMmToPixelIndex(coronal, [2, 0.5], [-100, 20, 80])).toEqual([0, 0]);
    // And back: the inverse places (10, 3) at the same point, to rounding.
    const point = pixelIndexToPatientMm(coronal, [2, 0.5], [10, 3]);
    [-95, 20, 74].forEach((v, i) => expect(point[i]).toBeCloseTo(v, 12));
  });

  it('writes lengths in the user distance unit', () => {
    expect(formatLength(12.34, 'mm')).toBe('12.3 mm');
    expect(formatLength(12.34, 'cm')).toBe('1.23 cm');
    expect(formatLength(12.34, 'm')).toBe('0.0123 m');
  });

  it('adds the family abbreviation to a sequence name only when the name does not already show it', () => {
    expect(sequenceLabel('Spin Echo (SE)', 'SE')).toBe('Spin Echo (SE)');
    expect(sequenceLabel('T2-weighted TSE', 'TSE')).toBe('T2-weighted TSE');
    expect(sequenceLabel('Inversion recovery (IR-SE)', 'IR')).toBe('Inversion recovery (IR-SE)');
    expect(sequenceLabel('Spin-echo EPI', 'SE-EPI')).toBe('Spin-echo EPI (SE-EPI)');
    expect(sequenceLabel('T1-weighted spin echo', 'SE')).toBe('T1-weighted spin echo (SE)');
    // A family inside a longer word is not shown: "SEQUENCE" does not name SE.
    expect(sequenceLabel('MY SEQUENCE', 'SE')).toBe('MY SEQUENCE (SE)');
  });
});
