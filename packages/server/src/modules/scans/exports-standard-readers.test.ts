/**
 * The session API's downloads as the standard imaging tools read them (issue 16: "for every export path the
 * sessions and viewers issues add"): a finished series' `?format=nifti` is a real .nii.gz that nibabel loads with
 * the series' shape and voxel size; its `?format=dicom` zip, unpacked by Python's zipfile, converts with dcm2niix
 * into a volume that matches the NIfTI in world coordinates; dcmtk renders each file with its stored window with
 * the tissue in mid-grey; dciodvfy finds no error. Skipped with a message where the tools are missing, except in
 * CI (process.env.CI set), where a missing tool fails.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  renderWithFileWindow,
  dcm2niix,
  dciodvfyErrors,
  filesEndingIn,
  pythonReader,
  missingReaders,
  READER_PACKAGES,
  run,
  skipWithoutReaders,
  type Comparison,
  type GreyLevels,
  type NiftiInfo,
} from '../../exports/standardReaders.testing.ts';
import { runToFinish, sequenceInSession, type Headers, useSimulatorApp } from '../../test/simulator.ts';
import { modelNotice } from '../../anatomy/modelStore.ts';

const skip = skipWithoutReaders('standard readers, session downloads');

/** The series: a 64 × 64 spin echo of the knee, 3 slices (big enough for the tissue statistics). */
const MATRIX = 64;
const SLICES = 3;

describe.skipIf(skip)('session downloads read by nibabel, dcm2niix, dcmtk and dciodvfy', () => {
  const t = useSimulatorApp('sqlite', { scanThreads: 1 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'larmor-session-readers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function finishedSeries(): Promise<{ h: Headers; base: string; modelId: number }> {
    const { h, sessionId, sequence, active } = await sequenceInSession(t.app, t.db, {
      name: 'Knee SE',
      parameters: { matrixRead: MATRIX, matrixPhase: MATRIX, sliceCount: SLICES },
    });
    const settled = await runToFinish(t.app, h, sessionId, sequence.id);
    return {
      h,
      base: `/api/v1/sessions/${sessionId}/reconstructed-images/${settled.lastScan?.id ?? ''}`,
      modelId: active.lab.anatomicalModelId,
    };
  }

  it('has every standard reader installed', () => {
    expect(missingReaders, `install the Debian packages ${READER_PACKAGES}`).toEqual([]);
  });

  it('?format=nifti and ?format=dicom of a finished series open in the standard tools and agree in world space', async () => {
    const { h, base, modelId } = await finishedSeries();
    const nifti = await t.app.inject({ method: 'GET', url: `${base}?format=nifti`, headers: h });
    expect(nifti.statusCode).toBe(200);
    const niftiFile = path.join(dir, 'series.nii.gz');
    writeFileSync(niftiFile, nifti.rawPayload);
    const info = pythonReader<NiftiInfo>('nifti', niftiFile);
    expect(info.gzip).toBe(true);
    expect(info.shape).toEqual([MATRIX, MATRIX, SLICES]);
    expect(info.calMax).toBeGreaterThan(info.calMin);
    // The knee's credit travels with the volume as the DICOM files carry it (issue 22, "credit … in exports").
    const notice = modelNotice(modelId);
    expect(info.comments).toEqual(notice ? [notice] : []);

    const zip = await t.app.inject({ method: 'GET', url: `${base}?format=dicom`, headers: h });
    expect(zip.statusCode).toBe(200);
    const zipFile = path.join(dir, 'series.zip');
    writeFileSync(zipFile, zip.rawPayload);
    const dicomDir = path.join(dir, 'dcm');
    const unzip = run('/usr/bin/python3', ['-m', 'zipfile', '-e', zipFile, dicomDir]);
    expect(unzip.status, unzip.stderr).toBe(0);
    const files = filesEndingIn(dicomDir, '.dcm');
    expect(files).toHaveLength(SLICES);

    const volumes = dcm2niix(dicomDir, path.join(dir, 'dcm2niix'), false).filter((f) => f.endsWith('.nii'));
    expect(volumes).toHaveLength(1);
    const c = pythonReader<Comparison>('compare', niftiFile, volumes[0] ?? '');
    expect(c.insideFraction).toBe(1);
    expect(c.worldErrorMm).toBeLessThan(1e-3);
    expect(c.correlation).toBeGreaterThan(0.99999);

    const pairs = files.flatMap((file) => {
      const pgm = `${file}.pgm`;
      const rendered = renderWithFileWindow(file, pgm);
      expect(rendered.status, rendered.stderr).toBe(0);
      return [file, pgm];
    });
    for (const grey of pythonReader<GreyLevels[]>('grey', ...pairs)) {
      expect(grey.tissueMean).toBeGreaterThan(64);
      expect(grey.tissueMean).toBeLessThan(192);
    }
    for (const file of files) expect(dciodvfyErrors(file), file).toEqual([]);
  });
});
