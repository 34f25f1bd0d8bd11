/**
 * The standard imaging tools that check Larmor's exports from outside (Debian packages dcm2niix, dcmtk,
 * dicom3tools, python3-nibabel, python3-pydicom): where they are, and how to run them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const READERS_SCRIPT = path.join(HERE, 'standard_readers.py');

/** The Debian packages that hold the tools (installed by .ci/run when missing). */
export const READER_PACKAGES = 'dcm2niix dcmtk dicom3tools python3-nibabel python3-pydicom';

/** A Python 3 that imports nibabel, pydicom and numpy (pyenv's python3 may lack Debian's modules). */
const python = ['python3', '/usr/bin/python3'].find(
  (p) => spawnSync(p, ['-c', 'import nibabel, pydicom, numpy'], { stdio: 'ignore' }).status === 0,
);

const present = (tool: string): boolean => spawnSync(tool, [], { stdio: 'ignore' }).error === undefined;

/** The tools this machine lacks, by name ('python3 with nibabel and pydicom' for the Python modules). */
export const missingReaders: string[] = [
  ...['dcm2niix', 'dcmdump', 'dcm2pnm', 'dciodvfy'].filter((t) => !present(t)),
  ...(python ? [] : ['python3 with nibabel and pydicom']),
];

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool and returns its exit status and output; throws with its output when it cannot start. */
export function run(tool: string, args: readonly string[]): RunResult {
  const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${tool} could not run: ${result.error.message}`);
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The lines dciodvfy (dicom3tools) reports as errors for a DICOM file (warnings aside). */
export function dciodvfyErrors(file: string): string[] {
  const check = run('dciodvfy', [file]);
  return `${check.stdout}${check.stderr}`.split('\n').filter((line) => line.startsWith('Error'));
}

/** Runs a subcommand of standard_readers.py (nibabel, pydicom) and parses its JSON answer. */
export function pythonReader<T>(command: 'nifti' | 'compare' | 'grey' | 'rescaled', ...args: string[]): T {
  if (!python) throw new Error('no python3 with nibabel and pydicom');
  const result = run(python, [READERS_SCRIPT, command, ...args]);
  if (result.status !== 0) throw new Error(`standard_readers.py ${command} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

export interface NiftiInfo {
  shape: number[];
  axcodes: string[];
  zooms: number[];
  affine: number[][];
  gzip: boolean;
  dtype: string;
  calMin: number;
  calMax: number;
  /** The texts of its comment extensions (ecode 6), NULs removed. */
  comments: string[];
}

export interface Comparison {
  /** Largest distance [voxels] of a mapped voxel centre from the other grid's nearest voxel centre. */
  offGridVoxels: number;
  insideFraction: number;
  worldErrorMm: number;
  correlation: number;
}

export interface GreyLevels {
  tissueMean: number;
  airMean: number;
  tissueFraction: number;
}

/** The file's Window Center/Width in stored values, (window − intercept) / slope, from dcmdump's text. */
function storedWindowOf(dump: string): { center: number; width: number } {
  const value = (name: string, fallback: number): number => {
    const line = dump.split('\n').find((l) => l.trimEnd().endsWith(` ${name}`));
    const text = line ? /\[([^\]]*)\]/.exec(line)?.[1] : undefined;
    return text === undefined ? fallback : Number(text.split('\\')[0]);
  };
  const slope = value('RescaleSlope', 1);
  const intercept = value('RescaleIntercept', 0);
  return {
    center: (value('WindowCenter', NaN) - intercept) / slope,
    width: value('WindowWidth', NaN) / slope,
  };
}

/**
 * dcm2pnm's rendering of `file` into `pgm` with the file's own window. The window applies after the rescale (in
 * served magnitudes, narrower than 1: VOILUTFunction LINEAR_EXACT), which dcmtk 3.6.7 does not implement; so it
 * is given in stored values (window / slope) without the modality transform: the same mapping.
 */
export function renderWithFileWindow(file: string, pgm: string): RunResult {
  const dump = run('dcmdump', ['-q', file]);
  const { center, width } = storedWindowOf(dump.stdout);
  return run('dcm2pnm', ['-M', '--set-window', String(center), String(width), file, pgm]);
}

/**
 * Whether a standard-readers suite skips: where a tool is missing it warns (naming `suite`) and skips, except in CI
 * (process.env.CI set), where a missing tool must fail the suite.
 */
export function skipWithoutReaders(suite: string): boolean {
  const skip = missingReaders.length > 0 && !process.env['CI'];
  if (skip) {
    console.warn(
      `[${suite}] skipped: missing ${missingReaders.join(', ')}. ` +
        `Install the Debian packages ${READER_PACKAGES} (.ci/run does) to run these tests.`,
    );
  }
  return skip;
}

/** The files in `dir` whose names end in `ending` ('.dcm', '.nii'), sorted, as paths. */
export function filesEndingIn(dir: string, ending: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(ending))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Converts the DICOM series in `dicomDir` with dcm2niix (uncompressed, named after series and echo, with its
 * JSON sidecar unless `sidecar` is false) and expects it to succeed; answers every file it wrote, sorted.
 */
export function dcm2niix(dicomDir: string, outDir: string, sidecar = true): string[] {
  mkdirSync(outDir, { recursive: true });
  const result = run('dcm2niix', [
    '-z',
    'n',
    '-b',
    sidecar ? 'y' : 'n',
    '-f',
    'series_%s',
    '-o',
    outDir,
    dicomDir,
  ]);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return filesEndingIn(outDir, '');
}

/** Expects our NIfTI `ours` and volume `volume` of `theirs` to hold the same voxels at the same world coordinates. */
export function expectSameWorld(ours: string, theirs: string, volume = 0): void {
  const c = pythonReader<Comparison>('compare', ours, theirs, String(volume));
  expect(c.offGridVoxels).toBeLessThan(1e-3);
  expect(c.insideFraction).toBe(1);
  expect(c.worldErrorMm).toBeLessThan(1e-3);
  expect(c.correlation).toBeGreaterThan(0.99999);
}
