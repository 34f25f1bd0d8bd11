import { describe, expect, it } from 'vitest';
import type { ScanResultImages } from '@larmor/contracts/attempts';
import { testProtocol } from '@larmor/mri/testing';
import { differenceViewerSeries, scanResultViewerSeries } from './viewer-series.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const PARAMETERS = testProtocol({
  fovPhase: 0.18,
  matrixRead: 2,
  matrixPhase: 2,
  sliceThickness: 0.005,
  geometry: { orientation: 'axial', center: [0, 0, 0], rotation: 0 },
}) as unknown as ScanResultImages['parameters'];

const META: ScanResultImages = {
  scanResultId: ID,
  rows: 2,
  columns: 2,
  pixelSpacing: [0.0009, 0.001],
  sliceThickness: 0.005,
  pixelFormat: 'float32le',
  window: { center: 2, width: 4 },
  parameters: PARAMETERS,
  seed: 1,
  slices: [
    {
      index: 0,
      imagePositionPatient: [-0.1, 0.02, 0.003],
      imageOrientationPatient: [1, 0, 0, 0, 1, 0],
      url: 'u',
    },
  ],
};

describe('a scan result as the shared viewer’s series: SI from the API, mm and ms in the viewer', () => {
  it('converts spacing, positions and times, and keeps the slice pixels and orientation', () => {
    const pixels = Float32Array.of(1, 2, 3, 4);
    const meta = META;
    const series = scanResultViewerSeries(meta, [pixels], 'Series 1');
    expect(series.pixelSpacingMm).toEqual([0.9, 1]);
    expect(series.slices[0]?.imagePositionPatientMm).toEqual([-100, 20, 3]);
    expect(series.slices[0]?.pixels).toBe(pixels);
    expect(series.acquisition).toMatchObject({ repetitionTimeMs: 500, echoTimeMs: 15, sliceThicknessMm: 5 });
    expect(series.acquisition?.fovMm).toEqual([200, 180]);
    // The scheme's name carries its abbreviation: shown once, not "Spin Echo (SE) (SE)" (issue 20.10).
    expect(scanResultViewerSeries(meta, [pixels], 'Spin Echo (SE)').acquisition?.sequenceName).toBe(
      'Spin Echo (SE)',
    );
  });

  it('keeps an echo train’s length and echo spacing, as the session’s series does', () => {
    const parameters = { ...PARAMETERS, family: 'TSE', echoTrainLength: 8, echoSpacing: 0.012 } as const;
    const meta: ScanResultImages = { ...META, parameters };
    const acquisition = scanResultViewerSeries(meta, [Float32Array.of(1, 2, 3, 4)], 'T2 TSE').acquisition;
    expect(acquisition?.echoTrainLength).toBe(8);
    expect(acquisition?.echoSpacingMs).toBeCloseTo(12, 12);
  });

  it('the difference map is a one-slice series at the centre slice’s geometry with the map’s window', () => {
    const series = differenceViewerSeries(
      ID,
      {
        available: true,
        rows: 1,
        columns: 2,
        pixelSpacing: [0.001, 0.001],
        sliceThickness: 0.004,
        imagePositionPatient: [0, 0, 0.01],
        imageOrientationPatient: [1, 0, 0, 0, 1, 0],
        slice: 0,
        referenceSlice: 0,
        maxDifference: 3,
        meanDifference: 1.5,
        window: { center: 1.5, width: 3 },
        pixelFormat: 'float32le',
        url: 'u',
      },
      Float32Array.of(0, 3),
    );
    expect(series.slices).toHaveLength(1);
    expect(series.slices[0]?.imagePositionPatientMm).toEqual([0, 0, 10]);
    expect(series.window).toEqual({ center: 1.5, width: 3 });
    expect(series.id).not.toBe(`scan-result-${ID}`);
  });
});
