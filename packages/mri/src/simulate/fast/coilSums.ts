/**
 * A coil array as its per-pixel sums, built one element at a time (a scan slice's receive, DESIGN.md §3). The
 * full-Fourier receive (./receive.ts `renderCoilArray`, output.ts `receiveLines`) needs of the C elements only
 *   Σ_c s_c²,   Σ_c s_c·n_c,   Σ_c |n_c|²
 * per pixel, the prescan gain (a function of Σ_c s_c², ../prescan.ts) and, for the k-space a scan keeps, the first
 * element's map and noise. `streamCoilSums` draws each element's noise into one buffer and fills its map into
 * another, adds them to the sums in element order and lets them go: the same sums, so the same image bytes, as
 * `coilStats` over C maps and C noise arrays, without holding 2·C + C arrays of the grid, and the prescan gain
 * without another pass over the maps. Its buffers are kept per thread for the last grid size: a worker's next
 * slice allocates nothing for them (the sums are read by the render that takes them, never after it).
 */
import type { CoilMapSource } from '../coilMaps.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { fillUnitComplexNoise, seededWasmNoise, type RandomSource, type UnitNoise } from '../noise.ts';
import { prescanGainOfSquares } from '../prescan.ts';
import type { CoilStats, CoilSums } from './types.ts';

export type { CoilSums } from './types.ts';

/** Buffers of one grid size, kept per thread. */
interface SumsScratch {
  n: number;
  s2: Float64Array;
  aRe: Float64Array;
  aIm: Float64Array;
  n2: Float64Array;
  map: Float32Array;
  noise: UnitNoise;
}

let scratch: SumsScratch | undefined;

function scratchFor(n: number): SumsScratch {
  if (scratch?.n !== n) {
    scratch = {
      n,
      s2: new Float64Array(n),
      aRe: new Float64Array(n),
      aIm: new Float64Array(n),
      n2: new Float64Array(n),
      map: new Float32Array(n),
      noise: { re: new Float32Array(n), im: new Float32Array(n) },
    };
  }
  scratch.s2.fill(0);
  scratch.aRe.fill(0);
  scratch.aIm.fill(0);
  scratch.n2.fill(0);
  return scratch;
}

/** The four per-pixel sums of a coil array (`CoilStats`), filled one element at a time. */
type Sums = Pick<CoilStats, 's2' | 'aRe' | 'aIm' | 'n2'>;

/**
 * Adds one element (its map s and unit noise n, none: no noise) to the sums over pixels [start, end):
 * Σ s², and with noise Σ s·n and Σ |n|². Both the streamed sums here and receive.ts `coilStats` add with it, so
 * they add the same numbers in the same order. Pixel i's map value is map[i − mapStart] (a block of the map).
 */
export function addCoilToSums(
  sums: Sums,
  map: Float32Array,
  unit: UnitNoise | undefined,
  start: number,
  end: number,
  mapStart = 0,
): void {
  const { s2, aRe, aIm, n2 } = sums;
  if (!unit) {
    for (let i = start; i < end; i++) {
      const s = map[i - mapStart] as number;
      s2[i] = (s2[i] as number) + s * s;
    }
    return;
  }
  const { re, im } = unit;
  for (let i = start; i < end; i++) {
    const s = map[i - mapStart] as number;
    const nr = re[i] as number;
    const ni = im[i] as number;
    s2[i] = (s2[i] as number) + s * s;
    aRe[i] = (aRe[i] as number) + s * nr;
    aIm[i] = (aIm[i] as number) + s * ni;
    n2[i] = (n2[i] as number) + nr * nr + ni * ni;
  }
}

/**
 * The sums of `source`'s elements on `frame`, each with unit noise drawn from `random` in element order (as
 * `unitComplexNoise(readCount·phaseCount, random)` per element, the draws of simulate.ts `simulateSlice`), or
 * without noise when `random` is absent. The returned stats share this thread's buffers: use them before the next
 * call. The first element's map and noise are the caller's own arrays.
 */
export function streamCoilSums(
  source: CoilMapSource,
  frame: AcquisitionFrame,
  random: RandomSource | undefined,
): CoilSums {
  const n = frame.readCount * frame.phaseCount;
  const firstNoise = random
    ? fillUnitComplexNoise({ re: new Float32Array(n), im: new Float32Array(n) }, random)
    : undefined;
  const onWasm = random ? seededWasmNoise(n, random) : undefined;
  if (onWasm) return wasmCoilSums(source, frame, source.fill(0, new Float32Array(n)), firstNoise, onWasm);
  const ws = scratchFor(n);
  const unitOf = (c: number): UnitNoise | undefined =>
    c === 0 ? firstNoise : random ? fillUnitComplexNoise(ws.noise, random) : undefined;
  return sumElements(source, frame, ws, ws.map, unitOf, firstNoise);
}

/** Buffers `coilSumsOf` fills: the four sums and one element's map (readCount·phaseCount values each). */
export type CoilSumsBuffers = Pick<SumsScratch, 's2' | 'aRe' | 'aIm' | 'n2' | 'map'>;

/** New buffers for `coilSumsOf` on a grid of `n` acquisition pixels. */
export function createCoilSumsBuffers(n: number): CoilSumsBuffers {
  const f64 = (): Float64Array => new Float64Array(n);
  return { s2: f64(), aRe: f64(), aIm: f64(), n2: f64(), map: new Float32Array(n) };
}

/** Pixels per block of `coilSumsOf`: its four sums (128 KiB) and the element's map block stay in the L2 cache. */
const SUMS_BLOCK_PIXELS = 4096;

/**
 * The sums of `source`'s elements on `frame` with element c's unit noise `noise[c]` (noise kept by the caller,
 * e.g. the live preview's fixed grain), into `buffers` (zeroed here): the numbers `streamCoilSums` adds for the
 * same noise (each pixel adds its elements in element order), with no array of the grid allocated but the first
 * map and the gain. Block by block of rows, every element's map rows filled and added while the block is in cache.
 */
export function coilSumsOf(
  source: CoilMapSource,
  frame: AcquisitionFrame,
  noise: readonly UnitNoise[],
  buffers: CoilSumsBuffers,
): CoilSums {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  for (const sum of [buffers.s2, buffers.aRe, buffers.aIm, buffers.n2]) sum.fill(0);
  const firstMap = source.fill(0, new Float32Array(nu * nv));
  const rows = Math.max(1, Math.floor(SUMS_BLOCK_PIXELS / nu));
  for (let v = 0; v < nv; v += rows) {
    const end = Math.min(nv, v + rows);
    addCoilToSums(buffers, firstMap, noise[0], v * nu, end * nu);
    for (let c = 1; c < source.count; c++) {
      source.fillRows(c, buffers.map, v, end);
      addCoilToSums(buffers, buffers.map, noise[c], v * nu, end * nu, v * nu);
    }
  }
  return sumsResult(buffers, firstMap, noise[0], source.count, frame);
}

/** Adds every element of `source` (its map filled into `map`, its noise `unitOf(c)`) to the zeroed `sums`. */
function sumElements(
  source: CoilMapSource,
  frame: AcquisitionFrame,
  sums: Sums,
  map: Float32Array,
  unitOf: (element: number) => UnitNoise | undefined,
  firstNoise: UnitNoise | undefined,
): CoilSums {
  const n = frame.readCount * frame.phaseCount;
  const firstMap = source.fill(0, new Float32Array(n));
  for (let c = 0; c < source.count; c++) {
    addCoilToSums(sums, c === 0 ? firstMap : source.fill(c, map), unitOf(c), 0, n);
  }
  return sumsResult(sums, firstMap, firstNoise, source.count, frame);
}

function sumsResult(
  sums: Sums,
  firstMap: Float32Array,
  firstNoise: UnitNoise | undefined,
  channels: number,
  frame: AcquisitionFrame,
): CoilSums {
  const { s2, aRe, aIm, n2 } = sums;
  const stats: CoilStats = { maps: [], noise: [], s2, aRe, aIm, n2, scale: undefined };
  return { stats, gain: prescanGainOfSquares(s2, frame), firstMap, firstNoise, channels };
}

/**
 * streamCoilSums on WebAssembly (../wasmNoise.ts): the first element's map and noise are copied into
 * the module's buffers; every other element's map is filled into the module's
 * memory and its noise drawn there, and the sums are added there (the same operations, the same bytes). The sums
 * are the module's memory: valid until the next slice of this thread.
 */
function wasmCoilSums(
  source: CoilMapSource,
  frame: AcquisitionFrame,
  firstMap: Float32Array,
  firstNoise: UnitNoise | undefined,
  onWasm: NonNullable<ReturnType<typeof seededWasmNoise>>,
): CoilSums {
  const { wasm, draw } = onWasm;
  wasm.clearSums();
  wasm.map.set(firstMap);
  if (firstNoise) {
    wasm.re.set(firstNoise.re);
    wasm.im.set(firstNoise.im);
  }
  wasm.addCoil(true);
  for (let c = 1; c < source.count; c++) {
    source.fill(c, wasm.map);
    draw();
    wasm.addCoil(true);
  }
  return sumsResult(wasm.sums, firstMap, firstNoise, source.count, frame);
}
