import type { Step } from './plan.ts';
import type { BlochKernels, KernelFactory } from './kernels.ts';

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

/** Classes of spins indistinguishable to a pulse whose gradients use the axes of `mask` (1 x, 2 y, 4 z). */
export interface SpinClasses {
  classOf: Int32Array;
  representatives: number[];
}

export function classifySpins(src: ClassSource, count: number, mask: number): SpinClasses {
  const classOf = new Int32Array(count);
  const representatives: number[] = [];
  const index = new Map<string, number>();
  // Exact keys from the Float32 bit patterns (integers format faster than floats).
  const bits = (a: Float32Array): Uint32Array => new Uint32Array(a.buffer, a.byteOffset, a.length);
  const [x, y, z, dw, t1, t2] = [src.x, src.y, src.z, src.dw, src.t1, src.t2].map(bits) as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  for (let i = 0; i < count; i++) {
    const key = `${mask & 1 ? x[i] : 0},${mask & 2 ? y[i] : 0},${mask & 4 ? z[i] : 0},${dw[i]},${t1[i]},${t2[i]}`;
    let c = index.get(key);
    if (c === undefined) {
      c = representatives.length;
      index.set(key, c);
      representatives.push(i);
    }
    classOf[i] = c;
  }
  return { classOf, representatives };
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
      for (let i = 0; i < ws.capacity; i++) {
        f.e1[i] = Math.exp(-s.dt / (t1[i] as number));
        f.e2[i] = Math.exp(-s.dt / (t2[i] as number));
      }
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

/** Which class assignment and map coefficients the workspace holds, to skip reloading them. */
export interface LoadedClasses {
  classOf?: Int32Array;
  coefficients?: Float64Array;
}

/** Puts a class assignment into the workspace unless it is there already. */
export function loadClasses(k: BlochKernels, classOf: Int32Array, loaded: LoadedClasses): void {
  if (loaded.classOf === classOf) return;
  k.ws.classOf.set(classOf);
  loaded.classOf = classOf;
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
