/**
 * Centred 2D and 3D FFTs in place (docs/conventions.md, "FFT and shift").
 *
 * Arrays are stored last axis fastest ([rows][cols], [z][y][x]). "Centred" means index i along an axis of even
 * length N stands for the coordinate (i − N/2): the image centre and the k-space centre (DC) both sit at N/2,
 * as after numpy's `fftshift`. The shift is never done by moving data: for even N,
 *   Σ_n x[n]·exp(−i2π(k−N/2)(n−N/2)/N) = (−1)^(N/2) · (−1)^k · Σ_n (−1)^n·x[n]·exp(−i2πkn/N),
 * so a centred transform is a checkerboard sign before and after the plain one. Forward is unscaled with
 * exp(−i…); inverse is scaled by 1/N with exp(+i…), as in ./fft.ts.
 */
import { createFftPlan, fftInPlace, ifftInPlace, type FftPlan } from './fft.ts';
import { fftColumnsInPlace } from './fftColumns.ts';
import { sharedWasmFft2d } from './wasmFft.ts';

/** A reusable centred 2D transform for one shape: plans and column scratch are allocated once. */
export interface Fft2d {
  readonly rows: number;
  readonly cols: number;
  forward(re: Float64Array, im: Float64Array): void;
  inverse(re: Float64Array, im: Float64Array): void;
  /**
   * The bare inverse kernel Σ X[k]·exp(+i2πkn/N), without centring or 1/N: for hot paths that fold the input
   * checkerboard into their own loop and apply `outputSign`·(−1)^(r+c)/(rows·cols) when they read the result.
   */
  inverseUncentredUnscaled(re: Float64Array, im: Float64Array): void;
  /** (−1)^(rows/2 + cols/2): the global sign of the centred transform. */
  readonly outputSign: number;
  /** Whether it transforms on WebAssembly SIMD (./wasmFft.ts `sharedWasmFft2d` of its shape). */
  readonly wasm: boolean;
}

/** A reusable centred 3D transform for one shape (nz × ny × nx, x fastest). */
export interface Fft3d {
  readonly dims: readonly [number, number, number];
  forward(re: Float64Array, im: Float64Array): void;
  inverse(re: Float64Array, im: Float64Array): void;
}

function requireEven(n: number): void {
  if (n % 2 !== 0) throw new RangeError(`centred FFT needs even lengths, got ${n}`);
}

/** Transforms every line of `count` lines spaced `stride` apart along an axis of length plan.n, step `step`. */
function transformLines(
  plan: FftPlan,
  re: Float64Array,
  im: Float64Array,
  starts: (line: number) => number,
  count: number,
  step: number,
  inverse: boolean,
  scratchRe: Float64Array,
  scratchIm: Float64Array,
): void {
  const n = plan.n;
  for (let line = 0; line < count; line++) {
    const base = starts(line);
    if (step === 1) {
      const r = re.subarray(base, base + n);
      const i = im.subarray(base, base + n);
      if (inverse) ifftInPlace(plan, r, i);
      else fftInPlace(plan, r, i);
      continue;
    }
    for (let j = 0, p = base; j < n; j++, p += step) {
      scratchRe[j] = re[p] as number;
      scratchIm[j] = im[p] as number;
    }
    if (inverse) ifftInPlace(plan, scratchRe, scratchIm);
    else fftInPlace(plan, scratchRe, scratchIm);
    for (let j = 0, p = base; j < n; j++, p += step) {
      re[p] = scratchRe[j] as number;
      im[p] = scratchIm[j] as number;
    }
  }
}

/** Multiplies element (…, i, j, k) by sign·(−1)^(i+j+k): the centring checkerboard. */
function checkerboard(re: Float64Array, im: Float64Array, dims: readonly number[], sign: number): void {
  const nx = dims[dims.length - 1] as number;
  const outer = re.length / nx;
  let outerParity = 0;
  // Parity of the outer index sum changes in a pattern we can track with the outer multi-index.
  const outerDims = dims.slice(0, -1);
  const index = outerDims.map(() => 0);
  for (let o = 0; o < outer; o++) {
    const base = o * nx;
    let s = outerParity % 2 === 0 ? sign : -sign;
    for (let x = 0; x < nx; x++) {
      const p = base + x;
      re[p] = (re[p] as number) * s;
      im[p] = (im[p] as number) * s;
      s = -s;
    }
    for (let d = outerDims.length - 1; d >= 0; d--) {
      index[d] = (index[d] as number) + 1;
      outerParity++;
      if ((index[d] as number) < (outerDims[d] as number)) break;
      outerParity -= outerDims[d] as number;
      index[d] = 0;
    }
  }
}

/** The global sign (−1)^(Σ N/2) of the centred transform. */
const centringSign = (dims: readonly number[]): number =>
  dims.reduce((s, n) => ((n / 2) % 2 === 0 ? s : -s), 1);

/**
 * Creates a centred 2D FFT for `rows` × `cols` (both even): on WebAssembly SIMD when both are powers of two and
 * the platform has it (./wasmFft.ts; the data is copied into the module and back), else in JavaScript. `wasm`
 * false: always JavaScript.
 */
export function createFft2d(rows: number, cols: number, wasm = true): Fft2d {
  requireEven(rows);
  requireEven(cols);
  const rowPlan = createFftPlan(cols);
  const colPlan = createFftPlan(rows);
  const scratchRe = new Float64Array(rows);
  const scratchIm = new Float64Array(rows);
  const dims = [rows, cols];
  const sign = centringSign(dims);
  const simd = wasm && sharedWasmFft2d(rows, cols) !== undefined;
  const plain = (re: Float64Array, im: Float64Array, inverse: boolean): void => {
    if (re.length !== rows * cols || im.length !== rows * cols)
      throw new RangeError('array size ≠ rows·cols');
    // exp(+i…) is the exp(−i…) kernel applied to swapped real and imaginary parts.
    const a = inverse ? im : re;
    const b = inverse ? re : im;
    const engine = simd ? sharedWasmFft2d(rows, cols) : undefined;
    if (engine) {
      engine.write(a, b);
      engine.transformRows(0, rows);
      engine.transformColumns(0, cols);
      engine.read(a, b);
      return;
    }
    transformLines(rowPlan, a, b, (r) => r * cols, rows, 1, false, scratchRe, scratchIm);
    fftColumnsInPlace(colPlan, a, b, cols, scratchRe, scratchIm);
  };
  return {
    rows,
    cols,
    forward: (re, im) => {
      checkerboard(re, im, dims, 1);
      plain(re, im, false);
      checkerboard(re, im, dims, sign);
    },
    inverse: (re, im) => {
      checkerboard(re, im, dims, 1);
      plain(re, im, true);
      checkerboard(re, im, dims, sign / (rows * cols));
    },
    inverseUncentredUnscaled: (re, im) => plain(re, im, true),
    outputSign: sign,
    wasm: simd,
  };
}

/** Creates a centred 3D FFT for nz × ny × nx (all even), x fastest. */
export function createFft3d(nz: number, ny: number, nx: number): Fft3d {
  for (const n of [nz, ny, nx]) requireEven(n);
  const px = createFftPlan(nx);
  const py = createFftPlan(ny);
  const pz = createFftPlan(nz);
  const longest = Math.max(nx, ny, nz);
  const scratchRe = new Float64Array(longest);
  const scratchIm = new Float64Array(longest);
  const dims = [nz, ny, nx];
  const sign = centringSign(dims);
  const run = (re: Float64Array, im: Float64Array, inverse: boolean): void => {
    if (re.length !== nx * ny * nz || im.length !== re.length) throw new RangeError('array size ≠ nx·ny·nz');
    checkerboard(re, im, dims, 1);
    transformLines(px, re, im, (l) => l * nx, ny * nz, 1, inverse, scratchRe, scratchIm);
    const yStart = (l: number): number => Math.floor(l / nx) * nx * ny + (l % nx);
    transformLines(py, re, im, yStart, nx * nz, nx, inverse, scratchRe, scratchIm);
    transformLines(pz, re, im, (l) => l, nx * ny, nx * ny, inverse, scratchRe, scratchIm);
    checkerboard(re, im, dims, sign);
  };
  return {
    dims: [nz, ny, nx],
    forward: (re, im) => run(re, im, false),
    inverse: (re, im) => run(re, im, true),
  };
}
