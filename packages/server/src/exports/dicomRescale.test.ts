import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dicomMrSeries, relativeSnrComment } from '@larmor/mri/io';
import { scanGeometry } from '@larmor/mri/simulate';
import { testProtocol, TEST_SCANNER } from '@larmor/mri/testing';
import { missingReaders, pythonReader } from './standardReaders.testing.ts';

const skip = missingReaders.includes('python3 with nibabel and pydicom') && !process.env['CI'];

/**
 * Issue 23.8: a reader that applies the Modality LUT (pydicom: stored · RescaleSlope + RescaleIntercept)
 * recovers the served magnitudes to within half a stored step, and reads the relative SNR in Image Comments.
 */
describe.skipIf(skip)('DICOM export read back by pydicom', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'larmor-dicom-rescale-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recovers the served values through Rescale Slope/Intercept and carries the relative SNR', () => {
    const protocol = testProtocol({ matrixRead: 8, matrixPhase: 4, sliceCount: 2 });
    const images = [0, 1].map((s) => ({
      rows: 4,
      columns: 8,
      magnitude: Float32Array.from({ length: 32 }, (_, i) => 0.0123 * (i + 1) * (s + 1)),
    }));
    const files = dicomMrSeries({
      images,
      geometry: scanGeometry(protocol),
      protocol,
      scanner: TEST_SCANNER,
      scanKey: 'rescale',
      date: '20261128',
      time: '070000',
      relativeSnrPercent: 87.5,
    }).map((bytes, i) => {
      const file = path.join(dir, `IM${i + 1}.dcm`);
      writeFileSync(file, bytes);
      return file;
    });
    const peak = 0.0123 * 32 * 2;
    const halfStep = peak / 4095 / 2;
    const read = pythonReader<{ values: number[]; comments: string }[]>('rescaled', ...files);
    read.forEach((file, s) => {
      const served = Array.from(images[s]?.magnitude ?? []);
      file.values.forEach((v, i) =>
        expect(Math.abs(v - (served[i] as number))).toBeLessThanOrEqual(halfStep * 1.0001),
      );
      expect(file.comments).toBe(relativeSnrComment(87.5));
    });
  });
});
