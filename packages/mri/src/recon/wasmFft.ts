/**
 * The forward FFT of ./fft.ts on WebAssembly SIMD (packages/mri/asm/fft.ts: radix-2 decimation in time, stages
 * fused in pairs into radix-4 butterflies, two transforms per f64x2 vector), for power-of-two 2D arrays. The
 * module's bytes are embedded at build time (generated/fft-wasm.ts, asm/build.mjs), so the package stays free of
 * I/O. Same conventions as ./fft.ts: X[k] = Σ x[n]·exp(−i·2π·k·n/N), unscaled.
 */
import { compiledOnce, instantiate, type WasmMemory } from '../wasmBytes.ts';
import { isPowerOfTwo } from './fft.ts';
import { FFT_WASM_BASE64 } from './generated/fft-wasm.ts';

interface FftWasmExports {
  memory: WasmMemory;
  fftColumns(
    n: number,
    stride: number,
    re: number,
    imOff: number,
    c0: number,
    c1: number,
    tw: number,
    rev: number,
  ): void;
  fftRows(
    n: number,
    r0: number,
    r1: number,
    stride: number,
    re: number,
    imOff: number,
    tw: number,
    rev: number,
    checker: number,
  ): void;
}

/**
 * A rows × cols complex Float64 array in WebAssembly memory (row-major, row r at r·stride) with forward transforms
 * along its rows and its columns, in place. `re` and `im` are views on the module's memory, valid for the life of
 * the object. The stride is cols plus one cache line: with power-of-two rows, the column transforms would
 * otherwise find every row of a column in the same cache set and stream from memory.
 */
export interface WasmFft2d {
  readonly rows: number;
  readonly cols: number;
  /** Elements from one row's start to the next (≥ cols). */
  readonly stride: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
  /** Copies a contiguous rows × cols array (row-major) in. */
  write(re: ArrayLike<number>, im: ArrayLike<number>): void;
  /** Copies the array out into contiguous rows × cols arrays. */
  read(re: Float64Array, im: Float64Array): void;
  /**
   * Forward FFT (length cols) of rows r0 … r1 − 1. `checker` 're' or 'both' first multiplies element (r, c) of re
   * (and im) by (−1)^(r+c), the input checkerboard of a centred transform (recon/fftnd.ts), in the same pass.
   */
  transformRows(r0: number, r1: number, checker?: 're' | 'both'): void;
  /** Forward FFT (length rows) of columns c0 … c1 − 1 (c1 − c0 even, c1 ≤ cols). */
  transformColumns(c0: number, c1: number): void;
}

const WASM_PAGE = 65536;
/** Byte offset of the first table: the module has no static data below it. */
const BASE = 65536;
/** Bytes of re + im per column block of transformColumns (about half a typical 512 KiB L2), as fftColumns.ts. */
const COLUMN_BLOCK_BYTES = 256 * 1024;
/** Row padding: one 64-byte cache line of f64 (keeps rows 16-byte aligned for the SIMD loads). */
const ROW_PADDING = 8;

/** The compiled module, or null where WebAssembly SIMD is not available. */
const fftModule = compiledOnce(FFT_WASM_BASE64);

/**
 * Twiddles exp(−i·2π·j/(2h)) at h + j for every stage half-size h < n (re, then im n later), as asm/fft.ts reads
 * them: the very numbers of ./fft.ts (its plan's table from h = 4 on, computed the same way, and the exact 1, −i
 * of its first stages), so that both give the same bits.
 */
function twiddles(n: number): Float64Array {
  const tw = new Float64Array(2 * n);
  for (let h = 1; h < n; h *= 2) {
    for (let j = 0; j < h; j++) {
      const exact = h === 2 && j === 1 ? [0, -1] : h <= 2 ? [1, 0] : undefined;
      const angle = (-2 * Math.PI * j) / (2 * h);
      tw[h + j] = exact ? (exact[0] as number) : Math.cos(angle);
      tw[n + h + j] = exact ? (exact[1] as number) : Math.sin(angle);
    }
  }
  return tw;
}

function bitReversal(n: number): Int32Array {
  const bits = Math.round(Math.log2(n));
  return Int32Array.from({ length: n }, (_, i) => {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
  });
}

/**
 * A rows × cols transform on its own WebAssembly instance, or undefined where WebAssembly SIMD is unavailable or a
 * size is not a power of two (callers use ./fft.ts then).
 */
export function createWasmFft2d(rows: number, cols: number): WasmFft2d | undefined {
  if (!isPowerOfTwo(rows) || !isPowerOfTwo(cols) || rows < 2 || cols < 2) return undefined;
  const module = fftModule();
  if (!module) return undefined;
  const exports = instantiate(module) as FftWasmExports;
  // Layout: tables of cols (twiddles, bit reversal), tables of rows, then the array's re half and its im half.
  const twCols = BASE;
  const revCols = twCols + 16 * cols;
  const twRows = revCols + 4 * cols;
  const revRows = twRows + 16 * rows;
  const dataRe = Math.ceil((revRows + 4 * rows) / 16) * 16;
  const stride = cols + ROW_PADDING;
  const imOff = 8 * rows * stride;
  const needed = dataRe + 2 * imOff;
  const pages = Math.ceil(needed / WASM_PAGE) - exports.memory.buffer.byteLength / WASM_PAGE;
  if (pages > 0) exports.memory.grow(pages);
  const buffer = exports.memory.buffer;
  new Float64Array(buffer, twCols, 2 * cols).set(twiddles(cols));
  new Int32Array(buffer, revCols, cols).set(bitReversal(cols));
  new Float64Array(buffer, twRows, 2 * rows).set(twiddles(rows));
  new Int32Array(buffer, revRows, rows).set(bitReversal(rows));
  const block = Math.max(2, 2 * Math.floor(COLUMN_BLOCK_BYTES / (32 * rows)));
  const re = new Float64Array(buffer, dataRe, rows * stride);
  const im = new Float64Array(buffer, dataRe + imOff, rows * stride);
  return {
    rows,
    cols,
    stride,
    re,
    im,
    write: (inRe, inIm) => {
      const sourceRe = ArrayBuffer.isView(inRe) ? inRe : Float64Array.from(inRe);
      const sourceIm = ArrayBuffer.isView(inIm) ? inIm : Float64Array.from(inIm);
      for (let r = 0; r < rows; r++) {
        re.set((sourceRe as Float64Array).subarray(r * cols, (r + 1) * cols), r * stride);
        im.set((sourceIm as Float64Array).subarray(r * cols, (r + 1) * cols), r * stride);
      }
    },
    read: (outRe, outIm) => {
      for (let r = 0; r < rows; r++) {
        outRe.set(re.subarray(r * stride, r * stride + cols), r * cols);
        outIm.set(im.subarray(r * stride, r * stride + cols), r * cols);
      }
    },
    transformRows: (r0, r1, checker) => {
      const mode = checker === 'both' ? 2 : checker === 're' ? 1 : 0;
      if (r0 < r1) exports.fftRows(cols, r0, r1, stride, dataRe, imOff, twCols, revCols, mode);
    },
    transformColumns: (c0, c1) => {
      if ((c1 - c0) % 2 !== 0 || c0 < 0 || c1 > cols)
        throw new RangeError('transformColumns: even range in 0…cols');
      for (let c = c0; c < c1; c += block)
        exports.fftColumns(rows, stride, dataRe, imOff, c, Math.min(c1, c + block), twRows, revRows);
    },
  };
}

/** Engines kept per shape by sharedWasmFft2d (a few: one slice's fine grid and its image). */
const SHARED_LIMIT = 4;
const shared = new Map<string, WasmFft2d | undefined>();

/**
 * A cached engine of this shape, shared by every caller on this thread: its arrays are scratch, valid only until
 * the next call that uses the same shape, so a caller copies its data in, transforms and reads it out within one
 * synchronous call.
 */
export function sharedWasmFft2d(rows: number, cols: number): WasmFft2d | undefined {
  const key = `${rows}x${cols}`;
  if (!shared.has(key)) {
    if (shared.size >= SHARED_LIMIT) shared.clear();
    shared.set(key, createWasmFft2d(rows, cols));
  }
  return shared.get(key);
}

/** Whether this platform compiles the WebAssembly SIMD FFT (false: ./fft.ts runs, e.g. under a CSP without wasm). */
export function wasmFftAvailable(): boolean {
  return fftModule() !== null;
}
