import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFlags, UsageError } from '../command.ts';
import { encodePngGrey8 } from '../render/png.ts';
import { protocolFromFlags, RENDER_FLAGS, renderCommand, validProtocolFromFlags } from './render.ts';
import { testScanner } from '@larmor/mri/testing';
import { modelNotice } from '../../anatomy/modelStore.ts';

const scanner = testScanner();

/** The 8-bit grey pixels of one of our PNGs (a single IDAT; each scanline led by filter byte 0). */
function pngPixels(png: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const raw = inflateSync(png.subarray(41, 41 + view.getUint32(33)));
  const pixels = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    expect(raw[r * (width + 1)]).toBe(0);
    pixels.set(raw.subarray(r * (width + 1) + 1, (r + 1) * (width + 1)), r * width);
  }
  return { width, height, pixels };
}

/** Mean, standard deviation and fraction of pixels above `floor`. */
/** A .nii file's float32 voxels, from its vox_offset (352, or later when an extension precedes them). */
function niftiVoxels(nii: Uint8Array): Float32Array {
  const offset = new DataView(nii.buffer, nii.byteOffset, nii.byteLength).getFloat32(108, true);
  return new Float32Array(Uint8Array.from(nii.subarray(offset)).buffer);
}

function stats(values: ArrayLike<number>, floor = 0): { mean: number; sd: number; above: number } {
  let sum = 0;
  let squares = 0;
  let above = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    sum += v;
    squares += v * v;
    if (v > floor) above++;
  }
  const mean = sum / values.length;
  return {
    mean,
    sd: Math.sqrt(Math.max(0, squares / values.length - mean * mean)),
    above: above / values.length,
  };
}

describe('PNG encoder', () => {
  it('closes every chunk with the CRC-32 of its type and data (PNG spec 5.3)', () => {
    const png = encodePngGrey8(
      Uint8Array.from({ length: 6 }, (_, i) => i * 40),
      3,
      2,
    );
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const types: string[] = [];
    for (let at = 8; at < png.length;) {
      const length = view.getUint32(at);
      types.push(new TextDecoder().decode(png.subarray(at + 4, at + 8)));
      expect(view.getUint32(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      at += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
  it('writes signature, IHDR with size and greyscale, and scanlines with filter 0 that inflate back', () => {
    const pixels = Uint8Array.from({ length: 6 }, (_, i) => i * 40);
    const png = encodePngGrey8(pixels, 3, 2);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer);
    expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
    expect([view.getUint32(16), view.getUint32(20), png[24], png[25]]).toEqual([3, 2, 8, 0]);
    const idatLength = view.getUint32(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual([0, 0, 40, 80, 0, 120, 160, 200]);
  });
});

describe('larmor render', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'larmor-render-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the broken flag in a usage error', () => {
    const flags = (args: string[]) => parseFlags(args, RENDER_FLAGS).flags;
    const from = (args: string[]) => () => protocolFromFlags(flags(args), scanner);
    expect(from(['--sequence', 'SE', '--tr', '0.5'])).toThrow(/--tr and --te/);
    expect(from(['--sequence', 'XX', '--tr', '1', '--te', '0.01'])).toThrow(/--sequence/);
    expect(from(['--sequence', 'FLAIR', '--tr', '9', '--te', '0.1'])).toThrow(/--ti/);
    expect(from(['--sequence', 'SE', '--tr', 'x', '--te', '0.01'])).toThrow(UsageError);
    expect(from(['--sequence', 'DWI', '--tr', '4', '--te', '0.09', '--b-values', '0,x'])).toThrow(
      /--b-values/,
    );
  });

  it('takes what the flags leave out from the family default: EPI bandwidth, matrix and fat saturation, DWI b-values', () => {
    const flags = (args: string[]) => parseFlags(args, RENDER_FLAGS).flags;
    const dwi = protocolFromFlags(flags(['--sequence', 'DWI', '--tr', '4', '--te', '0.09']), scanner);
    expect([dwi.bandwidthPerPixel, dwi.matrixRead, dwi.fatSaturation, dwi.sliceCount]).toEqual([
      1500,
      64,
      true,
      1,
    ]);
    expect(dwi.bValues).toEqual([0, 1e9]);
    const b = ['--sequence', 'DWI', '--tr', '4', '--te', '0.09', '--b-values', '0,5e8,1e9', '--no-fat-sat'];
    const custom = protocolFromFlags(flags(b), scanner);
    expect([custom.bValues, custom.fatSaturation]).toEqual([[0, 5e8, 1e9], false]);
    expect(
      protocolFromFlags(flags(['--sequence', 'TSE', '--tr', '4', '--te', '0.1']), scanner).echoTrainLength,
    ).toBe(15);
    const sagittal = ['--sequence', 'SE', '--tr', '0.5', '--te', '0.015', '--orientation', 'sagittal'];
    expect(protocolFromFlags(flags(sagittal), scanner).phaseDirection).toBe('row');
    expect(protocolFromFlags(flags([...sagittal, '--phase-dir', 'column']), scanner).phaseDirection).toBe(
      'column',
    );
  });

  it('refuses a protocol the scanner cannot run, quoting the validation message (SE-EPI at 130 Hz/pixel, 256², TE 80 ms)', () => {
    const args = ['--sequence', 'SE-EPI', '--tr', '3', '--te', '0.08', '--bw', '130', '--matrix', '256'];
    expect(() => validProtocolFromFlags(parseFlags(args, RENDER_FLAGS).flags, scanner)).toThrow(
      /TE must be at least/,
    );
  });

  it('renders PNGs, a DICOM series and a NIfTI file for a small knee scan on worker threads', async () => {
    const code = await renderCommand.run([
      '--model', 'knee', '--sequence', 'SE', '--tr', '0.5', '--te', '0.015', '--matrix', '32', '--fov', '0.16',
      '--slices', '2', '--threads', '2', '--out', path.join(dir, 'png'), '--dicom', path.join(dir, 'dcm'),
      '--nifti', path.join(dir, 'scan.nii'),
    ]); // prettier-ignore
    expect(code).toBe(0);
    expect(readdirSync(path.join(dir, 'png')).sort()).toEqual(['slice-001.png', 'slice-002.png']);
    // The knee fills about a third of a 160 mm FOV: a grey object on a black background, not a blank image.
    // One window for the series (recon/window.ts): its brightest tissue saturates, in one slice or the other.
    let seriesMax = 0;
    for (const name of ['slice-001.png', 'slice-002.png']) {
      const png = pngPixels(readFileSync(path.join(dir, 'png', name)));
      expect([png.width, png.height]).toEqual([32, 32]);
      const s = stats(png.pixels, 10);
      expect(s.above).toBeGreaterThan(0.15);
      expect(s.above).toBeLessThan(0.9);
      expect(s.mean).toBeGreaterThan(20);
      expect(s.sd).toBeGreaterThan(20);
      seriesMax = Math.max(seriesMax, ...png.pixels);
    }
    expect(seriesMax).toBe(255);
    expect(readdirSync(path.join(dir, 'dcm'))).toHaveLength(2);
    const dicom = readFileSync(path.join(dir, 'dcm', 'IM0001.dcm'));
    expect(dicom.subarray(128, 132).toString()).toBe('DICM');
    // Pixel Data (7FE0,0010) is the file's last element: 32×32 unsigned 16-bit values.
    const dicomPixels = new Uint16Array(Uint8Array.from(dicom.subarray(dicom.length - 32 * 32 * 2)).buffer);
    expect(stats(dicomPixels, 0).above).toBeGreaterThan(0.15);
    const nifti = readFileSync(path.join(dir, 'scan.nii'));
    const voxels = niftiVoxels(nifti);
    expect(voxels.length).toBe(32 * 32 * 2);
    // The anatomy's credit as a comment extension (ecode 6) between the header and the voxels, as in the API's.
    const notice = modelNotice(2);
    if (notice) expect(nifti.subarray(360, 360 + notice.length).toString('latin1')).toBe(notice);
    else expect(nifti[348]).toBe(0);
    expect(voxels.every(Number.isFinite)).toBe(true);
    const v = stats(voxels, 0.02);
    expect(v.above).toBeGreaterThan(0.15);
    expect(v.sd).toBeGreaterThan(0.02);
  });

  it('renders a spin-echo EPI of the brain with the family defaults: finite, non-blank (no all-Inf black image)', async () => {
    const out = path.join(dir, 'epi');
    const code = await renderCommand.run([
      '--model', 'brain', '--sequence', 'SE-EPI', '--tr', '3', '--te', '0.08', '--threads', '1', '--out', out,
      '--nifti', path.join(dir, 'epi.nii'),
    ]); // prettier-ignore
    expect(code).toBe(0);
    const png = pngPixels(readFileSync(path.join(out, 'slice-001.png')));
    expect([png.width, png.height]).toEqual([64, 64]);
    const s = stats(png.pixels, 10);
    expect(s.above).toBeGreaterThan(0.2);
    expect(s.sd).toBeGreaterThan(20);
    const voxels = niftiVoxels(readFileSync(path.join(dir, 'epi.nii')));
    expect(voxels.every(Number.isFinite)).toBe(true);
  });

  it('renders DWI as a trace series per b-value and an ADC map (b0/, b1000/, adc/; ADC in 10⁻⁶ mm²/s, brain 500–3500)', async () => {
    const out = path.join(dir, 'dwi');
    const code = await renderCommand.run([
      '--model', 'brain', '--sequence', 'DWI', '--tr', '4', '--te', '0.09', '--b-values', '0,1e9', '--noise', '0',
      '--threads', '1', '--out', out, '--dicom', path.join(dir, 'dwi-dcm'), '--nifti', path.join(dir, 'dwi.nii'),
    ]); // prettier-ignore
    expect(code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['adc', 'b0', 'b1000']);
    expect(readdirSync(path.join(dir, 'dwi-dcm')).sort()).toEqual(['adc', 'b0', 'b1000']);
    // ImageType (0008,0008) of the ADC map: DERIVED\PRIMARY\DIFFUSION\ADC (CS, padded to an even length).
    const adcDicom = readFileSync(path.join(dir, 'dwi-dcm', 'adc', 'IM0001.dcm')).toString('latin1');
    expect(adcDicom).toContain('DERIVED\\PRIMARY\\DIFFUSION\\ADC');
    const b0 = stats(pngPixels(readFileSync(path.join(out, 'b0', 'slice-001.png'))).pixels, 10);
    expect(b0.above).toBeGreaterThan(0.2);
    const nifti = (name: string) => niftiVoxels(readFileSync(path.join(dir, name)));
    const [s0, s1000] = [nifti('dwi-b0.nii'), nifti('dwi-b1000.nii')];
    const brain = s0.map((v, i) => (v > 0.05 ? i : -1)).filter((i) => i >= 0);
    // Diffusion weighting darkens every tissue: mean over the brain at b = 1000 below 60 % of b = 0.
    const mean = (a: Float32Array) => brain.reduce((sum, i) => sum + (a[i] as number), 0) / brain.length;
    expect(mean(s1000)).toBeLessThan(0.6 * mean(s0));
    const adc = Array.from(nifti('dwi-adc.nii'))
      .filter((v) => v > 0)
      .sort((a, b) => a - b);
    expect(adc.length).toBeGreaterThan(0.2 * brain.length);
    const median = adc[Math.floor(adc.length / 2)] as number;
    expect(median).toBeGreaterThan(500);
    expect(median).toBeLessThan(3500);
  });
});
