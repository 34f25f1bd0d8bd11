import { describe, expect, it } from 'vitest';
import { createFftPlan, fftInPlace } from './fft.ts';
import { fftColumnsInPlace } from './fftColumns.ts';
import { createFft2d } from './fftnd.ts';
import { createWasmFft2d } from './wasmFft.ts';

/** Deterministic pseudo-random numbers in [−0.5, 0.5) (a 32-bit LCG, Numerical Recipes constants). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/** The bit patterns of a Float64Array (so that −0 and +0 differ, as they do in an image's bytes). */
const bits = (a: Float64Array): string[] => Array.from(new BigUint64Array(a.slice().buffer), String);

/** The JavaScript path of fftnd.ts and prepare.ts: rows with fft.ts, then columns with fftColumns.ts. */
function javascript2d(re: Float64Array, im: Float64Array, rows: number, cols: number, columns = true): void {
  const rowPlan = createFftPlan(cols);
  for (let row = 0; row < rows; row++)
    fftInPlace(rowPlan, re.subarray(row * cols, (row + 1) * cols), im.subarray(row * cols, (row + 1) * cols));
  if (columns)
    fftColumnsInPlace(createFftPlan(rows), re, im, cols, new Float64Array(rows), new Float64Array(rows));
}

describe('WebAssembly SIMD FFT (asm/fft.ts)', () => {
  it.each([
    [2, 2],
    [4, 8],
    [8, 2],
    [16, 64],
    [32, 32],
    [64, 16],
    [256, 256],
    [512, 128],
  ])(
    'transforms the rows and then the columns of a %i × %i array exactly as fft.ts and fftColumns.ts do, bit for bit',
    (rows, cols) => {
      const fft = createWasmFft2d(rows, cols);
      if (!fft) throw new Error('WebAssembly SIMD is available on Node ≥ 16');
      const r = random(rows * 1000 + cols);
      const re = Float64Array.from({ length: rows * cols }, r);
      const im = Float64Array.from({ length: rows * cols }, r);
      const rowsRe = re.slice();
      const rowsIm = im.slice();
      javascript2d(rowsRe, rowsIm, rows, cols, false);
      const bothRe = re.slice();
      const bothIm = im.slice();
      javascript2d(bothRe, bothIm, rows, cols);
      fft.write(re, im);
      fft.transformRows(0, 1);
      fft.transformRows(1, rows);
      const outRe = new Float64Array(rows * cols);
      const outIm = new Float64Array(rows * cols);
      fft.read(outRe, outIm);
      expect(bits(outRe)).toEqual(bits(rowsRe));
      expect(bits(outIm)).toEqual(bits(rowsIm));
      fft.transformColumns(0, cols);
      fft.read(outRe, outIm);
      expect(bits(outRe)).toEqual(bits(bothRe));
      expect(bits(outIm)).toEqual(bits(bothIm));
    },
  );

  it("applies the centred transform's input checkerboard (−1)^(r+c) in the row pass exactly as a sign flip before it", () => {
    const rows = 8;
    const cols = 16;
    const r = random(11);
    const re = Float64Array.from({ length: rows * cols }, r);
    const im = Float64Array.from({ length: rows * cols }, r);
    const flip = (a: Float64Array) => a.map((v, i) => (((i % cols) + Math.floor(i / cols)) & 1 ? -v : v));
    for (const checker of ['re', 'both'] as const) {
      const fused = createWasmFft2d(rows, cols);
      const plain = createWasmFft2d(rows, cols);
      if (!fused || !plain) throw new Error('no WebAssembly SIMD');
      fused.write(re, im);
      fused.transformRows(0, rows, checker);
      plain.write(flip(re), checker === 'both' ? flip(im) : im);
      plain.transformRows(0, rows);
      const [aRe, aIm, bRe, bIm] = [0, 1, 2, 3].map(() => new Float64Array(rows * cols)) as [
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
      ];
      fused.read(aRe, aIm);
      plain.read(bRe, bIm);
      expect(bits(aRe)).toEqual(bits(bRe));
      expect(bits(aIm)).toEqual(bits(bIm));
    }
  });

  it('keeps the signs of zero as the JavaScript transform does on an image full of ±0 (a checkerboarded empty image)', () => {
    const rows = 16;
    const cols = 8;
    const fft = createWasmFft2d(rows, cols);
    if (!fft) throw new Error('no WebAssembly SIMD');
    const re = Float64Array.from({ length: rows * cols }, (_, i) =>
      i % 7 === 0 ? 1.5 : (i & 1 ? -1 : 1) * 0,
    );
    const im = Float64Array.from({ length: rows * cols }, (_, i) =>
      i % 5 === 0 ? -2 : (i & 2 ? -1 : 1) * 0,
    );
    const eRe = re.slice();
    const eIm = im.slice();
    javascript2d(eRe, eIm, rows, cols);
    fft.write(re, im);
    fft.transformRows(0, rows);
    fft.transformColumns(0, cols);
    const outRe = new Float64Array(rows * cols);
    const outIm = new Float64Array(rows * cols);
    fft.read(outRe, outIm);
    expect(bits(outRe)).toEqual(bits(eRe));
    expect(bits(outIm)).toEqual(bits(eIm));
  });

  it('is the forward, unscaled exp(−i…) DFT by definition (length 16, 1e-13 of the peak)', () => {
    const n = 16;
    const fft = createWasmFft2d(2, n);
    if (!fft) throw new Error('no WebAssembly SIMD');
    const r = random(4);
    const xRe = Float64Array.from({ length: n }, r);
    const xIm = Float64Array.from({ length: n }, r);
    fft.write(
      Float64Array.from([...xRe, ...new Float64Array(n)]),
      Float64Array.from([...xIm, ...new Float64Array(n)]),
    );
    fft.transformRows(0, 1);
    let worst = 0;
    let peak = 0;
    for (let k = 0; k < n; k++) {
      let dRe = 0;
      let dIm = 0;
      for (let t = 0; t < n; t++) {
        const a = (-2 * Math.PI * k * t) / n;
        dRe += (xRe[t] as number) * Math.cos(a) - (xIm[t] as number) * Math.sin(a);
        dIm += (xRe[t] as number) * Math.sin(a) + (xIm[t] as number) * Math.cos(a);
      }
      worst = Math.max(worst, Math.hypot((fft.re[k] as number) - dRe, (fft.im[k] as number) - dIm));
      peak = Math.max(peak, Math.hypot(dRe, dIm));
    }
    expect(worst).toBeLessThan(1e-13 * peak);
    // Only row 0 was transformed: row 1 is as it was (zero).
    expect(fft.re.subarray(fft.stride, fft.stride + n).every((v) => v === 0)).toBe(true);
  });

  it('refuses sizes that are not powers of two (callers fall back to fft.ts) and odd column ranges', () => {
    expect(createWasmFft2d(192, 256)).toBeUndefined();
    expect(() => createWasmFft2d(4, 4)?.transformColumns(0, 3)).toThrow(RangeError);
  });

  it.each([
    [256, 256],
    [64, 128],
    [192, 128],
  ])(
    'createFft2d %i × %i: centred forward, inverse and bare inverse give the JavaScript transform bit for bit',
    (rows, cols) => {
      const r = random(rows + cols);
      const re = Float64Array.from({ length: rows * cols }, r);
      const im = Float64Array.from({ length: rows * cols }, r);
      const simd = createFft2d(rows, cols);
      const js = createFft2d(rows, cols, false);
      for (const direction of ['forward', 'inverse', 'inverseUncentredUnscaled'] as const) {
        const [aRe, aIm, bRe, bIm] = [re.slice(), im.slice(), re.slice(), im.slice()];
        simd[direction](aRe, aIm);
        js[direction](bRe, bIm);
        expect(bits(aRe)).toEqual(bits(bRe));
        expect(bits(aIm)).toEqual(bits(bIm));
      }
    },
  );
});
