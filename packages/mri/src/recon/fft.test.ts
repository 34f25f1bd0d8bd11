import { describe, expect, it } from 'vitest';
import { createFftPlan, fftInPlace, ifftInPlace } from './fft.ts';
import { createFft2d, createFft3d } from './fftnd.ts';

/** Deterministic pseudo-random test data (LCG), so failures reproduce. */
function testSignal(n: number, seed: number): { re: Float64Array; im: Float64Array } {
  let state = seed >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    re[i] = next();
    im[i] = next();
  }
  return { re, im };
}

/** The plain O(N²) DFT with the forward sign of docs/conventions.md: exp(−i2πkn/N). */
function naiveDft(re: Float64Array, im: Float64Array): { re: Float64Array; im: Float64Array } {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let sr = 0;
    let si = 0;
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((k * j) % n)) / n;
      sr += (re[j] ?? 0) * Math.cos(a) - (im[j] ?? 0) * Math.sin(a);
      si += (re[j] ?? 0) * Math.sin(a) + (im[j] ?? 0) * Math.cos(a);
    }
    outRe[k] = sr;
    outIm[k] = si;
  }
  return { re: outRe, im: outIm };
}

const maxAbsDiff = (a: Float64Array, b: Float64Array): number =>
  a.reduce((m, v, i) => Math.max(m, Math.abs(v - (b[i] ?? NaN))), 0);

describe('1D FFT', () => {
  it.each([1, 2, 4, 8, 16, 64, 256, 6, 12, 192, 320])(
    'matches the naive DFT with sign exp(−i2πkn/N) within 1e-9 relative, for N = %i',
    (n) => {
      const x = testSignal(n, n);
      const expected = naiveDft(x.re, x.im);
      const plan = createFftPlan(n);
      fftInPlace(plan, x.re, x.im);
      const tol = 1e-9 * n;
      expect(maxAbsDiff(x.re, expected.re)).toBeLessThan(tol);
      expect(maxAbsDiff(x.im, expected.im)).toBeLessThan(tol);
    },
  );

  it.each([256, 384])('inverse(forward(x)) returns x within 1e-12, for N = %i', (n) => {
    const x = testSignal(n, 7);
    const re = x.re.slice();
    const im = x.im.slice();
    const plan = createFftPlan(n);
    fftInPlace(plan, re, im);
    ifftInPlace(plan, re, im);
    expect(maxAbsDiff(re, x.re)).toBeLessThan(1e-12);
    expect(maxAbsDiff(im, x.im)).toBeLessThan(1e-12);
  });

  it('keeps Parseval: Σ|X|² = N·Σ|x|² within 1e-10 relative', () => {
    const n = 512;
    const x = testSignal(n, 3);
    const energy = x.re.reduce((s, v, i) => s + v * v + (x.im[i] ?? 0) ** 2, 0);
    const plan = createFftPlan(n);
    fftInPlace(plan, x.re, x.im);
    const kEnergy = x.re.reduce((s, v, i) => s + v * v + (x.im[i] ?? 0) ** 2, 0);
    expect(Math.abs(kEnergy / (n * energy) - 1)).toBeLessThan(1e-10);
  });
});

describe('centred 2D and 3D FFT', () => {
  it('puts a centred point source at index N/2 into a flat k-space and back', () => {
    const rows = 8;
    const cols = 16;
    const re = new Float64Array(rows * cols);
    const im = new Float64Array(rows * cols);
    re[(rows / 2) * cols + cols / 2] = 1;
    const fft = createFft2d(rows, cols);
    fft.forward(re, im);
    for (let i = 0; i < re.length; i++) {
      expect(re[i]).toBeCloseTo(1, 12);
      expect(im[i]).toBeCloseTo(0, 12);
    }
    fft.inverse(re, im);
    expect(re[(rows / 2) * cols + cols / 2]).toBeCloseTo(1, 12);
    expect(re[0]).toBeCloseTo(0, 12);
  });

  it.each([
    [6, 10],
    [8, 12],
    [4, 4],
    [32, 16],
    [16, 8],
  ])('equals the naive centred DFT Σ x·exp(−i2π(k−N/2)(n−N/2)/N) for %i × %i within 1e-10', (rows, cols) => {
    const x = testSignal(rows * cols, rows + cols);
    const expectedRe = new Float64Array(rows * cols);
    const expectedIm = new Float64Array(rows * cols);
    for (let kr = 0; kr < rows; kr++) {
      for (let kc = 0; kc < cols; kc++) {
        let sr = 0;
        let si = 0;
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            const a =
              -2 *
              Math.PI *
              (((kr - rows / 2) * (r - rows / 2)) / rows + ((kc - cols / 2) * (c - cols / 2)) / cols);
            const vr = x.re[r * cols + c] ?? 0;
            const vi = x.im[r * cols + c] ?? 0;
            sr += vr * Math.cos(a) - vi * Math.sin(a);
            si += vr * Math.sin(a) + vi * Math.cos(a);
          }
        }
        expectedRe[kr * cols + kc] = sr;
        expectedIm[kr * cols + kc] = si;
      }
    }
    const re = x.re.slice();
    const im = x.im.slice();
    createFft2d(rows, cols).forward(re, im);
    expect(maxAbsDiff(re, expectedRe)).toBeLessThan(1e-10);
    expect(maxAbsDiff(im, expectedIm)).toBeLessThan(1e-10);
  });

  it('3D: a shifted point source gives the linear phase exp(−i2π k·r) and the round trip is exact to 1e-12', () => {
    const [nz, ny, nx] = [4, 8, 6];
    const re = new Float64Array(nz * ny * nx);
    const im = new Float64Array(nz * ny * nx);
    const [dz, dy, dx] = [1, -2, 1];
    re[(nz / 2 + dz) * ny * nx + (ny / 2 + dy) * nx + (nx / 2 + dx)] = 1;
    const original = re.slice();
    const fft = createFft3d(nz, ny, nx);
    fft.forward(re, im);
    for (let z = 0; z < nz; z++) {
      for (let y = 0; y < ny; y++) {
        for (let x = 0; x < nx; x++) {
          const a =
            -2 * Math.PI * (((z - nz / 2) * dz) / nz + ((y - ny / 2) * dy) / ny + ((x - nx / 2) * dx) / nx);
          const p = z * ny * nx + y * nx + x;
          expect(re[p]).toBeCloseTo(Math.cos(a), 10);
          expect(im[p]).toBeCloseTo(Math.sin(a), 10);
        }
      }
    }
    fft.inverse(re, im);
    expect(maxAbsDiff(re, original)).toBeLessThan(1e-12);
    expect(Math.max(...im.map(Math.abs))).toBeLessThan(1e-12);
  });
});
