import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { seriesWindow } from '../../recon/window.ts';
import { scanGeometry } from '../../simulate/geometry.ts';
import { testProtocol } from '../../simulate/fast/phantom.testing.ts';
import { dicomMrSeries } from './mrImage.ts';
import {
  MAX_STORED_VALUE,
  storedValueScale,
  toStoredValue,
  toStoredValues,
  toStoredWindow,
} from './storedValues.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';

function readBack(file: Uint8Array): Record<string, unknown> {
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  return dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(buffer).dict);
}

describe('stored values: float magnitudes as the DICOM export stores them', () => {
  it("maps the series' peak to 4095 and rounds to integers", () => {
    const scale = storedValueScale([Float32Array.of(0, 0.125), Float32Array.of(0.5, 0.25)]);
    expect(scale).toBe(4095 / 0.5);
    expect(Array.from(toStoredValues(Float32Array.of(0, 0.125, 0.25, 0.5), scale))).toEqual([
      0,
      Math.round(4095 / 4),
      Math.round(4095 / 2),
      4095,
    ]);
    expect(toStoredValue(1, scale)).toBe(MAX_STORED_VALUE);
  });

  it('gives a blank series scale 0 and the full stored range as its window', () => {
    const scale = storedValueScale([new Float32Array(4)]);
    expect(scale).toBe(0);
    expect(toStoredWindow({ center: 0.5, width: 1 }, scale)).toEqual({ center: 2048, width: 4095 });
  });

  it('scales a signed image (a difference map) by its peak |value|', () => {
    const scale = storedValueScale([Float32Array.of(-0.5, 0.25)]);
    expect(Array.from(toStoredValues(Float32Array.of(-0.5, 0.25, 0), scale))).toEqual([
      -4095,
      Math.round(4095 / 2),
      0,
    ]);
  });

  it('round trip: the stored values and window equal the pixels and Window Center/Width the exporter writes', () => {
    const protocol = testProtocol({ matrixRead: 16, matrixPhase: 8, sliceCount: 2 });
    const geometry = scanGeometry(protocol);
    const images = geometry.slices.map((plane, s) => ({
      rows: plane.rows,
      columns: plane.columns,
      magnitude: Float32Array.from(
        { length: plane.rows * plane.columns },
        (_, i) => 0.37 * Math.abs(Math.sin(i * 0.7 + s)) + (i % 5) * 0.01,
      ),
    }));
    const files = dicomMrSeries({
      images,
      geometry,
      protocol,
      scanner: TEST_SCANNER,
      scanKey: 'round-trip',
      date: '20261128',
      time: '040000',
    }).map(readBack);
    const magnitudes = images.map((i) => i.magnitude);
    const scale = storedValueScale(magnitudes);
    const window = seriesWindow(magnitudes);
    files.forEach((data, s) => {
      const [buffer] = data['PixelData'] as ArrayBuffer[];
      expect(Array.from(new Uint16Array(buffer as ArrayBuffer))).toEqual(
        Array.from(toStoredValues(magnitudes[s] as Float32Array, scale)),
      );
      // The window applies to the rescaled (served) values (PS3.3 C.11.2.1.2).
      expect(Number(data['WindowCenter'])).toBeCloseTo(window.center, 10);
      expect(Number(data['WindowWidth'])).toBeCloseTo(window.width, 10);
      expect(Number(data['RescaleSlope'])).toBeCloseTo(1 / scale, 12);
    });
  });
});
