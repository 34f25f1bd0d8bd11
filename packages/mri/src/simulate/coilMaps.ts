/**
 * Receive sensitivity maps of a coil array on a frame's acquisition grid ([phase][read]): the elements' fields
 * (anatomy/coils.ts) evaluated on a grid COIL_MAP_STEP times coarser and interpolated bilinearly. `frameCoilMaps`
 * gives every element's map; `frameCoilMapSource` gives them one at a time into a buffer the caller keeps, so a
 * scan slice holds one fine map instead of one per element (fast/coilSums.ts).
 */
import { coilSensitivityMaps } from '../anatomy/coils.ts';
import type { Coil } from '../anatomy/types.ts';
import type { Vec3 } from '../units.ts';
import type { AcquisitionFrame } from './geometry.ts';

/** Coil sensitivities vary slowly: they are evaluated every COIL_MAP_STEP pixels and interpolated bilinearly. */
const COIL_MAP_STEP = 4;

/** The coarse grid of a frame's maps and the bilinear weights onto the fine one. */
interface MapGrid {
  cu: number;
  cv: number;
  nu: number;
  nv: number;
  step: number;
  col0: Int32Array;
  colW: Float64Array;
  /** Two coarse rows interpolated along read (nu values each), reused by every fill. */
  top: Float64Array;
  bottom: Float64Array;
}

/** The elements of a coil array on a frame, one fine map at a time. */
export interface CoilMapSource {
  /** Number of elements. */
  readonly count: number;
  /** Element `element`'s map on the acquisition grid ([phase][read]) into `out` (readCount·phaseCount values). */
  fill(element: number, out: Float32Array): Float32Array;
  /**
   * Rows [from, to) of element `element`'s map into `out` from index 0 ((to − from)·readCount values): the same
   * values as those rows of `fill`, so that a caller can sum the elements block by block in cache.
   */
  fillRows(element: number, out: Float32Array, from: number, to: number): Float32Array;
  /**
   * Σ_c s_c² over the elements on the acquisition grid into `out` (readCount·phaseCount values), without
   * forming any element's fine map: between coarse rows j and j + 1 a fine map is (1 − w)·T_c + w·B_c (T_c, B_c
   * the two coarse rows interpolated along read, w the fine row's weight), so
   *   Σ_c s_c² = (1 − w)²·Σ_c T_c² + 2(1 − w)·w·Σ_c T_c·B_c + w²·Σ_c B_c²,
   * three sums per coarse row pair instead of one per element and fine row. The sum of the squares of `fill`'s
   * maps but for their Float32 rounding (relative 1e-7).
   */
  sumOfSquares(out: Float64Array): Float64Array;
}

/**
 * The coarse maps of the coil's elements around a frame (evaluated on a grid COIL_MAP_STEP times coarser whose
 * point i sits on fine pixel COIL_MAP_STEP·i), or undefined for a single channel.
 */
export function frameCoilMapSource(
  coil: Coil | undefined,
  frame: AcquisitionFrame,
): CoilMapSource | undefined {
  if (!coil || coil.elements.length < 2) return undefined;
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const step = COIL_MAP_STEP;
  // Coarse sizes: even, and with a point at or beyond the last fine pixel.
  const cu = 2 * Math.ceil((Math.ceil((nu - 1) / step) + 2) / 2);
  const cv = 2 * Math.ceil((Math.ceil((nv - 1) / step) + 2) / 2);
  // Coarse point i lies at (i − cu/2)·step·Δu from the centre; fine pixel f at (f − nu/2)·Δu. Shift the coarse
  // grid's centre so that point i sits on fine pixel step·i.
  const du = frame.fovRead / nu;
  const dv = frame.fovPhase / nv;
  const offsetU = (cu / 2) * step * du - (nu / 2) * du;
  const offsetV = (cv / 2) * step * dv - (nv / 2) * dv;
  const center = [0, 1, 2].map(
    (a) =>
      (frame.plane.center[a] as number) +
      offsetU * (frame.readDirection[a] as number) +
      offsetV * (frame.phaseDirection[a] as number),
  ) as unknown as Vec3;
  const coarse = coilSensitivityMaps(
    coil,
    { center, row: frame.readDirection, column: frame.phaseDirection, normal: frame.plane.normal },
    { nx: cu, ny: cv, pixelSpacing: [step * du, step * dv], sliceThickness: frame.plane.sliceThickness },
  );
  const grid: MapGrid = {
    cu,
    cv,
    nu,
    nv,
    step,
    ...bilinearColumns(nu, step),
    top: new Float64Array(nu),
    bottom: new Float64Array(nu),
  };
  const mapOf = (element: number): Float32Array => {
    const map = coarse[element];
    if (!map) throw new RangeError(`coil element ${element} outside 0…${coarse.length - 1}`);
    return map;
  };
  return {
    count: coarse.length,
    fill: (element, out) => interpolateMap(mapOf(element), grid, out, 0, nv),
    fillRows: (element, out, from, to) => interpolateMap(mapOf(element), grid, out, from, to),
    sumOfSquares: (out) => interpolatedSumOfSquares(coarse, grid, out),
  };
}

/**
 * Sensitivity maps of the coil's elements on the acquisition grid of a frame ([phase][read]), or undefined for a
 * single channel.
 */
export function frameCoilMaps(coil: Coil | undefined, frame: AcquisitionFrame): Float32Array[] | undefined {
  const source = frameCoilMapSource(coil, frame);
  if (!source) return undefined;
  const n = frame.readCount * frame.phaseCount;
  return Array.from({ length: source.count }, (_, c) => source.fill(c, new Float32Array(n)));
}

/** Bilinear weights per fine column: left coarse column and the weight of the right one (shared by all maps). */
function bilinearColumns(nu: number, step: number): { col0: Int32Array; colW: Float64Array } {
  const col0 = new Int32Array(nu);
  const colW = new Float64Array(nu);
  for (let u = 0; u < nu; u++) {
    col0[u] = Math.floor(u / step);
    colW[u] = u / step - (col0[u] as number);
  }
  return { col0, colW };
}

/** Coarse row `row` of `map` interpolated along read into `out` (nu values). */
function readRow(map: Float32Array, grid: MapGrid, row: number, out: Float64Array): void {
  const { cu, nu, col0, colW } = grid;
  const start = row * cu;
  for (let u = 0; u < nu; u++) {
    const i0 = col0[u] as number;
    const i1 = Math.min(cu - 1, i0 + 1);
    const wu = colW[u] as number;
    out[u] = (1 - wu) * (map[start + i0] as number) + wu * (map[start + i1] as number);
  }
}

/**
 * CoilMapSource.sumOfSquares: Σ_c s_c² on the fine grid from the coarse maps (see there). Along read, too, an
 * interpolated row is (1 − w_u)·m[i] + w_u·m[i + 1], so each of the three sums of a row pair is a quadratic form
 * in (1 − w_u, w_u) over sums of products of neighbouring coarse values, Σ_c m_c[p]·m_c[q]: five per coarse point
 * (itself, its right, lower, lower-right neighbour, and its right with its lower one), formed once per element on
 * the coarse grid instead of once per element and fine column. The same sums but for their rounding order.
 */
function interpolatedSumOfSquares(
  coarse: readonly Float32Array[],
  grid: MapGrid,
  out: Float64Array,
): Float64Array {
  const { cu, cv, nu, nv, step, col0, colW } = grid;
  const size = cu * cv;
  // Per coarse point p = (j, i), r the next row and i + 1 the next column, both clamped at the edge.
  const self = new Float64Array(size); // Σ m[j][i]²
  const right = new Float64Array(size); // Σ m[j][i]·m[j][i+1]
  const down = new Float64Array(size); // Σ m[j][i]·m[r][i]
  const diagonal = new Float64Array(size); // Σ m[j][i]·m[r][i+1]
  const anti = new Float64Array(size); // Σ m[j][i+1]·m[r][i]
  for (const map of coarse) {
    for (let j = 0; j < cv; j++) {
      const row = j * cu;
      const next = Math.min(cv - 1, j + 1) * cu;
      for (let i = 0; i < cu; i++) {
        const i1 = Math.min(cu - 1, i + 1);
        const a = map[row + i] as number;
        const b = map[row + i1] as number;
        const c = map[next + i] as number;
        const d = map[next + i1] as number;
        const p = row + i;
        self[p] = (self[p] as number) + a * a;
        right[p] = (right[p] as number) + a * b;
        down[p] = (down[p] as number) + a * c;
        diagonal[p] = (diagonal[p] as number) + a * d;
        anti[p] = (anti[p] as number) + b * c;
      }
    }
  }
  const tt = new Float64Array(nu);
  const tb = new Float64Array(nu);
  const bb = new Float64Array(nu);
  for (let j = 0; j * step < nv; j++) {
    const row = j * cu;
    const next = Math.min(cv - 1, j + 1) * cu;
    for (let u = 0; u < nu; u++) {
      const i = col0[u] as number;
      const i1 = Math.min(cu - 1, i + 1);
      const w = colW[u] as number;
      const a = (1 - w) * (1 - w);
      const c = 2 * (1 - w) * w;
      const d = w * w;
      tt[u] = a * (self[row + i] as number) + c * (right[row + i] as number) + d * (self[row + i1] as number);
      bb[u] =
        a * (self[next + i] as number) + c * (right[next + i] as number) + d * (self[next + i1] as number);
      tb[u] =
        a * (down[row + i] as number) +
        0.5 * c * ((diagonal[row + i] as number) + (anti[row + i] as number)) +
        d * (down[row + i1] as number);
    }
    for (let v = j * step; v < Math.min(nv, (j + 1) * step); v++) {
      const w = v / step - j;
      const a = (1 - w) * (1 - w);
      const c = 2 * (1 - w) * w;
      const d = w * w;
      const base = v * nu;
      for (let u = 0; u < nu; u++)
        out[base + u] = a * (tt[u] as number) + c * (tb[u] as number) + d * (bb[u] as number);
    }
  }
  return out;
}

/**
 * One coarse map (cu × cv) bilinearly onto fine rows [from, to) of the fine grid (nu × nv, fine pixel step·i on
 * coarse point i), into `fine` from index 0. Each coarse row is interpolated along read once per call; fine rows
 * between two coarse rows blend those two. A row's values do not depend on the range it is filled in.
 */
function interpolateMap(
  map: Float32Array,
  grid: MapGrid,
  fine: Float32Array,
  from: number,
  to: number,
): Float32Array {
  const { cv, nu, step } = grid;
  let { top, bottom } = grid;
  let topRow = -1;
  let bottomRow = -1;
  let rowPair = -1;
  for (let v = from; v < to; v++) {
    const j = Math.floor(v / step);
    const wv = v / step - j;
    if (j !== rowPair) {
      rowPair = j;
      const row1 = Math.min(cv - 1, j + 1);
      // The last pair's lower row is this pair's upper one: swap instead of recomputing.
      if (bottomRow === j) [top, bottom] = [bottom, top];
      else if (topRow !== j) readRow(map, grid, j, top);
      topRow = j;
      if (row1 === j) bottom.set(top);
      else readRow(map, grid, row1, bottom);
      bottomRow = row1;
    }
    const base = (v - from) * nu;
    for (let u = 0; u < nu; u++) fine[base + u] = (1 - wv) * (top[u] as number) + wv * (bottom[u] as number);
  }
  return fine;
}
