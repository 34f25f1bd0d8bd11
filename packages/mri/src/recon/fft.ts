/**
 * One-dimensional complex FFT on split real/imaginary arrays, in place (docs/conventions.md, "FFT").
 *
 * Sign and scale: forward X[k] = Σ x[n]·exp(−i·2π·k·n/N) (unscaled), inverse x[n] = (1/N)·Σ X[k]·exp(+i·2π·k·n/N).
 * Powers of two use an iterative radix-2 decimation-in-time kernel whose first two stages are fused into
 * twiddle-free radix-4 butterflies, with per-stage twiddle tables laid out contiguously. Other even lengths
 * (matrix 192, 320, 384, …) go through Bluestein's chirp-z algorithm on a power-of-two plan
 * (Bluestein, IEEE Trans. Audio Electroacoust. 18:451, 1970).
 */

import { multiplyComplex } from './complexProduct.ts';

/** A precomputed plan for one transform length: reuse it for every row/column of that length. */
export interface FftPlan {
  readonly n: number;
  /** Bit-reversal swap pairs (i, j) with i < j, flattened. */
  readonly swaps: Uint32Array;
  /** Twiddles exp(−i·2π·j/size) for each stage `size` ≥ 8, stored at offset size/2 … size−1: cos and sin. */
  readonly twiddleRe: Float64Array;
  readonly twiddleIm: Float64Array;
  /** Present when n is not a power of two. */
  readonly bluestein: BluesteinTables | undefined;
}

interface BluesteinTables {
  readonly inner: FftPlan;
  /** Chirp w[k] = exp(−iπk²/n). */
  readonly chirpRe: Float64Array;
  readonly chirpIm: Float64Array;
  /** FFT of the conjugate chirp, zero-padded and wrapped to the inner length. */
  readonly kernelRe: Float64Array;
  readonly kernelIm: Float64Array;
  /** Scratch of the inner length. */
  readonly workRe: Float64Array;
  readonly workIm: Float64Array;
}

export const isPowerOfTwo = (n: number): boolean => n > 0 && (n & (n - 1)) === 0;

/** Smallest power of two ≥ n. */
export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** Builds the plan for length n (any n ≥ 1). */
export function createFftPlan(n: number): FftPlan {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`FFT length must be a positive integer, got ${n}`);
  if (!isPowerOfTwo(n)) return createBluesteinPlan(n);
  const bits = Math.round(Math.log2(n));
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    if (i < r) pairs.push(i, r);
  }
  const twiddleRe = new Float64Array(Math.max(n, 1));
  const twiddleIm = new Float64Array(Math.max(n, 1));
  for (let size = 8; size <= n; size *= 2) {
    const half = size / 2;
    for (let j = 0; j < half; j++) {
      const angle = (-2 * Math.PI * j) / size;
      twiddleRe[half + j] = Math.cos(angle);
      twiddleIm[half + j] = Math.sin(angle);
    }
  }
  return { n, swaps: Uint32Array.from(pairs), twiddleRe, twiddleIm, bluestein: undefined };
}

function createBluesteinPlan(n: number): FftPlan {
  const m = nextPowerOfTwo(2 * n - 1);
  const inner = createFftPlan(m);
  const chirpRe = new Float64Array(n);
  const chirpIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    // k² mod 2n keeps the angle small and exact for large k.
    const angle = (-Math.PI * ((k * k) % (2 * n))) / n;
    chirpRe[k] = Math.cos(angle);
    chirpIm[k] = Math.sin(angle);
  }
  const kernelRe = new Float64Array(m);
  const kernelIm = new Float64Array(m);
  for (let k = 0; k < n; k++) {
    const re = chirpRe[k] ?? 0;
    const im = -(chirpIm[k] ?? 0);
    kernelRe[k] = re;
    kernelIm[k] = im;
    if (k > 0) {
      kernelRe[m - k] = re;
      kernelIm[m - k] = im;
    }
  }
  fftInPlace(inner, kernelRe, kernelIm);
  const bluestein = {
    inner,
    chirpRe,
    chirpIm,
    kernelRe,
    kernelIm,
    workRe: new Float64Array(m),
    workIm: new Float64Array(m),
  };
  return { n, swaps: new Uint32Array(0), twiddleRe: chirpRe, twiddleIm: chirpIm, bluestein };
}

/** Forward transform (exp(−i…), unscaled) of `re`, `im` (length plan.n each), in place. */
export function fftInPlace(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  if (plan.bluestein) bluesteinForward(plan.bluestein, plan.n, re, im);
  else radix2Forward(plan, re, im);
}

/** Inverse transform (exp(+i…), scaled by 1/N) in place: the forward kernel on swapped real/imaginary parts. */
export function ifftInPlace(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  fftInPlace(plan, im, re);
  const scale = 1 / plan.n;
  for (let i = 0; i < plan.n; i++) {
    re[i] = (re[i] as number) * scale;
    im[i] = (im[i] as number) * scale;
  }
}

function radix2Forward(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  const n = plan.n;
  const swaps = plan.swaps;
  for (let s = 0; s < swaps.length; s += 2) {
    const i = swaps[s] as number;
    const j = swaps[s + 1] as number;
    const tr = re[i] as number;
    re[i] = re[j] as number;
    re[j] = tr;
    const ti = im[i] as number;
    im[i] = im[j] as number;
    im[j] = ti;
  }
  if (n === 1) return;
  if (n === 2) {
    butterfly2(re, im, 0);
    return;
  }
  // Stages of size 2 and 4 fused: a radix-4 butterfly with twiddles 1 and −i.
  for (let b = 0; b < n; b += 4) {
    const r0 = re[b] as number;
    const i0 = im[b] as number;
    const r1 = re[b + 1] as number;
    const i1 = im[b + 1] as number;
    const r2 = re[b + 2] as number;
    const i2 = im[b + 2] as number;
    const r3 = re[b + 3] as number;
    const i3 = im[b + 3] as number;
    const ar = r0 + r1;
    const ai = i0 + i1;
    const br = r0 - r1;
    const bi = i0 - i1;
    const cr = r2 + r3;
    const ci = i2 + i3;
    const dr = r2 - r3;
    const di = i2 - i3;
    re[b] = ar + cr;
    im[b] = ai + ci;
    re[b + 2] = ar - cr;
    im[b + 2] = ai - ci;
    // (dr + i·di)·(−i) = di − i·dr
    re[b + 1] = br + di;
    im[b + 1] = bi - dr;
    re[b + 3] = br - di;
    im[b + 3] = bi + dr;
  }
  const twRe = plan.twiddleRe;
  const twIm = plan.twiddleIm;
  let q = 4;
  // An odd number of remaining stages: one radix-2 stage of size 8 first.
  if ((Math.round(Math.log2(n)) - 2) % 2 === 1) {
    radix2Stage(re, im, n, 4, twRe, twIm);
    q = 8;
  }
  // Then stages of sizes 2q and 4q fused into radix-4 butterflies (half the passes over memory).
  for (; q < n; q *= 4) {
    for (let start = 0; start < n; start += 4 * q) {
      for (let j = 0; j < q; j++) {
        const war = twRe[q + j] as number;
        const wai = twIm[q + j] as number;
        const wbr = twRe[2 * q + j] as number;
        const wbi = twIm[2 * q + j] as number;
        const p0 = start + j;
        const p1 = p0 + q;
        const p2 = p1 + q;
        const p3 = p2 + q;
        const a0r = re[p0] as number;
        const a0i = im[p0] as number;
        const a1r = re[p1] as number;
        const a1i = im[p1] as number;
        const a2r = re[p2] as number;
        const a2i = im[p2] as number;
        const a3r = re[p3] as number;
        const a3i = im[p3] as number;
        // Stage 2q: (p0, p1) and (p2, p3) with w_a = exp(−i2πj/2q).
        const t1r = war * a1r - wai * a1i;
        const t1i = war * a1i + wai * a1r;
        const t3r = war * a3r - wai * a3i;
        const t3i = war * a3i + wai * a3r;
        const b0r = a0r + t1r;
        const b0i = a0i + t1i;
        const b1r = a0r - t1r;
        const b1i = a0i - t1i;
        const b2r = a2r + t3r;
        const b2i = a2i + t3i;
        const b3r = a2r - t3r;
        const b3i = a2i - t3i;
        // Stage 4q: (p0, p2) with w_b = exp(−i2πj/4q), (p1, p3) with w_b·(−i).
        const ur = wbr * b2r - wbi * b2i;
        const ui = wbr * b2i + wbi * b2r;
        const vr = wbr * b3i + wbi * b3r;
        const vi = -(wbr * b3r - wbi * b3i);
        re[p0] = b0r + ur;
        im[p0] = b0i + ui;
        re[p2] = b0r - ur;
        im[p2] = b0i - ui;
        re[p1] = b1r + vr;
        im[p1] = b1i + vi;
        re[p3] = b1r - vr;
        im[p3] = b1i - vi;
      }
    }
  }
}

/** One radix-2 stage of size 2·half over contiguous data. */
function radix2Stage(
  re: Float64Array,
  im: Float64Array,
  n: number,
  half: number,
  twRe: Float64Array,
  twIm: Float64Array,
): void {
  const size = 2 * half;
  for (let start = 0; start < n; start += size) {
    for (let j = 0; j < half; j++) {
      const wr = twRe[half + j] as number;
      const wi = twIm[half + j] as number;
      const a = start + j;
      const b = a + half;
      const xr = re[b] as number;
      const xi = im[b] as number;
      const tr = wr * xr - wi * xi;
      const ti = wr * xi + wi * xr;
      const ur = re[a] as number;
      const ui = im[a] as number;
      re[a] = ur + tr;
      im[a] = ui + ti;
      re[b] = ur - tr;
      im[b] = ui - ti;
    }
  }
}

function butterfly2(re: Float64Array, im: Float64Array, a: number): void {
  const r0 = re[a] as number;
  const i0 = im[a] as number;
  const r1 = re[a + 1] as number;
  const i1 = im[a + 1] as number;
  re[a] = r0 + r1;
  im[a] = i0 + i1;
  re[a + 1] = r0 - r1;
  im[a + 1] = i0 - i1;
}

function bluesteinForward(t: BluesteinTables, n: number, re: Float64Array, im: Float64Array): void {
  const { workRe, workIm, chirpRe, chirpIm, kernelRe, kernelIm, inner } = t;
  workRe.fill(0);
  workIm.fill(0);
  multiplyComplex(re, im, chirpRe, chirpIm, workRe, workIm, n);
  fftInPlace(inner, workRe, workIm);
  multiplyComplex(workRe, workIm, kernelRe, kernelIm, workRe, workIm, inner.n);
  ifftInPlace(inner, workRe, workIm);
  multiplyComplex(workRe, workIm, chirpRe, chirpIm, re, im, n);
}
