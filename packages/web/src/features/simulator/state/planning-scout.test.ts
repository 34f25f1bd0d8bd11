import { describe, expect, it } from 'vitest';
import { decodeFloat32Base64, decodeUint8Base64, tissueAt, tissueName } from './planning-scout.ts';

describe("a scout image's base64 Float32 pixels", () => {
  it('decode little-endian values exactly', () => {
    const bytes = new Uint8Array(12);
    const view = new DataView(bytes.buffer);
    [1.5, -2, 1e-3].forEach((v, i) => view.setFloat32(4 * i, v, true));
    const text = btoa(String.fromCharCode(...bytes));
    expect([...decodeFloat32Base64(text)]).toEqual([1.5, -2, Math.fround(1e-3)]);
  });
});

describe('the tissue name on hover over a localiser (Display Options: show tissues on hover)', () => {
  const scout = {
    rows: 2,
    columns: 3,
    labelValues: decodeUint8Base64(btoa(String.fromCharCode(0, 1, 2, 2, 1, 0))),
    tissues: ['air', 'csf', 'whiteMatter'],
  };

  it('names the tissue of the pixel under the point, in words', () => {
    expect(tissueAt(scout, { x: 1.2, y: 0.9 })).toBe('CSF');
    expect(tissueAt(scout, { x: 2.99, y: 0 })).toBe('White matter');
    expect(tissueAt(scout, { x: 0.5, y: 1.5 })).toBe('White matter');
  });

  it('says nothing over air or outside the image', () => {
    expect(tissueAt(scout, { x: 0.1, y: 0.1 })).toBeUndefined();
    expect(tissueAt(scout, { x: 3, y: 0 })).toBeUndefined();
    expect(tissueAt(scout, { x: -0.1, y: 1 })).toBeUndefined();
  });

  it('writes keys as words', () => {
    expect(tissueName('corticalBone')).toBe('Cortical bone');
    expect(tissueName('fat')).toBe('Fat');
  });
});
