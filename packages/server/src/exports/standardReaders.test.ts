/**
 * Larmor's exports as the standard imaging tools read them: nibabel loads every NIfTI with the expected shape,
 * orientation and voxel size; dcm2niix converts every DICOM series, and its NIfTI agrees with ours in world
 * coordinates voxel for voxel; dcmtk reads every file and renders it with the stored window with the tissue in
 * the mid-grey range; dciodvfy finds no error. Skipped with a message where the tools are missing, except in
 * CI (process.env.CI set), where a missing tool fails the suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCommand } from '../cli/commands/render.ts';
import {
  renderWithFileWindow,
  dcm2niix,
  dciodvfyErrors,
  expectSameWorld,
  filesEndingIn,
  pythonReader,
  missingReaders,
  READER_PACKAGES,
  run,
  skipWithoutReaders,
  type GreyLevels,
  type NiftiInfo,
} from './standardReaders.testing.ts';

const skip = skipWithoutReaders('standard readers');

/** A scan rendered by `larmor render`, and what the standard tools must find in its files. */
interface RenderCase {
  name: string;
  args: string[];
  nifti: string;
  shape: number[];
  axcodes: string[];
  zoomsMm: number[];
}

const CASES: RenderCase[] = [
  {
    name: 'brain SE, sagittal stack off the isocentre',
    args: ['--model', 'brain', '--sequence', 'SE', '--tr', '0.5', '--te', '0.015', '--matrix', '64', '--fov',
      '0.24', '--slices', '3', '--thickness', '0.004', '--gap', '0.001', '--orientation', 'sagittal',
      '--center', '0.01,0.005,0.02'], // prettier-ignore
    nifti: 'scan.nii.gz',
    shape: [64, 64, 3],
    // Sagittal: columns run posterior, rows down (inferior), slices along −x_LPS = right.
    axcodes: ['P', 'I', 'R'],
    zoomsMm: [3.75, 3.75, 5],
  },
  {
    name: 'knee TSE, coronal, phase encoding along rows',
    args: ['--model', 'knee', '--sequence', 'TSE', '--tr', '3', '--te', '0.03', '--etl', '8', '--matrix', '64',
      '--fov', '0.16', '--slices', '3', '--thickness', '0.004', '--gap', '0.001', '--orientation', 'coronal',
      '--phase-dir', 'row'], // prettier-ignore
    nifti: 'scan.nii',
    shape: [64, 64, 3],
    axcodes: ['L', 'I', 'P'],
    zoomsMm: [2.5, 2.5, 5],
  },
  {
    name: 'brain MP-RAGE, a 3D axial slab',
    args: ['--model', 'brain', '--sequence', 'MPRAGE', '--tr', '2.3', '--te', '0.004', '--ti', '0.9', '--flip',
      '0.14', '--matrix', '64', '--fov', '0.24', '--slices', '8', '--thickness', '0.002'], // prettier-ignore
    nifti: 'scan.nii.gz',
    shape: [64, 64, 8],
    axcodes: ['L', 'P', 'S'],
    zoomsMm: [3.75, 3.75, 2],
  },
];

describe.skipIf(skip)('exports read by nibabel, dcm2niix, dcmtk and dciodvfy', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'larmor-readers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has every standard reader installed', () => {
    expect(missingReaders, `install the Debian packages ${READER_PACKAGES}`).toEqual([]);
  });

  describe.each(CASES)('$name', (c) => {
    const caseDir = path.join(dir, c.name.replace(/\W+/g, '-'));
    const niftiFile = path.join(caseDir, c.nifti);
    const dicomDir = path.join(caseDir, 'dcm');
    beforeAll(async () => {
      const code = await renderCommand.run([
        ...c.args,
        '--threads', '2', '--out', path.join(caseDir, 'png'), '--dicom', dicomDir, '--nifti', niftiFile,
      ]); // prettier-ignore
      expect(code).toBe(0);
    });

    it('nibabel loads our NIfTI with the expected shape, orientation codes and voxel sizes', () => {
      const info = pythonReader<NiftiInfo>('nifti', niftiFile);
      expect(info.gzip).toBe(c.nifti.endsWith('.gz'));
      expect(info.shape).toEqual(c.shape);
      expect(info.axcodes).toEqual(c.axcodes);
      info.zooms.forEach((z, i) => expect(z).toBeCloseTo(c.zoomsMm[i] ?? NaN, 4));
      expect(info.calMax).toBeGreaterThan(info.calMin);
    });

    it('dcm2niix converts the DICOM series into one volume that matches ours in world coordinates', () => {
      const converted = dcm2niix(dicomDir, path.join(caseDir, 'dcm2niix')).filter((f) => f.endsWith('.nii'));
      expect(converted).toHaveLength(1);
      expectSameWorld(niftiFile, converted[0] ?? '');
    });

    it('dcmtk reads every file, and renders it with the stored window with the tissue in mid-grey', () => {
      const pairs = filesEndingIn(dicomDir, '.dcm').flatMap((file) => {
        const dump = run('dcmdump', ['-q', file]);
        expect(dump.status, dump.stderr).toBe(0);
        expect(dump.stderr).not.toMatch(/^E:/m);
        const pgm = `${file}.pgm`;
        const rendered = renderWithFileWindow(file, pgm);
        expect(rendered.status, rendered.stderr).toBe(0);
        return [file, pgm];
      });
      const levels = pythonReader<GreyLevels[]>('grey', ...pairs);
      expect(levels).toHaveLength(pairs.length / 2);
      for (const grey of levels) {
        expect(grey.tissueFraction).toBeGreaterThan(0.05);
        expect(grey.tissueMean).toBeGreaterThan(64);
        expect(grey.tissueMean).toBeLessThan(192);
        expect(grey.airMean).toBeLessThan(16);
      }
    });

    it('dciodvfy finds no error in any file of the series', () => {
      for (const file of filesEndingIn(dicomDir, '.dcm')) expect(dciodvfyErrors(file), file).toEqual([]);
    });
  });
});
