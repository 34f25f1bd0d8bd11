/**
 * Multi-echo and diffusion DICOM series as dcm2niix reads them: the attributes it splits and labels images by
 * (EchoNumbers and EchoTime per image; DiffusionBValue and DiffusionGradientOrientation) give one NIfTI per
 * echo, and .bval/.bvec for DWI, each volume matching ours in world coordinates; dciodvfy finds no error. The series are built directly
 * from synthetic images on an oblique grid (the render CLI makes neither yet). Skipped like standardReaders.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultProtocol } from '@larmor/mri/sequence';
import {
  dicomMrSeries,
  fslDiffusionTables,
  fslGradientVectors,
  niftiVolume,
  type DicomImage,
} from '@larmor/mri/io';
import { scanGeometry, type ImagePlane } from '@larmor/mri/simulate';
import type { Protocol, Scanner, Vec3 } from '@larmor/mri';
import { afterAll, describe, expect, it } from 'vitest';
import { niftiFileBytes } from './nifti.ts';
import {
  dcm2niix,
  dciodvfyErrors,
  expectSameWorld,
  missingReaders,
  pythonReader,
  READER_PACKAGES,
  type NiftiInfo,
} from './standardReaders.testing.ts';
import { testScanner } from '@larmor/mri/testing';

const skip = missingReaders.length > 0 && !process.env['CI'];
if (skip)
  console.warn(`[standard readers] skipped: missing ${missingReaders.join(', ')} (${READER_PACKAGES})`);

const scanner: Scanner = testScanner({ b0: 3 });

/** A non-square, oblique (coronal turned by 0.3 rad) 3-slice grid off the isocentre. */
function obliqueProtocol(family: Protocol['family']): Protocol {
  return {
    ...defaultProtocol(family, scanner),
    matrixRead: 32,
    matrixPhase: 24,
    fovRead: 0.2,
    fovPhase: 0.15,
    sliceCount: 3,
    sliceThickness: 0.004,
    sliceGap: 0.001,
    geometry: { orientation: 'coronal', center: [0.01, -0.02, 0.015], rotation: 0.3 },
  };
}

/** A smooth ellipse that differs in every direction (so a flipped or shifted grid cannot correlate), × weight. */
function phantomImage(plane: ImagePlane, slice: number, weight: number): Float32Array {
  const out = new Float32Array(plane.rows * plane.columns);
  for (let r = 0; r < plane.rows; r++) {
    for (let c = 0; c < plane.columns; c++) {
      const u = (c - plane.columns * 0.45) / (plane.columns * 0.35);
      const v = (r - plane.rows * 0.55) / (plane.rows * 0.3);
      if (u * u + v * v < 1) out[r * plane.columns + c] = weight * (100 + 40 * u + 25 * v * v + 10 * slice);
    }
  }
  return out;
}

function writeSeries(dir: string, protocol: Protocol, images: DicomImage[]): string {
  const dicomDir = path.join(dir, 'dcm');
  mkdirSync(dicomDir, { recursive: true });
  dicomMrSeries({
    images,
    geometry: scanGeometry(protocol),
    protocol,
    scanner,
    scanKey: dir,
    date: '20261123',
    time: '120000',
  }).forEach((bytes, i) =>
    writeFileSync(path.join(dicomDir, `IM${String(i + 1).padStart(4, '0')}.dcm`), bytes),
  );
  return dicomDir;
}

function writeNifti(file: string, protocol: Protocol, images: DicomImage[]): string {
  writeFileSync(file, niftiFileBytes(file, niftiVolume({ images, geometry: scanGeometry(protocol) })));
  return file;
}

/** dcm2niix's files for the series in `dicomDir`, after dciodvfy found no error in any of its files. */
function checkedDcm2niix(dicomDir: string, outDir: string): string[] {
  for (const file of readdirSync(dicomDir)) {
    expect(dciodvfyErrors(path.join(dicomDir, file)), file).toEqual([]);
  }
  return dcm2niix(dicomDir, outDir);
}

describe.skipIf(skip)('multi-echo and diffusion series through dcm2niix', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'larmor-series-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one NIfTI per echo, each with its echo time, matching ours in world coordinates', () => {
    const protocol = { ...obliqueProtocol('GRE'), echoTimes: [0.005, 0.015] };
    const planes = scanGeometry(protocol).slices;
    const echoes = [0.005, 0.015].map((time, e) =>
      planes.map((plane, slice) => ({
        rows: plane.rows,
        columns: plane.columns,
        magnitude: phantomImage(plane, slice, Math.exp(-time / 0.03)),
        slice,
        echo: { number: e + 1, time },
      })),
    );
    const out = path.join(dir, 'echoes');
    const files = checkedDcm2niix(writeSeries(out, protocol, echoes.flat()), path.join(out, 'dcm2niix'));
    const volumes = files.filter((f) => f.endsWith('.nii'));
    expect(volumes).toHaveLength(2);
    volumes.forEach((file, e) => {
      const sidecar = JSON.parse(readFileSync(file.replace(/\.nii$/, '.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(sidecar['EchoTime']).toBeCloseTo([0.005, 0.015][e] ?? NaN, 6);
      expect(sidecar['EchoNumber']).toBe(e + 1);
      expect(pythonReader<NiftiInfo>('nifti', file).shape).toEqual([32, 24, 3]);
      expectSameWorld(writeNifti(path.join(out, `echo${e + 1}.nii.gz`), protocol, echoes[e] ?? []), file);
    });
  });

  it('writes .bval and .bvec for DWI: b in s/mm², gradient directions in the image frame', () => {
    const protocol = { ...obliqueProtocol('DWI'), bValues: [0, 1e9] };
    const planes = scanGeometry(protocol).slices;
    const directions: (Vec3 | undefined)[] = [undefined, [0.6, 0.8, 0], [0, 0.6, -0.8], [-0.8, 0, 0.6]];
    const images = directions.flatMap((direction, d) =>
      planes.map((plane, slice) => ({
        rows: plane.rows,
        columns: plane.columns,
        magnitude: phantomImage(plane, slice, direction ? 0.3 + 0.1 * d : 1),
        slice,
        diffusion: { bValue: direction ? 1e9 : 0, ...(direction ? { direction } : {}) },
      })),
    );
    const out = path.join(dir, 'dwi');
    const files = checkedDcm2niix(writeSeries(out, protocol, images), path.join(out, 'dcm2niix'));
    const volume = files.find((f) => f.endsWith('.nii')) ?? '';
    expect(files.filter((f) => f.endsWith('.nii'))).toHaveLength(1);
    const info = pythonReader<NiftiInfo>('nifti', volume);
    expect(info.shape).toEqual([32, 24, 3, 4]);
    const bval = readFileSync(volume.replace(/\.nii$/, '.bval'), 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(bval).toEqual([0, 1000, 1000, 1000]);
    const bvec = readFileSync(volume.replace(/\.nii$/, '.bvec'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number));
    // dcm2niix's vectors for its NIfTI are what io/nifti/bvec.ts computes for that NIfTI's affine (FSL: voxel
    // axes, first flipped when det > 0); ours use the same function with our affine.
    const volumesDiffusion = directions.map((direction) => ({
      bValue: direction ? 1e9 : 0,
      ...(direction ? { direction } : {}),
    }));
    fslGradientVectors(info.affine, volumesDiffusion).forEach((expected, d) =>
      expected.forEach((e, i) => expect(bvec[i]?.[d] ?? NaN).toBeCloseTo(e, 4)),
    );
    const tables = fslDiffusionTables(scanGeometry(protocol), volumesDiffusion);
    expect(tables.bval).toBe('0 1000 1000 1000\n');
    expect(tables.bvec.trim().split('\n')).toHaveLength(3);
    const ours = path.join(out, 'dwi.nii.gz');
    writeFileSync(
      ours,
      niftiFileBytes(ours, niftiVolume({ images, geometry: scanGeometry(protocol), volumes: 4 })),
    );
    expect(pythonReader<NiftiInfo>('nifti', ours).shape).toEqual([32, 24, 3, 4]);
    [0, 3].forEach((v) => expectSameWorld(ours, volume, v));
  });
});
