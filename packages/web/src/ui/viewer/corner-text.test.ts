import { describe, expect, it } from 'vitest';
import { cornerText } from './corner-text.ts';
import type { ViewerSeries } from './series.ts';
import { voiOfWindow } from './window-level.ts';

const SERIES: ViewerSeries = {
  id: 's1',
  description: 'T2 TSE axial',
  rows: 256,
  columns: 256,
  pixelSpacingMm: [0.9, 0.9],
  slices: Array.from({ length: 20 }, () => ({
    pixels: new Float32Array(0),
    imagePositionPatientMm: [0, 0, 0] as const,
    imageOrientationPatient: [1, 0, 0, 0, 1, 0] as const,
  })),
  window: { center: 100, width: 80 },
  acquisition: {
    seriesNumber: 3,
    sequenceName: 'T2 TSE',
    repetitionTimeMs: 4000,
    echoTimeMs: 96,
    echoTrainLength: 16,
    inversionTimeMs: 2500,
    fovMm: [230, 230],
    matrix: [256, 192],
    sliceThicknessMm: 5,
    bodyPart: 'Brain',
    coil: 'Head 8',
  },
};

describe('MR corner text', () => {
  it('shows the series, slice i/N, geometry in the distance unit, timing with ETL, and the window in integers', () => {
    const text = cornerText({
      series: SERIES,
      sliceIndex: 4,
      voi: voiOfWindow({ center: 100, width: 80 }),
      distanceUnit: 'cm',
    });
    expect(text.topLeft).toEqual(['Se 3 T2 TSE', 'Im 5/20']);
    expect(text.topRight).toEqual(['Brain', 'Head 8']);
    expect(text.bottomLeft).toEqual(['FOV 23.00 cm × 23.00 cm', 'Matrix 256 × 192', 'Thk 0.50 cm']);
    expect(text.bottomRight).toEqual(['TR 4000 ms', 'TE eff 96 ms ETL 16', 'TI 2500 ms', 'W 80 L 100']);
  });

  it('a series without acquisition values shows its description, slice and size', () => {
    const text = cornerText({
      series: { ...SERIES, acquisition: undefined },
      sliceIndex: 0,
      voi: { lower: 0, upper: 1 },
      distanceUnit: 'mm',
    });
    expect(text.topLeft).toEqual(['T2 TSE axial', 'Im 1/20']);
    expect(text.bottomLeft).toEqual(['Matrix 256 × 256']);
    // A window mid-drag is shown rounded to whole stored values, as a PACS shows it.
    expect(text.bottomRight).toEqual(['W 2 L 1']);
  });
});
