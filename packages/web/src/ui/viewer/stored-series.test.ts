// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- dcmjs is untyped: its declaration lives in @larmor/mri
/// <reference path="../../../../mri/src/io/dicom/dcmjs.d.ts" />
import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { dicomMrSeries } from '@larmor/mri/io';
import { seriesWindow } from '@larmor/mri/recon';
import { scanGeometry } from '@larmor/mri/simulate';
import { testProtocol, TEST_SCANNER } from '@larmor/mri/testing';
import type { ViewerSeries } from './series.ts';
import { storedSeries } from './stored-series.ts';
import { formatWindow, voiOfWindow } from './window-level.ts';

function readBack(file: Uint8Array): Record<string, unknown> {
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  return dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(buffer).dict);
}

describe('the viewer shows a series in the stored values of its DICOM export', () => {
  const protocol = testProtocol({ matrixRead: 16, matrixPhase: 16, sliceCount: 3 });
  const geometry = scanGeometry(protocol);
  // Magnitudes of about 0–0.4, as the simulator gives them (the viewer showed "W 0.3694 L 0.254").
  const magnitudes = geometry.slices.map((plane, s) =>
    Float32Array.from(
      { length: plane.rows * plane.columns },
      (_, i) => 0.4 * Math.abs(Math.sin(0.37 * i + s)) * ((i % 16) / 16),
    ),
  );
  const window = seriesWindow(magnitudes);
  const series: ViewerSeries = {
    id: 'scan-1',
    description: 'T2 TSE',
    rows: 16,
    columns: 16,
    pixelSpacingMm: [1, 1],
    slices: magnitudes.map((pixels) => ({
      pixels,
      imagePositionPatientMm: [0, 0, 0] as const,
      imageOrientationPatient: [1, 0, 0, 0, 1, 0] as const,
    })),
    window: { center: window.center, width: window.width },
  };
  const files = dicomMrSeries({
    images: magnitudes.map((magnitude) => ({ rows: 16, columns: 16, magnitude })),
    geometry,
    protocol,
    scanner: TEST_SCANNER,
    scanKey: 'scan-1',
    date: '20261128',
    time: '040000',
  }).map(readBack);
  const shown = storedSeries(series);

  it("has every slice's pixels equal to the exported file's stored pixels", () => {
    files.forEach((data, s) => {
      const [buffer] = data['PixelData'] as ArrayBuffer[];
      expect(Array.from(shown.slices[s]?.pixels ?? [])).toEqual(
        Array.from(new Uint16Array(buffer as ArrayBuffer)),
      );
    });
  });

  it("starts with the export's Window Center/Width in stored values (window / Rescale Slope), as integers", () => {
    const [first] = files;
    // The file's window applies after its rescale (PS3.3 C.11.2.1.2): in stored values it is window / slope.
    const slope = Number(first?.['RescaleSlope']);
    const stored = {
      center: Math.round((Number(first?.['WindowCenter']) - Number(first?.['RescaleIntercept'])) / slope),
      width: Math.round(Number(first?.['WindowWidth']) / slope),
    };
    expect(slope).toBeGreaterThan(0);
    expect(Math.abs(shown.window.center - stored.center)).toBeLessThanOrEqual(1);
    expect(Math.abs(shown.window.width - stored.width)).toBeLessThanOrEqual(1);
    expect(formatWindow(voiOfWindow(shown.window))).toBe(`W ${shown.window.width} L ${shown.window.center}`);
    expect(Number.isInteger(shown.window.width) && Number.isInteger(shown.window.center)).toBe(true);
  });
});
