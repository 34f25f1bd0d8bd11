import type { Step } from './plan.ts';
import { CLASS_SLOTS, relaxationFactors, type BlochKernels, type KernelFactory } from './kernels.ts';

/**
 * RF pulses as affine maps. A pulse window (its steps of exact rotation and relaxation, rotation.ts) acts on
 * a spin as M' = A·M + rho·b, where A (3×3) and b (3) depend only on the spin's off-resonance history
 * (position along the gradients on during the pulse, dw) and T1, T2. Spins that share these form a class, so
 * a slice-selective pulse on a 2D slice costs a few classes × steps, and a repeated pulse costs 12
 * multiply-adds per spin. A phase offset φ of the pulse is a rotation about z: A_φ = Rz(φ)·A·Rz(−φ).
 */
export interface RfMap {
  /** Class of each spin of the workspace. */
  classOf: Int32Array;
  /** 12 numbers per class: A row-major, then b. */
  coefficients: Float64Array;
}

/** Spin properties the classes are built from (Float32, padded to the workspace capacity). */
export interface ClassSource {
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
  dw: Float32Array;
  t1: Float32Array;
  t2: Float32Array;
}

/** A readout phasor z per spin class and its run-th power (collapsed.ts). */
export interface ClassPhasors {
  zr: Float64Array;
  zi: Float64Array;
  /** z^run per class. */
  zRunR: Float64Array;
  zRunI: Float64Array;
}

/** Phasors of one readout step, kept with the classes (`SpinClasses`). */
export interface CachedPhasors {
  dt: number;
  kx: number;
  ky: number;
  kz: number;
  run: number;
  phasors: ClassPhasors;
}

/** Classes of spins indistinguishable to a pulse whose gradients use the axes of `mask` (1 x, 2 y, 4 z). */
export interface SpinClasses {
  classOf: Int32Array;
  representatives: number[];
  /** Readout phasors of these classes by step (collapsed.ts `classPhasors`). */
  phasors: CachedPhasors[];
}

/**
 * Classes in order of first appearance, from the exact Float32 bit patterns of the positions the mask keeps, dw,
 * T2 and, unless `byT1` is false, T1 (a readout's phasors depend on T2 alone: its classes leave T1 out). Numeric
 * open-addressing hash (no key strings, nothing for the garbage collector): a spin whose bits match the
 * representative of the slot it hashes to joins that class, else it probes the next slot.
 */
export function classifySpins(src: ClassSource, count: number, mask: number, byT1 = true): SpinClasses {
  const classOf = new Int32Array(count);
  const reps = new Int32Array(count);
  let classes = 0;
  // Int32 views: small integers to the JIT (Uint32 words past 2^31 would be heap numbers).
  const bits = (a: Float32Array): Int32Array => new Int32Array(a.buffer, a.byteOffset, a.length);
  const x = bits(src.x);
  const y = bits(src.y);
  const z = bits(src.z);
  const dw = bits(src.dw);
  // Without T1 in the key (a readout's classes), every spin's word is the same.
  const t1 = byT1 ? bits(src.t1) : new Int32Array(count);
  const t2 = bits(src.t2);
  const useX = (mask & 1) !== 0;
  const useY = (mask & 2) !== 0;
  const useZ = (mask & 4) !== 0;
  let size = 16;
  while (size < 2 * count) size *= 2;
  const slotMask = size - 1;
  // Class index + 1 per slot (0: empty).
  const table = new Int32Array(size);
  for (let i = 0; i < count; i++) {
    const xi = useX ? (x[i] as number) : 0;
    const yi = useY ? (y[i] as number) : 0;
    const zi = useZ ? (z[i] as number) : 0;
    const di = dw[i] as number;
    const ai = t1[i] as number;
    const bi = t2[i] as number;
    let h = mixWord(mixWord(mixWord(mixWord(mixWord(mixWord(0x9e3779b9, xi), yi), zi), di), ai), bi);
    h ^= h >>> 16;
    let slot = h & slotMask;
    for (;;) {
      const entry = table[slot] as number;
      if (entry === 0) {
        reps[classes] = i;
        classOf[i] = classes++;
        table[slot] = classes;
        break;
      }
      const j = reps[entry - 1] as number;
      if (
        (useX ? (x[j] as number) : 0) === xi &&
        (useY ? (y[j] as number) : 0) === yi &&
        (useZ ? (z[j] as number) : 0) === zi &&
        dw[j] === di &&
        t1[j] === ai &&
        t2[j] === bi
      ) {
        classOf[i] = entry - 1;
        break;
      }
      slot = (slot + 1) & slotMask;
    }
  }
  return { classOf, representatives: Array.from(reps.subarray(0, classes)), phasors: [] };
}

/** One step of a multiplicative hash over 32-bit words (MurmurHash3's constants). */
function mixWord(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const g = h ^ k;
  return (Math.imul((g << 13) | (g >>> 19), 5) + 0xe6546b64) | 0;
}

/** Axes (mask: 1 x, 2 y, 4 z) on which a gradient is on during the steps. */
export function gradientAxes(steps: readonly Step[]): number {
  let mask = 0;
  for (const s of steps) mask |= (s.kx !== 0 ? 1 : 0) | (s.ky !== 0 ? 2 : 0) | (s.kz !== 0 ? 4 : 0);
  return mask;
}

/**
 * Builds the affine map of each class with the kernels themselves: the step operator (rotation, then
 * relaxation towards rho) is affine in (M, rho), so running four virtual spins per class, M = x̂, ŷ, ẑ with
 * rho = 0 and M = 0 with rho = 1, through the pulse's steps gives the columns of A and b. Costs four spins
 * per class of the direct path, once per distinct pulse.
 */
export function buildRfMap(
  steps: readonly Step[],
  src: ClassSource,
  classes: SpinClasses,
  kernels: KernelFactory,
): RfMap {
  const m = classes.representatives.length;
  const k = kernels(4 * m, 1);
  const { ws } = k;
  const t1 = new Float32Array(ws.capacity).fill(Infinity);
  const t2 = new Float32Array(ws.capacity).fill(Infinity);
  classes.representatives.forEach((j, c) => {
    for (let q = 0; q < 4; q++) {
      const i = q * m + c;
      ws.x[i] = src.x[j] ?? 0;
      ws.y[i] = src.y[j] ?? 0;
      ws.z[i] = src.z[j] ?? 0;
      ws.dw[i] = src.dw[j] ?? 0;
      t1[i] = src.t1[j] ?? Infinity;
      t2[i] = src.t2[j] ?? Infinity;
      ws.mx[i] = q === 0 ? 1 : 0;
      ws.my[i] = q === 1 ? 1 : 0;
      ws.mz[i] = q === 2 ? 1 : 0;
      ws.rho[i] = q === 3 ? 1 : 0;
    }
  });
  const factors = new Map<number, { e1: Float32Array; e2: Float32Array }>();
  let loaded: { e1: Float32Array; e2: Float32Array } | undefined;
  for (const s of steps) {
    const key = Math.round(s.dt * 1e12);
    let f = factors.get(key);
    if (!f) {
      f = { e1: new Float32Array(ws.capacity), e2: new Float32Array(ws.capacity) };
      relaxationFactors(s.dt, t1, t2, f.e1, f.e2);
      factors.set(key, f);
    }
    if (f !== loaded) {
      ws.e1.set(f.e1);
      ws.e2.set(f.e2);
      loaded = f;
    }
    k.rfStep(s.b1re, s.b1im, s.kx / s.dt, s.ky / s.dt, s.kz / s.dt, s.dt);
  }
  const coefficients = new Float64Array(m * 12);
  for (let c = 0; c < m; c++) {
    for (let q = 0; q < 4; q++) {
      const i = q * m + c;
      const column = q < 3 ? q : 9;
      const stride = q < 3 ? 3 : 1;
      coefficients[c * 12 + column] = ws.mx[i] ?? 0;
      coefficients[c * 12 + column + stride] = ws.my[i] ?? 0;
      coefficients[c * 12 + column + 2 * stride] = ws.mz[i] ?? 0;
    }
  }
  return { classOf: classes.classOf, coefficients };
}

/** Which class assignments (one per class slot), selected slot and map coefficients the workspace holds. */
export interface LoadedClasses {
  slots?: (Int32Array | undefined)[];
  selected?: number;
  coefficients?: Float64Array;
}

/**
 * Selects the class slot that holds `classOf`; one that holds none of it gets it copied into the slot after the
 * selected one (with two slots, the one not in use: a scan's RF maps and readouts then keep one each).
 */
export function loadClasses(k: BlochKernels, classOf: Int32Array, loaded: LoadedClasses): void {
  const slots = (loaded.slots ??= []);
  let slot = slots.indexOf(classOf);
  if (slot < 0) {
    slot = ((loaded.selected ?? -1) + 1) % CLASS_SLOTS;
    k.selectClasses(slot);
    k.ws.classOf.set(classOf);
    slots[slot] = classOf;
  } else if (slot !== loaded.selected) k.selectClasses(slot);
  loaded.selected = slot;
}

/** Applies a map with the pulse's phase offset φ [rad]: M ← Rz(φ)·(A·Rz(−φ)·M + rho·b). */
export function applyRfMap(map: RfMap, k: BlochKernels, phaseOffset: number, loaded: LoadedClasses): void {
  loadClasses(k, map.classOf, loaded);
  if (loaded.coefficients !== map.coefficients) {
    k.ws.classCoef.set(map.coefficients);
    loaded.coefficients = map.coefficients;
  }
  k.applyMap(Math.cos(phaseOffset), Math.sin(phaseOffset));
}
