/**
 * `prepareSlice`: the per-tissue k-spaces of one slice geometry, computed once (DESIGN.md §3, fast engine).
 *
 * Each tissue's fraction image on the fine grid (./resample.ts, ≥ 2× the image resolution, folded for
 * wrap-around) is Fourier transformed and only the acquired k-space window is kept: readCount × phaseCount
 * samples at Δk = 1/FOV around the centre. Truncating there is what produces Gibbs ringing. Two real fraction
 * images share one complex FFT (a + i·b), separated afterwards by Hermitian symmetry:
 *   A(κ) = (Z(κ) + Z*(−κ))/2,  B(κ) = (Z(κ) − Z*(−κ))/(2i).
 * The 2D FFT is cut short: rows are transformed on the whole fine grid (empty rows skipped), columns only inside
 * the window; on WebAssembly SIMD where available (recon/wasmFft.ts), else in JavaScript (recon/fft.ts).
 *
 * Each fine sample stands for a uniform box of one fine pixel, not a point: the k-space of that piecewise-constant
 * object is the DFT times sinc(κ/M) per axis. Without this factor the point samples overweight high k and the
 * Gibbs overshoot at an edge grows from 9 % to 10.5 %.
 * Scale: k-space samples are multiplied by (readCount·phaseCount)/(fineRead·finePhase) so that the engine's
 * inverse FFT returns the tissue fraction per voxel (1 for a voxel full of the tissue).
 * The Nyquist line and column are made Hermitian (symmetriseNyquist). Storage: Float32 (7 significant digits, far below any noise level), [line][column] with the centring checkerboard (−1)^(line+column) already applied
 * (docs/conventions.md, "FFT and shift"): the weighted sum then feeds the bare inverse kernel directly.
 */
import type { LabelVolume } from '../../anatomy/types.ts';
import { createFftPlan, fftInPlace, nextPowerOfTwo } from '../../recon/fft.ts';
import { fftColumnsInPlace } from '../../recon/fftColumns.ts';
import { sharedWasmFft2d, type WasmFft2d } from '../../recon/wasmFft.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { resampleFractions, type LabelWeights } from './resample.ts';

/** Fine-grid oversampling relative to the acquired matrix (DESIGN.md §3: at least 2×). */
const FINE_GRID_FACTOR = 2;

/** The per-tissue k-spaces of one slice geometry. */
export interface PreparedSlice {
  frame: AcquisitionFrame;
  /** Model label of each prepared tissue (labels absent from the slice are left out). */
  labels: readonly number[];
  /** Per-tissue k-space [phaseCount][readCount], checkerboarded (see the module comment). */
  kRe: readonly Float32Array[];
  kIm: readonly Float32Array[];
  /** Fine-grid size the k-spaces were computed from: [read, phase] points. */
  fineSize: readonly [number, number];
}

export interface PrepareOptions {
  /** Transform on WebAssembly SIMD where available (default true); false: always in JavaScript. */
  wasmFft?: boolean;
  /**
   * K-space arrays its caller no longer reads (the live preview's last geometry): those of readCount·phaseCount
   * samples are taken from the end of the list and filled again instead of allocating new ones, and an array
   * left unused goes back to it (a slice moved then allocates none). Others are dropped from it.
   */
  spare?: Float32Array[];
}

/** Prepares every tissue's k-space for one slice of a label volume. */
export function prepareSlice(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  options: PrepareOptions = {},
): PreparedSlice {
  return prepareImages(volume, frame, options, undefined);
}

/**
 * The k-spaces of weighted sums of the tissues' fraction images (./resample.ts `LabelWeights`): slot s of the
 * result (its `labels` entry is s, not a model label) is the k-space of Σ_l scale[l]·fraction_l over the labels
 * l with slotOf[l] = s, computed as prepareSlice computes one tissue's. By linearity of every step it equals
 * Σ_l scale[l]·K_l of prepareSlice's k-spaces but for rounding, at one FFT per two slots instead of per two
 * tissues (./contrastSlice.ts).
 */
export function prepareWeightedSlice(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  weights: LabelWeights,
  options: PrepareOptions = {},
): PreparedSlice {
  return prepareImages(volume, frame, options, weights);
}

function prepareImages(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  options: PrepareOptions,
  weights: LabelWeights | undefined,
): PreparedSlice {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const mu = nextPowerOfTwo(FINE_GRID_FACTOR * nu);
  const mv = nextPowerOfTwo(FINE_GRID_FACTOR * nv);
  const {
    images: fractions,
    rowsUsed,
    rowCopies,
  } = resampleFractions(volume, frame, mu, mv, takeZeroImage, weights);
  const rowCopy = (r: number): boolean => rowCopies[r] === 1;
  const labels: number[] = [];
  fractions.forEach((image, label) => {
    if (image !== undefined) labels.push(label);
  });
  const kRe: Float32Array[] = [];
  const kIm: Float32Array[] = [];
  const wasm = options.wasmFft === false ? undefined : sharedWasmFft2d(mv, mu);
  const forward = wasm ? wasmForward(wasm, nu) : jsForward(mu, mv, nu);
  const scale = (nu * nv) / (mu * mv);
  const spare = options.spare ?? [];
  const take = (): Float32Array => {
    for (let kept = spare.pop(); kept; kept = spare.pop()) if (kept.length === nu * nv) return kept;
    return new Float32Array(nu * nv);
  };
  for (let t = 0; t < labels.length; t += 2) {
    const a = fractions[labels[t] as number] as Float32Array;
    const b = t + 1 < labels.length ? (fractions[labels[t + 1] as number] as Float32Array) : undefined;
    const used = (r: number): boolean =>
      (rowsUsed[labels[t] as number]?.[r] ?? 0) === 1 || (rowsUsed[labels[t + 1] as number]?.[r] ?? 0) === 1;
    const z = forward(a, b, used, rowCopy);
    // The forward transform read and zeroed the used rows: the images are all zero again, to reuse.
    giveZeroImage(a);
    if (b) giveZeroImage(b);
    const out = separatePair(z, nu, nv, mu, mv, scale, take);
    kRe.push(out.aRe);
    kIm.push(out.aIm);
    if (t + 1 < labels.length) {
      kRe.push(out.bRe);
      kIm.push(out.bIm);
    } else spare.push(out.bRe, out.bIm);
  }
  return { frame, labels, kRe, kIm, fineSize: [mu, mv] };
}

/** Fine images that are all zero, kept between prepareSlice calls on this thread (one size at a time). */
const zeroImages: Float32Array[] = [];
/**
 * At most this many kept (a slice of the brain has 11 tissues, the knee fewer): 16 MB per thread at a 256² matrix
 * (1 MB per 512² fine image), 64 MB at 512².
 */
const MAX_ZERO_IMAGES = 16;

/**
 * An all-zero image of `size` samples, reused when one is kept: a new fine image every slice costs page faults
 * and collections of about 1 MB per tissue.
 */
function takeZeroImage(size: number): Float32Array {
  const kept = zeroImages.pop();
  if (kept?.length === size) return kept;
  zeroImages.length = 0;
  return new Float32Array(size);
}

function giveZeroImage(image: Float32Array): void {
  if (zeroImages.length < MAX_ZERO_IMAGES) zeroImages.push(image);
}

/**
 * The fine grid's centred forward FFT restricted to the window of k-space around the centre: column
 * `offset + c` (c = 0 … nu) of row R of re, im (`stride` per row) holds fine k-space sample (R, mu/2 − nu/2 + c),
 * for every fine row R.
 */
interface WindowedSpectrum {
  re: Float64Array;
  im: Float64Array;
  stride: number;
  offset: number;
}

/**
 * Transforms the fine image a + i·b (`b` absent is zero); `rowUsed(r)`: row r holds any of a or b; `rowCopy(r)`:
 * row r (≥ 1) of a and b is a copy of row r − 1. The used rows are zeroed in a and b (while in cache), so both
 * are all zero afterwards. A copied row is not transformed again: under the input checkerboard (−1)^(row+col) its
 * transform is the last row's negated, exactly (IEEE arithmetic is symmetric under a change of sign).
 */
type WindowedForward = (
  a: Float32Array,
  b: Float32Array | undefined,
  rowUsed: (row: number) => boolean,
  rowCopy: (row: number) => boolean,
) => WindowedSpectrum;

/** The windowed transform on WebAssembly SIMD: the whole fine grid in the module, window columns only. */
function wasmForward(fft: WasmFft2d, nu: number): WindowedForward {
  const mu = fft.cols;
  const mv = fft.rows;
  const stride = fft.stride;
  const firstCol = mu / 2 - nu / 2;
  // The nu + 1 window columns, widened by one to the even count the kernel transforms (within the grid).
  const windowWidth = nu + 2;
  const windowStart = firstCol + windowWidth <= mu ? firstCol : firstCol - 1;
  const { re, im } = fft;
  // Rows of the module's grid that may hold values outside the window columns (this call's last pair used them):
  // an empty row is zeroed whole only then, else in the window columns the column transform wrote. Unknown (all
  // rows) for the first pair: the module's grid is shared on the thread.
  const dirty = new Uint8Array(mv).fill(1);
  const windowEnd = windowStart + windowWidth;
  const copies: number[] = [];
  return (a, b, rowUsed, rowCopy) => {
    // Rows are copied in as they are; the kernel applies the input checkerboard (−1)^(row+col) of the centred
    // transform (recon/fftnd.ts) as it transforms them. Empty rows are zero and transform to zeros, so runs of
    // used rows are transformed; a copied row's window is the last row's negated, written after them.
    const checker = b ? 'both' : 're';
    let runStart = -1;
    copies.length = 0;
    for (let r = 0; r <= mv; r++) {
      const used = r < mv && rowUsed(r);
      const copy = used && r > 0 && rowCopy(r);
      if (used && !copy && runStart < 0) runStart = r;
      if ((!used || copy) && runStart >= 0) {
        fft.transformRows(runStart, r, checker);
        runStart = -1;
      }
      if (r === mv) break;
      const base = r * stride;
      const from = r * mu;
      if (!used) {
        const [zeroFrom, zeroTo] = dirty[r] === 1 ? [0, mu] : [windowStart, windowEnd];
        re.fill(0, base + zeroFrom, base + zeroTo);
        im.fill(0, base + zeroFrom, base + zeroTo);
        dirty[r] = 0;
        continue;
      }
      dirty[r] = 1;
      if (copy) {
        copies.push(r);
        a.fill(0, from, from + mu);
        b?.fill(0, from, from + mu);
        continue;
      }
      re.set(a.subarray(from, from + mu), base);
      a.fill(0, from, from + mu);
      if (b) {
        im.set(b.subarray(from, from + mu), base);
        b.fill(0, from, from + mu);
      } else im.fill(0, base, base + mu);
    }
    // In increasing order: a copy of a copy reads its last row already written.
    for (const r of copies) {
      for (let c = r * stride + windowStart, last = c - stride; c < r * stride + windowEnd; c++, last++) {
        re[c] = -(re[last] as number);
        im[c] = -(im[last] as number);
      }
    }
    fft.transformColumns(windowStart, windowStart + windowWidth);
    return { re, im, stride, offset: firstCol };
  };
}

/** The windowed transform in JavaScript (recon/fft.ts): window columns copied out after the row transforms. */
function jsForward(mu: number, mv: number, nu: number): WindowedForward {
  const rowPlan = createFftPlan(mu);
  const colPlan = createFftPlan(mv);
  const windowCols = nu + 1;
  const zRe = new Float64Array(mv * windowCols);
  const zIm = new Float64Array(mv * windowCols);
  const scratchRe = new Float64Array(mv);
  const scratchIm = new Float64Array(mv);
  const rowRe = new Float64Array(mu);
  const rowIm = new Float64Array(mu);
  return (a, b, rowUsed, rowCopy) => {
    windowedForward(
      a,
      b,
      rowUsed,
      rowCopy,
      mu,
      mv,
      nu,
      rowPlan,
      colPlan,
      zRe,
      zIm,
      rowRe,
      rowIm,
      scratchRe,
      scratchIm,
    );
    return { re: zRe, im: zIm, stride: windowCols, offset: 0 };
  };
}

/**
 * Centred forward FFT of the fine image (a + i·b) restricted to the central (nv+1) × (nu+1) window of k-space,
 * left in (zRe, zIm) (mv × (nu+1), all fine rows). Each row goes through (rowRe, rowIm); `b` absent is zero.
 */
function windowedForward(
  a: Float32Array,
  b: Float32Array | undefined,
  rowUsed: (row: number) => boolean,
  rowCopy: (row: number) => boolean,
  mu: number,
  mv: number,
  nu: number,
  rowPlan: ReturnType<typeof createFftPlan>,
  colPlan: ReturnType<typeof createFftPlan>,
  zRe: Float64Array,
  zIm: Float64Array,
  rowRe: Float64Array,
  rowIm: Float64Array,
  scratchRe: Float64Array,
  scratchIm: Float64Array,
): void {
  const windowCols = nu + 1;
  const firstCol = mu / 2 - nu / 2;
  // Input checkerboard (−1)^(row+col) of the centred transform (recon/fftnd.ts).
  for (let r = 0; r < mv; r++) {
    const base = r * mu;
    if (!rowUsed(r)) {
      // An empty row transforms to zeros: skip its FFT.
      zRe.fill(0, r * windowCols, (r + 1) * windowCols);
      zIm.fill(0, r * windowCols, (r + 1) * windowCols);
      continue;
    }
    if (r > 0 && rowCopy(r)) {
      // The last row's transform negated (see WindowedForward).
      for (let c = r * windowCols, last = c - windowCols; c < (r + 1) * windowCols; c++, last++) {
        zRe[c] = -(zRe[last] as number);
        zIm[c] = -(zIm[last] as number);
      }
      a.fill(0, base, base + mu);
      b?.fill(0, base, base + mu);
      continue;
    }
    let sign = (r & 1) === 0 ? 1 : -1;
    for (let c = 0; c < mu; c++, sign = -sign) {
      rowRe[c] = sign * (a[base + c] as number);
      rowIm[c] = b ? sign * (b[base + c] as number) : 0;
    }
    a.fill(0, base, base + mu);
    b?.fill(0, base, base + mu);
    fftInPlace(rowPlan, rowRe, rowIm);
    zRe.set(rowRe.subarray(firstCol, firstCol + windowCols), r * windowCols);
    zIm.set(rowIm.subarray(firstCol, firstCol + windowCols), r * windowCols);
  }
  fftColumnsInPlace(colPlan, zRe, zIm, windowCols, scratchRe, scratchIm);
}

/**
 * Applies the centred transform's output signs, separates the two real inputs by Hermitian symmetry, crops to
 * nv × nu, scales, and applies the storage checkerboard.
 */
function separatePair(
  z: WindowedSpectrum,
  nu: number,
  nv: number,
  mu: number,
  mv: number,
  scale: number,
  take: () => Float32Array,
): { aRe: Float32Array; aIm: Float32Array; bRe: Float32Array; bIm: Float32Array } {
  const firstRow = mv / 2 - nv / 2;
  const firstCol = mu / 2 - nu / 2;
  // Output sign of the centred fine transform at fine index (R, C): (−1)^(mv/2 + mu/2)·(−1)^(R+C).
  const globalSign = ((mv / 2 + mu / 2) & 1) === 0 ? 1 : -1;
  // That sign times the storage checkerboard (−1)^(r+c) is the same for every sample, (r, c) = (R, C) − first:
  // (−1)^(R+C)·(−1)^(r+c) = (−1)^(firstRow+firstCol). The partner −κ has the same index parity, so one sign.
  const sign = ((firstRow + firstCol) & 1) === 0 ? globalSign : -globalSign;
  // Every sample of the four is written below (`take` may give a used array).
  const aRe = take();
  const aIm = take();
  const bRe = take();
  const bIm = take();
  const half = 0.5 * scale * sign;
  const boxRead = Float64Array.from({ length: nu }, (_, c) => sinc((c - nu / 2) / mu));
  const { re: zRe, im: zIm, stride, offset } = z;
  for (let r = 0; r < nv; r++) {
    const boxPhase = sinc((r - nv / 2) / mv);
    const zRow = (firstRow + r) * stride + offset;
    const mRow = (firstRow + nv - r) * stride + offset;
    for (let c = 0; c < nu; c++) {
      const zr = zRe[zRow + c] as number;
      const zi = zIm[zRow + c] as number;
      const mr = zRe[mRow + nu - c] as number;
      const mi = zIm[mRow + nu - c] as number;
      const store = half * boxPhase * (boxRead[c] as number);
      const p = r * nu + c;
      aRe[p] = (zr + mr) * store;
      aIm[p] = (zi - mi) * store;
      bRe[p] = (zi + mi) * store;
      bIm[p] = (mr - zr) * store;
    }
  }
  for (const [re, im] of [
    [aRe, aIm],
    [bRe, bIm],
  ] as const) {
    symmetriseNyquist(re, im, nu, nv);
  }
  return { aRe, aIm, bRe, bIm };
}

/**
 * Makes the Nyquist line (κ = −N/2) and column Hermitian within the N-periodic grid, K(−κ mod N) = K*(κ), as
 * every interior sample already is. The N×N inverse FFT of a real tissue is then exactly real, so the k-space
 * and image-domain render paths agree; the change is confined to the outermost, weakest samples.
 */
function symmetriseNyquist(re: Float32Array, im: Float32Array, nu: number, nv: number): void {
  const pairUp = (p: number, q: number): void => {
    const r = 0.5 * ((re[p] as number) + (re[q] as number));
    const i = 0.5 * ((im[p] as number) - (im[q] as number));
    re[p] = r;
    im[p] = i;
    re[q] = r;
    im[q] = -i;
  };
  for (let c = 0; c <= nu / 2; c++) pairUp(c, (nu - c) % nu);
  for (let r = 1; r <= nv / 2; r++) pairUp(r * nu, ((nv - r) % nv) * nu);
}

/** sin(πx)/(πx), 1 at 0. */
function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}
