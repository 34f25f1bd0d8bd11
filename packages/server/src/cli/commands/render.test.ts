import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFlags, UsageError } from '../command.ts';
import { crc32, encodePngGrey8 } from '../render/png.ts';
import { protocolFromFlags, renderCommand } from './render.ts';

describe('PNG encoder', () => {
  it('computes the CRC-32 check value of "123456789" (0xCBF43926)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
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
    const flags = (args: string[]) => parseFlags(args).flags;
    expect(() => protocolFromFlags(flags(['--sequence', 'SE', '--tr', '0.5']))).toThrow(/--tr and --te/);
    expect(() => protocolFromFlags(flags(['--sequence', 'XX', '--tr', '1', '--te', '0.01']))).toThrow(
      /--sequence/,
    );
    expect(() => protocolFromFlags(flags(['--sequence', 'FLAIR', '--tr', '9', '--te', '0.1']))).toThrow(
      /--ti/,
    );
    expect(() => protocolFromFlags(flags(['--sequence', 'SE', '--tr', 'x', '--te', '0.01']))).toThrow(
      UsageError,
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
    expect(readdirSync(path.join(dir, 'dcm'))).toHaveLength(2);
    const dicom = readFileSync(path.join(dir, 'dcm', 'IM0001.dcm'));
    expect(dicom.subarray(128, 132).toString()).toBe('DICM');
    expect(readFileSync(path.join(dir, 'scan.nii')).length).toBe(352 + 32 * 32 * 2 * 4);
  });
});
