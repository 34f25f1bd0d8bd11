import { describe, expect, it } from 'vitest';
import { scanGeometry } from '../../simulate/geometry.ts';
import { testProtocol, TEST_SCANNER } from '../../simulate/fast/phantom.testing.ts';
import { dicomMrSeries } from './mrImage.ts';
import { decimalString, uidFromKey } from './encode.ts';

/** A tiny explicit-VR-little-endian reader: tag → { vr, bytes }, meta group and dataset alike. */
function readPart10(file: Uint8Array): Map<number, { vr: string; bytes: Uint8Array }> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (new TextDecoder().decode(file.subarray(128, 132)) !== 'DICM') throw new Error('no DICM prefix');
  const out = new Map<number, { vr: string; bytes: Uint8Array }>();
  let p = 132;
  while (p < file.length) {
    const tag = (view.getUint16(p, true) << 16) | view.getUint16(p + 2, true);
    const vr = String.fromCharCode(file[p + 4] ?? 0, file[p + 5] ?? 0);
    let length: number;
    if (vr === 'OB' || vr === 'OW') {
      length = view.getUint32(p + 8, true);
      p += 12;
    } else {
      length = view.getUint16(p + 6, true);
      p += 8;
    }
    out.set(tag >>> 0, { vr, bytes: file.subarray(p, p + length) });
    p += length;
  }
  return out;
}

const text = (m: ReturnType<typeof readPart10>, tag: number): string =>
  new TextDecoder().decode(m.get(tag)?.bytes).replace(/[\0 ]+$/, '');
const numbers = (m: ReturnType<typeof readPart10>, tag: number): number[] =>
  text(m, tag).split('\\').map(Number);

describe('DICOM MR export', () => {
  const protocol = testProtocol({
    matrixRead: 4,
    matrixPhase: 2,
    fovRead: 0.2,
    fovPhase: 0.1,
    sliceCount: 2,
    sliceThickness: 0.004,
    sliceGap: 0.001,
    geometry: { orientation: 'coronal', center: [0.01, 0.02, 0.03] },
  });
  const geometry = scanGeometry(protocol);
  const images = geometry.slices.map((plane, s) => ({
    rows: plane.rows,
    columns: plane.columns,
    magnitude: Float32Array.from({ length: plane.rows * plane.columns }, (_, i) => i + s),
  }));
  const files = dicomMrSeries({
    images,
    geometry,
    protocol,
    scanner: TEST_SCANNER,
    scanKey: 'scan-1',
    date: '20261121',
    time: '120000',
  });
  const [first, second] = files.map(readPart10);
  if (!first || !second) throw new Error('two files expected');

  it('writes a Part 10 file: meta group with its length, MR Image Storage, explicit VR little endian', () => {
    const metaLength = new DataView(first.get(0x00020000)?.bytes.buffer ?? new ArrayBuffer(4)).getUint32(
      first.get(0x00020000)?.bytes.byteOffset ?? 0,
      true,
    );
    const metaTags = [...first.keys()].filter((t) => t >>> 16 === 2 && t !== 0x00020000);
    const metaBytes = metaTags.reduce((n, t) => {
      const e = first.get(t);
      return n + (e ? e.bytes.length + (e.vr === 'OB' ? 12 : 8) : 0);
    }, 0);
    expect(metaLength).toBe(metaBytes);
    expect(text(first, 0x00020002)).toBe('1.2.840.10008.5.1.4.1.1.4');
    expect(text(first, 0x00020010)).toBe('1.2.840.10008.1.2.1');
    expect(text(first, 0x00080016)).toBe(text(first, 0x00020002));
    expect(text(first, 0x00080018)).toBe(text(first, 0x00020003));
  });

  it('puts both slices in one series with distinct instances', () => {
    expect(text(first, 0x0020000e)).toBe(text(second, 0x0020000e));
    expect(text(first, 0x00080018)).not.toBe(text(second, 0x00080018));
    expect(numbers(second, 0x00200013)).toEqual([2]);
  });

  it('writes the geometry in mm: position of the first pixel, orientation, spacing, thickness', () => {
    // Coronal: rows run along +x (left), columns along −z (feet); 4 columns of 50 mm, 2 rows of 50 mm.
    expect(numbers(first, 0x00200037)).toEqual([1, 0, 0, 0, 0, -1]);
    expect(numbers(first, 0x00280030)).toEqual([50, 50]);
    expect(numbers(first, 0x00180050)).toEqual([4]);
    expect(numbers(first, 0x00180088)).toEqual([5]);
    // Slice 0 centre: 20 mm − 2.5 mm along the normal (+y); first pixel −2 columns·50 mm in x, −1 row·50 mm in −z.
    const position = numbers(first, 0x00200032);
    [10 - 100, 17.5, 30 + 50].forEach((v, i) => expect(position[i]).toBeCloseTo(v, 6));
    expect(numbers(second, 0x00200032)[1]).toBeCloseTo(22.5, 6);
  });

  it('writes the acquisition: TR, TE [ms], flip angle [°], field [T], sequence terms', () => {
    expect(numbers(first, 0x00180080)).toEqual([500]);
    expect(numbers(first, 0x00180081)).toEqual([15]);
    expect(numbers(first, 0x00181314)).toEqual([90]);
    expect(numbers(first, 0x00180087)).toEqual([1.5]);
    expect(text(first, 0x00180020)).toBe('SE');
    expect(text(first, 0x00180021)).toBe('NONE');
    expect(text(first, 0x00181312)).toBe('COL');
  });

  it('stores 16-bit pixels scaled so the series peak is 4095', () => {
    expect(
      new DataView(first.get(0x00280010)?.bytes.slice().buffer ?? new ArrayBuffer(2)).getUint16(0, true),
    ).toBe(2);
    const pixels = second.get(0x7fe00010)?.bytes;
    if (!pixels) throw new Error('no pixel data');
    expect(pixels.length).toBe(2 * 4 * 2);
    expect(new DataView(pixels.slice().buffer).getUint16(14, true)).toBe(4095);
  });

  it('encodes decimal strings in at most 16 characters and UIDs deterministically', () => {
    for (const x of [Math.PI * 1e6, -1 / 3, 1e-12, 123456789012.345]) {
      expect(decimalString(x).length).toBeLessThanOrEqual(16);
      expect(Math.abs(Number(decimalString(x)) / x - 1)).toBeLessThan(1e-9);
    }
    expect(uidFromKey('a')).toBe(uidFromKey('a'));
    expect(uidFromKey('a')).not.toBe(uidFromKey('b'));
    expect(uidFromKey('a')).toMatch(/^2\.25\.[1-9]\d*$/);
  });
});
