/**
 * The common branch of ./noise.ts `seededNormals` on WebAssembly SIMD (packages/mri/asm/noise.ts: four mulberry32
 * draws per vector, the ziggurat's inner-rectangle test per lane), for the unit noise a scan slice draws per coil
 * element (2 · 65,536 draws for each of 16 elements of a 256² head-array slice). The module's bytes are embedded
 * at build time (generated/noise-wasm.ts, asm/build.mjs). The same operations as noise.ts, the rare branch (~1 % of
 * draws) included with this platform's Math.log and Math.exp imported, so the same bits.
 */
import { compiledOnce, instantiate, type WasmMemory } from '../wasmBytes.ts';
import { NOISE_WASM_BASE64 } from './generated/noise-wasm.ts';

interface NoiseWasmExports {
  memory: WasmMemory;
  normals(s: number, draws: number, re: number, im: number): void;
  state(): number;
  addCoil(
    n: number,
    map: number,
    re: number,
    im: number,
    s2: number,
    aRe: number,
    aIm: number,
    n2: number,
    noisy: number,
  ): void;
}

/** Unit-noise draws of one length into buffers of the module's memory. */
export interface WasmNormals {
  /**
   * The 2·length draws of seededRandom state `s` (its state before the first) into `re` (even draws) and `im`
   * (odd); answers the state after them.
   */
  normals(s: number): number;
  /** Views on the module's memory, `length` samples each. */
  re: Float32Array;
  im: Float32Array;
  /** A coil element's map (view on the module's memory) for `addCoil`. */
  map: Float32Array;
  /**
   * A coil array's per-pixel sums Σ s², Σ s·nr, Σ s·ni, Σ |n|² (views on the module's memory; fast/coilSums.ts),
   * zeroed by `clearSums`, added to by `addCoil`.
   */
  sums: { s2: Float64Array; aRe: Float64Array; aIm: Float64Array; n2: Float64Array };
  clearSums(): void;
  /** Adds `map` (and with `noisy`, the noise in `re`, `im`) to the sums, as coilSums.ts addCoilToSums. */
  addCoil(noisy: boolean): void;
}

const WASM_PAGE = 65536;
/** Byte offsets of asm/noise.ts's tables (f64 × 128 each) and of the sample buffers after them. */
const KN = 65536;
const WN = KN + 1024;
const FN = WN + 1024;
const DATA = FN + 1024;

let cached: WasmNormals | undefined;

/** The compiled module, or null where WebAssembly SIMD is not available. */
const noiseModule = compiledOnce(NOISE_WASM_BASE64);

/** Tables of the 128-layer ziggurat for the standard normal (Marsaglia & Tsang, J Stat Softw 5(8), 2000). */
export interface ZigguratTables {
  kn: Float64Array;
  wn: Float64Array;
  fn: Float64Array;
}

/**
 * The draws for `length` samples with the ziggurat's `tables` (this thread keeps one instance, for the last
 * length asked), or undefined where WebAssembly SIMD is not available.
 */
export function wasmNormals(length: number, tables: ZigguratTables): WasmNormals | undefined {
  if (cached?.re.length === length) return cached;
  const module = noiseModule();
  if (!module) return undefined;
  const imports = { noise: { jsLog: Math.log, jsExp: Math.exp } };
  const exports = instantiate(module, imports) as NoiseWasmExports;
  const re = DATA;
  const im = re + 4 * length;
  const map = im + 4 * length;
  const s2 = Math.ceil((map + 4 * length) / 16) * 16;
  const aRe = s2 + 8 * length;
  const aIm = aRe + 8 * length;
  const n2 = aIm + 8 * length;
  const pages = Math.ceil((n2 + 8 * length) / WASM_PAGE) - exports.memory.buffer.byteLength / WASM_PAGE;
  if (pages > 0) exports.memory.grow(pages);
  const buffer = exports.memory.buffer;
  new Float64Array(buffer, KN, 128).set(tables.kn);
  new Float64Array(buffer, WN, 128).set(tables.wn);
  new Float64Array(buffer, FN, 128).set(tables.fn);
  const draws = 2 * length;
  cached = {
    normals: (s) => {
      exports.normals(s, draws, re, im);
      return exports.state();
    },
    re: new Float32Array(buffer, re, length),
    im: new Float32Array(buffer, im, length),
    map: new Float32Array(buffer, map, length),
    sums: {
      s2: new Float64Array(buffer, s2, length),
      aRe: new Float64Array(buffer, aRe, length),
      aIm: new Float64Array(buffer, aIm, length),
      n2: new Float64Array(buffer, n2, length),
    },
    clearSums: () => new Float64Array(buffer, s2, 4 * length).fill(0),
    addCoil: (noisy) => exports.addCoil(length, map, re, im, s2, aRe, aIm, n2, noisy ? 1 : 0),
  };
  return cached;
}
