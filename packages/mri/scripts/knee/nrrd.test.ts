import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseColorTable } from './colorTable.ts';
import { parseNrrd } from './nrrd.ts';

function nrrd(encoding: 'raw' | 'gzip', values: number[]): Uint8Array {
  const header = [
    'NRRD0004',
    '# a comment',
    'type: short',
    'dimension: 3',
    'space: left-posterior-superior',
    'sizes: 2 2 2',
    'space directions: (0.5,0,0) (0,-0.5,0) (0,0,2)',
    'kinds: domain domain domain',
    'endian: little',
    `encoding: ${encoding}`,
    'space origin: (-1,1,-3)',
    '',
    '',
  ].join('\n');
  const data = new Uint8Array(Int16Array.from(values).buffer);
  const payload = encoding === 'gzip' ? new Uint8Array(gzipSync(data)) : data;
  const out = new Uint8Array(header.length + payload.length);
  out.set(new TextEncoder().encode(header), 0);
  out.set(payload, header.length);
  return out;
}

describe('NRRD reader (teem NRRD format)', () => {
  const values = [0, 95, -2, 300, 83, 0, 7, 32767];

  it('reads sizes, space, directions, origin and little-endian int16 values, raw or gzip-encoded', () => {
    for (const encoding of ['raw', 'gzip'] as const) {
      const v = parseNrrd(nrrd(encoding, values));
      expect(v.dims).toEqual([2, 2, 2]);
      expect(v.space).toBe('left-posterior-superior');
      expect(v.directions).toEqual([
        [0.5, 0, 0],
        [0, -0.5, 0],
        [0, 0, 2],
      ]);
      expect(v.origin).toEqual([-1, 1, -3]);
      expect(Array.from(v.data)).toEqual(values);
    }
  });

  it('refuses what is not a NRRD volume or lacks data', () => {
    expect(() => parseNrrd(new TextEncoder().encode('P6 2 2 255\n\n'))).toThrow(/not a NRRD/);
    expect(() => parseNrrd(nrrd('raw', values).subarray(0, -4))).toThrow(/shorter/);
  });
});

describe('Slicer colour table', () => {
  it('reads value → name, skipping comments', () => {
    const names = parseColorTable(
      '# Color table\n# 2 values\n9 infrapatellar_fat_body 225 230 150 255\n95 femur 1 2 3 255\n',
    );
    expect([...names]).toEqual([
      [9, 'infrapatellar_fat_body'],
      [95, 'femur'],
    ]);
  });
});
