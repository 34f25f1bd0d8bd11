import type { Meters, RadiansPerSecond, Seconds } from '../../units.ts';
import { dephasingNodes } from './dephasing.ts';

/**
 * Isochromats as structure-of-arrays Float32Arrays (DESIGN.md §3): positions x, y, z [m] in patient
 * coordinates (LPS), proton density `rho` (= M0, arbitrary units), relaxation times t1, t2 [s]
 * (Infinity = no decay), off-resonance `dw` [rad/s] and the magnetisation mx, my, mz (starting at
 * equilibrium, M = (0, 0, rho)).
 */
export interface SpinSet {
  count: number;
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
  rho: Float32Array;
  t1: Float32Array;
  t2: Float32Array;
  dw: Float32Array;
  mx: Float32Array;
  my: Float32Array;
  mz: Float32Array;
}

/** Per-spin properties from which a SpinSet is built (arrays of equal length). */
export interface SpinProperties {
  x: ArrayLike<Meters>;
  y: ArrayLike<Meters>;
  z: ArrayLike<Meters>;
  rho: ArrayLike<number>;
  t1: ArrayLike<Seconds>;
  t2: ArrayLike<Seconds>;
  dw?: ArrayLike<RadiansPerSecond>;
}

/** Spins at equilibrium (M = rho·ẑ) with the given properties. */
export function createSpinSet(p: SpinProperties): SpinSet {
  const count = p.x.length;
  for (const [name, a] of Object.entries(p)) {
    if (a !== undefined && (a as ArrayLike<number>).length !== count)
      throw new RangeError(
        `spin property '${name}' has ${(a as ArrayLike<number>).length} values, expected ${count}`,
      );
  }
  const rho = Float32Array.from(p.rho);
  return {
    count,
    x: Float32Array.from(p.x),
    y: Float32Array.from(p.y),
    z: Float32Array.from(p.z),
    rho,
    t1: Float32Array.from(p.t1),
    t2: Float32Array.from(p.t2),
    dw: p.dw ? Float32Array.from(p.dw) : new Float32Array(count),
    mx: new Float32Array(count),
    my: new Float32Array(count),
    mz: rho.slice(),
  };
}

/** Spins [start, end) of a set, copied (magnetisation included). */
export function sliceSpins(spins: SpinSet, start: number, end: number): SpinSet {
  return {
    count: end - start,
    x: spins.x.slice(start, end),
    y: spins.y.slice(start, end),
    z: spins.z.slice(start, end),
    rho: spins.rho.slice(start, end),
    t1: spins.t1.slice(start, end),
    t2: spins.t2.slice(start, end),
    dw: spins.dw.slice(start, end),
    mx: spins.mx.slice(start, end),
    my: spins.my.slice(start, end),
    mz: spins.mz.slice(start, end),
  };
}

/** A deep copy of a spin set. */
export function cloneSpins(spins: SpinSet): SpinSet {
  return sliceSpins(spins, 0, spins.count);
}

/**
 * The relative resolution of a textured tissue's relaxation times in the Bloch phantom [bits of mantissa]: T1, T2
 * and T2* of its spins are rounded to 2⁻⁶ (steps of about 1.6 %, ±0.8 % at most; phantom.ts `spinsFromSlice`).
 * The engine groups spins of equal properties into classes (rfmap.ts `classifySpins`: one RF map, one readout
 * phasor per class); a textured tissue (anatomy/texture.ts: T1 and T2 vary smoothly by ±3 %) gave every spin values
 * of its own, so every spin was a class and pulses and readouts ran per spin, 7–10× slower. Rounded, a tissue
 * takes about five values of each and the engine stays exact for the phantom it is given.
 */
export const CLASS_RELAXATION_BITS = 6;

/** `value` rounded to CLASS_RELAXATION_BITS bits of mantissa (values ≤ 0 and non-finite ones unchanged). */
export function roundToClassResolution(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return value;
  const step = 2 ** (Math.floor(Math.log2(value)) - CLASS_RELAXATION_BITS);
  return Math.round(value / step) * step;
}

/**
 * Intravoxel dephasing for T2* (reference/analytic_formulas.md §5, 1/T2* = 1/T2 + 1/T2′): each spin becomes
 * `perSpin` isochromats at the off-resonances ω_j/T2′ of `dephasingNodes` (an equally spaced grid over the
 * Lorentzian spread of half-width 1/T2′ [rad/s], weights fitted to exp(−t/T2′), first revival at
 * DEPHASING_PERIOD·T2′; dephasing.ts gives the error per count), each carrying w_j of the spin's rho and
 * magnetisation, so the summed FID of a voxel decays as exp(−t/T2′)·exp(−t/T2). `t2s` [s] per spin;
 * T2′ = 1/(1/T2* − 1/T2); spins with t2s ≥ t2 (or not finite) keep their single isochromat. Spins of equal T2 and
 * T2* get the same frequencies (a textured tissue's take a few values: `roundToClassResolution`), so they share the
 * Bloch engine's spin classes.
 */
export function withT2StarSpread(spins: SpinSet, t2s: ArrayLike<Seconds>, perSpin: number): SpinSet {
  const n = spins.count;
  const split = (i: number): boolean => {
    const t2Star = t2s[i] ?? Infinity;
    return Number.isFinite(t2Star) && t2Star < (spins.t2[i] ?? Infinity);
  };
  let total = 0;
  for (let i = 0; i < n; i++) total += split(i) ? perSpin : 1;
  const out: SpinSet = {
    count: total,
    x: new Float32Array(total),
    y: new Float32Array(total),
    z: new Float32Array(total),
    rho: new Float32Array(total),
    t1: new Float32Array(total),
    t2: new Float32Array(total),
    dw: new Float32Array(total),
    mx: new Float32Array(total),
    my: new Float32Array(total),
    mz: new Float32Array(total),
  };
  const nodes = dephasingNodes(perSpin);
  let o = 0;
  for (let i = 0; i < n; i++) {
    const copies = split(i) ? perSpin : 1;
    const t2 = spins.t2[i] ?? Infinity;
    const rate = copies > 1 ? 1 / (t2s[i] ?? Infinity) - 1 / t2 : 0; // 1/T2' [1/s]
    for (let k = 0; k < copies; k++, o++) {
      const spread = copies > 1 ? rate * (nodes.frequencies[k] as number) : 0;
      const share = copies > 1 ? (nodes.weights[k] as number) : 1;
      out.x[o] = spins.x[i] ?? 0;
      out.y[o] = spins.y[i] ?? 0;
      out.z[o] = spins.z[i] ?? 0;
      out.rho[o] = (spins.rho[i] ?? 0) * share;
      out.t1[o] = spins.t1[i] ?? Infinity;
      out.t2[o] = t2;
      out.dw[o] = (spins.dw[i] ?? 0) + spread;
      out.mx[o] = (spins.mx[i] ?? 0) * share;
      out.my[o] = (spins.my[i] ?? 0) * share;
      out.mz[o] = (spins.mz[i] ?? 0) * share;
    }
  }
  return out;
}
