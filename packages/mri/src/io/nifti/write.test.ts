import { describe, expect, it } from 'vitest';
import { seriesWindow } from '../../recon/window.ts';
import { niftiVolume } from './write.ts';
import { tinyStack } from '../export.testing.ts';

describe('NIfTI-1 export', () => {
  const { geometry, images } = tinyStack('axial', 3, (s, i) => 100 * s + i);
  const bytes = niftiVolume({ images, geometry, repetitionTime: 0.5 });
  const view = new DataView(bytes.buffer);
  const srow = (r: number): number[] => [0, 1, 2, 3].map((c) => view.getFloat32(280 + 16 * r + 4 * c, true));

  it('has the NIfTI-1 header fields: size 348, dims, float32, pixdim in mm, vox_offset 352, magic n+1', () => {
    expect(view.getInt32(0, true)).toBe(348);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(40 + 2 * i, true))).toEqual([3, 4, 2, 3, 1]);
    expect(view.getInt16(70, true)).toBe(16);
    expect(view.getInt16(72, true)).toBe(32);
    expect([1, 2, 3].map((i) => view.getFloat32(76 + 4 * i, true))).toEqual([50, 50, 5]);
    expect(view.getFloat32(108, true)).toBe(352);
    expect(new TextDecoder().decode(bytes.subarray(344, 347))).toBe('n+1');
    expect(view.getInt16(252, true)).toBe(1);
    expect(view.getInt16(254, true)).toBe(1);
    expect(bytes.length).toBe(352 + 4 * 2 * 3 * 4);
  });

  it('sform maps voxel (i, j, k) to RAS mm: LPS x and y negated, first pixel centre at the origin', () => {
    // Axial LPS: i along +x (50 mm), j along +y (50 mm), k along +z (5 mm); slice 0 centre z = 30 − 5 mm.
    expect(srow(0)).toEqual([-50, 0, 0, -(10 - 100)]);
    expect(srow(1)).toEqual([0, -50, 0, -(20 - 50)]);
    expect(srow(2).map((v) => Math.round(v * 1e4) / 1e4)).toEqual([0, 0, 5, 25]);
  });

  it('qform holds the same rotation: quaternion (0, 0, 1) for the axial LPS→RAS flip, qfac 1', () => {
    expect(view.getFloat32(76, true)).toBe(1);
    expect([0, 1, 2].map((i) => view.getFloat32(256 + 4 * i, true))).toEqual([0, 0, 1]);
    expect([3, 4, 5].map((i) => view.getFloat32(256 + 4 * i, true))).toEqual(
      srow(0).slice(3).concat(srow(1).slice(3), srow(2).slice(3)).map(Math.fround),
    );
  });

  it('carries the relative SNR figure in descrip (80 bytes, NUL-terminated)', () => {
    const withSnr = niftiVolume({ images, geometry, description: 'SE knee', relativeSnrPercent: 63.3 });
    const descrip = new TextDecoder().decode(withSnr.subarray(148, 228)).replace(/\0+$/, '');
    expect(descrip).toBe('SE knee; relative SNR 63.3 %');
    const long = niftiVolume({ images, geometry, description: 'x'.repeat(100), relativeSnrPercent: 5 });
    const kept = new TextDecoder().decode(long.subarray(148, 228)).replace(/\0+$/, '');
    expect(kept.endsWith('; relative SNR 5.0 %')).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(79);
  });

  it('credits the anatomy in a comment extension (flag 1, esize a multiple of 16, ecode 6, ASCII) before the voxels', () => {
    const notice = 'Brain model derived from Colin27 (Holmes CJ et al., 1998;22:324–333; “BSD”) — Montréal';
    const credited = niftiVolume({ images, geometry, anatomyNotice: notice });
    const v = new DataView(credited.buffer);
    expect(credited[348]).toBe(1);
    const esize = v.getInt32(352, true);
    expect(esize % 16).toBe(0);
    expect(v.getInt32(356, true)).toBe(6);
    const text = new TextDecoder('ascii').decode(credited.subarray(360, 352 + esize)).replace(/\0+$/, '');
    expect(text).toBe(
      'Brain model derived from Colin27 (Holmes CJ et al., 1998;22:324-333; "BSD") - Montreal',
    );
    expect(v.getFloat32(108, true)).toBe(352 + esize);
    expect(credited.length).toBe(352 + esize + 4 * 2 * 3 * 4);
    expect(v.getFloat32(352 + esize + 4 * (2 * 8 + 1 * 4 + 3), true)).toBe(200 + 7);
    // Without a notice: no extension, voxels from byte 352.
    expect(bytes[348]).toBe(0);
    expect(view.getFloat32(108, true)).toBe(352);
  });

  it("sets cal_min/cal_max to the series' default display window", () => {
    const window = seriesWindow(images.map((i) => i.magnitude));
    expect(view.getFloat32(128, true)).toBe(Math.fround(window.low));
    expect(view.getFloat32(124, true)).toBe(Math.fround(window.high));
    expect(window.high).toBeGreaterThan(window.low);
  });

  it('writes a 4D series (dim[0] = 4, dim[4] = volumes), volume after volume', () => {
    const echoes = niftiVolume({
      images: [...images, ...images.map((i) => ({ ...i, magnitude: i.magnitude.map((v) => -v) }))],
      geometry,
      volumes: 2,
    });
    const v = new DataView(echoes.buffer);
    expect([0, 1, 2, 3, 4].map((i) => v.getInt16(40 + 2 * i, true))).toEqual([4, 4, 2, 3, 2]);
    expect(echoes.length).toBe(352 + 4 * 2 * 3 * 2 * 4);
    expect(v.getFloat32(352 + 4 * (24 + 2 * 8 + 7), true)).toBe(-(200 + 7));
    expect(() => niftiVolume({ images, geometry, volumes: 2 })).toThrow(/equal slice count/);
  });

  it('stores voxels i fastest, then j, then slices', () => {
    expect(view.getFloat32(352 + 4 * (2 * 8 + 1 * 4 + 3), true)).toBe(200 + 7);
  });
});
