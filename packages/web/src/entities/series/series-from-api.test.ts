import { describe, expect, it } from 'vitest';
import { defaultProtocol, REFERENCE_SCANNER } from '@larmor/mri/sequence';
import { seriesWindow } from '@larmor/mri/recon';
import type { ReconstructedImages } from '@larmor/contracts/sessions';
import { differingParameters, viewerSeriesOf } from './series-from-api.ts';

function meta(parameters: ReconstructedImages['parameters'], pixels: Float32Array[]): ReconstructedImages {
  const window = seriesWindow(pixels);
  return {
    scanId: 'scan-1',
    pulseSequenceId: 'ps-1',
    seriesNumber: 1,
    rows: 2,
    columns: 3,
    pixelSpacing: [0.0009, 0.0012],
    sliceThickness: 0.005,
    kspaceRows: 2,
    kspaceColumns: 3,
    pixelFormat: 'float32le',
    window: { center: window.center, width: window.width },
    parameters,
    seed: 1,
    receiveChannels: 1,
    receiveCoil: 'Head (16 channels)',
    slices: pixels.map((_, index) => ({
      index,
      imagePositionPatient: [-0.1, -0.12, 0.006 * index] as [number, number, number],
      imageOrientationPatient: [1, 0, 0, 0, 1, 0] as [number, number, number, number, number, number],
      url: `/api/v1/sessions/7/reconstructed-images/scan-1/slices/${index}`,
      kspaceUrl: '',
    })),
    dicomUrl: '',
    niftiUrl: '',
  };
}

describe('the session API series as a viewer series', () => {
  const t2 = defaultProtocol('TSE', REFERENCE_SCANNER);
  const pixels = [new Float32Array([0, 10, 20, 30, 40, 50]), new Float32Array([5, 15, 25, 35, 45, 55])];

  it('converts metres to millimetres and seconds to milliseconds, keeping the window the DICOM export writes', () => {
    const series = viewerSeriesOf(meta(t2, pixels), pixels, {
      id: 'scan-1',
      description: 'T2 TSE',
      seriesNumber: 2,
    });
    expect(series.pixelSpacingMm[0]).toBeCloseTo(0.9, 12);
    expect(series.pixelSpacingMm[1]).toBeCloseTo(1.2, 12);
    expect(series.slices[1]?.imagePositionPatientMm[2]).toBeCloseTo(6, 12);
    expect(series.window).toEqual(meta(t2, pixels).window);
    expect(series.acquisition?.repetitionTimeMs).toBeCloseTo(t2.repetitionTime * 1000, 9);
    expect(series.acquisition?.echoTrainLength).toBe(t2.echoTrainLength);
    expect(series.acquisition?.sliceThicknessMm).toBeCloseTo(5, 12);
    expect(series.slices[0]?.pixels).toBe(pixels[0]);
  });

  it('lists the parameters two series differ in, formatted with units, and none for equal ones', () => {
    const t1 = defaultProtocol('SE', REFERENCE_SCANNER);
    const rows = differingParameters(t1, { ...t1, repetitionTime: 2, echoTime: 0.09 });
    expect(rows).toEqual([
      { name: 'TR', a: `${Number((t1.repetitionTime * 1000).toPrecision(4))} ms`, b: '2000 ms' },
      { name: 'TE', a: `${Number((t1.echoTime * 1000).toPrecision(4))} ms`, b: '90 ms' },
    ]);
    expect(differingParameters(t1, { ...t1 })).toEqual([]);
  });

  it('names the sequence with its abbreviation once: "Spin Echo (SE)" stays so, not "Spin Echo (SE) (SE)" (issue 20.10)', () => {
    const se = defaultProtocol('SE', REFERENCE_SCANNER);
    const named = (name: string) =>
      viewerSeriesOf(meta(se, pixels), pixels, { id: 'scan-1', description: name, seriesNumber: 1 })
        .acquisition?.sequenceName;
    expect(named('Spin Echo (SE)')).toBe('Spin Echo (SE)');
    expect(named('T1-weighted spin echo')).toBe('T1-weighted spin echo (SE)');
  });
});
