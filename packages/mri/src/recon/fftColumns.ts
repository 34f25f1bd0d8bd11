/**
 * Column transforms of a row-major 2D array (recon/fft.ts conventions: forward exp(−i…), unscaled): the radix-2
 * algorithm with whole rows as elements, blocked so each block of columns stays in cache.
 */
import { fftInPlace, type FftPlan } from './fft.ts';

/**
 * Forward transforms (unscaled, exp(−i…)) every column of a row-major `plan.n` × `cols` array at once: the
 * radix-2 algorithm with whole rows as elements, so the inner loop runs over contiguous memory. Power-of-two
 * `plan.n` only; other lengths fall back to one column at a time through `scratch` (length plan.n).
 */
export function fftColumnsInPlace(
  plan: FftPlan,
  re: Float64Array,
  im: Float64Array,
  cols: number,
  scratchRe: Float64Array,
  scratchIm: Float64Array,
): void {
  const n = plan.n;
  if (plan.bluestein) {
    for (let c = 0; c < cols; c++) {
      for (let j = 0, p = c; j < n; j++, p += cols) {
        scratchRe[j] = re[p] as number;
        scratchIm[j] = im[p] as number;
      }
      fftInPlace(plan, scratchRe, scratchIm);
      for (let j = 0, p = c; j < n; j++, p += cols) {
        re[p] = scratchRe[j] as number;
        im[p] = scratchIm[j] as number;
      }
    }
    return;
  }
  // Column blocks small enough that a block of all n rows stays in L2 cache through every stage.
  const block = Math.max(4, Math.min(cols, Math.floor(COLUMN_BLOCK_BYTES / (16 * n))));
  for (let c0 = 0; c0 < cols; c0 += block) columnBlock(plan, re, im, cols, c0, Math.min(cols, c0 + block));
}

/** Bytes of re + im per column block of fftColumnsInPlace (about half a typical 512 KiB L2). */
const COLUMN_BLOCK_BYTES = 256 * 1024;

function columnBlock(
  plan: FftPlan,
  re: Float64Array,
  im: Float64Array,
  cols: number,
  c0: number,
  c1: number,
): void {
  const n = plan.n;
  const swaps = plan.swaps;
  for (let s = 0; s < swaps.length; s += 2) {
    const a = (swaps[s] as number) * cols;
    const b = (swaps[s + 1] as number) * cols;
    for (let c = c0; c < c1; c++) {
      const tr = re[a + c] as number;
      re[a + c] = re[b + c] as number;
      re[b + c] = tr;
      const ti = im[a + c] as number;
      im[a + c] = im[b + c] as number;
      im[b + c] = ti;
    }
  }
  let q = 1;
  if (Math.round(Math.log2(n)) % 2 === 1) {
    // Odd number of stages: the size-2 stage (twiddle 1) alone first.
    for (let start = 0; start < n; start += 2)
      butterflyRows(re, im, start * cols, (start + 1) * cols, 1, 0, c0, c1);
    q = 2;
  }
  // Stages 2q and 4q fused, as in radix2Forward, with whole row segments [c0, c1) as elements.
  for (; q < n; q *= 4) {
    for (let j = 0; j < q; j++) {
      const [war, wai] = twiddle(plan, q, j);
      const [wbr, wbi] = twiddle(plan, 2 * q, j);
      for (let start = 0; start < n; start += 4 * q) {
        const p0 = (start + j) * cols;
        const p1 = p0 + q * cols;
        const p2 = p1 + q * cols;
        const p3 = p2 + q * cols;
        for (let c = c0; c < c1; c++) {
          const a0r = re[p0 + c] as number;
          const a0i = im[p0 + c] as number;
          const a1r = re[p1 + c] as number;
          const a1i = im[p1 + c] as number;
          const a2r = re[p2 + c] as number;
          const a2i = im[p2 + c] as number;
          const a3r = re[p3 + c] as number;
          const a3i = im[p3 + c] as number;
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
          const ur = wbr * b2r - wbi * b2i;
          const ui = wbr * b2i + wbi * b2r;
          const vr = wbr * b3i + wbi * b3r;
          const vi = -(wbr * b3r - wbi * b3i);
          re[p0 + c] = b0r + ur;
          im[p0 + c] = b0i + ui;
          re[p2 + c] = b0r - ur;
          im[p2 + c] = b0i - ui;
          re[p1 + c] = b1r + vr;
          im[p1 + c] = b1i + vi;
          re[p3 + c] = b1r - vr;
          im[p3 + c] = b1i - vi;
        }
      }
    }
  }
}

/** exp(−i2πj/(2·half)): from the plan's tables for stages of size ≥ 8, exact for sizes 2 and 4. */
function twiddle(plan: FftPlan, half: number, j: number): [number, number] {
  if (half >= 4) return [plan.twiddleRe[half + j] as number, plan.twiddleIm[half + j] as number];
  if (half === 2 && j === 1) return [0, -1];
  return [1, 0];
}

/** Radix-2 butterfly between row segments at offsets a and b with twiddle (wr, wi), columns [c0, c1). */
function butterflyRows(
  re: Float64Array,
  im: Float64Array,
  a: number,
  b: number,
  wr: number,
  wi: number,
  c0: number,
  c1: number,
): void {
  for (let c = c0; c < c1; c++) {
    const xr = re[b + c] as number;
    const xi = im[b + c] as number;
    const tr = wr * xr - wi * xi;
    const ti = wr * xi + wi * xr;
    const ur = re[a + c] as number;
    const ui = im[a + c] as number;
    re[a + c] = ur + tr;
    im[a + c] = ui + ti;
    re[b + c] = ur - tr;
    im[b + c] = ui - ti;
  }
}
