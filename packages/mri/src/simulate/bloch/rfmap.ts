import type { Step } from './plan.ts';
import type { Workspace } from './kernels.ts';

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
  for (let i = 0; i < count; i++) {
    const key = `${mask & 1 ? src.x[i] : 0},${mask & 2 ? src.y[i] : 0},${mask & 4 ? src.z[i] : 0},${src.dw[i]},${src.t1[i]},${src.t2[i]}`;
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

/** Builds the affine map of each class by composing the steps in Float64 (same operators as rotation.ts). */
export function buildRfMap(steps: readonly Step[], src: ClassSource, classes: SpinClasses): RfMap {
  const coefficients = new Float64Array(classes.representatives.length * 12);
  const TWO_PI = 2 * Math.PI;
  const a = new Float64Array(12);
  classes.representatives.forEach((j, c) => {
    const x = src.x[j] ?? 0;
    const y = src.y[j] ?? 0;
    const z = src.z[j] ?? 0;
    const dw = src.dw[j] ?? 0;
    const t1 = src.t1[j] ?? Infinity;
    const t2 = src.t2[j] ?? Infinity;
    a.fill(0);
    a[0] = a[4] = a[8] = 1;
    for (const s of steps) {
      const bx = s.b1re;
      const by = s.b1im;
      const bz = (s.kx * x + s.ky * y + s.kz * z) / s.dt + dw / TWO_PI;
      const norm = Math.hypot(bx, by, bz);
      const e1 = Math.exp(-s.dt / t1);
      const e2 = Math.exp(-s.dt / t2);
      // Rotation matrix of rotateInField (Rodrigues, angle −2π|b|dt), rows scaled by the relaxation.
      let r00 = 1,
        r01 = 0,
        r02 = 0,
        r10 = 0,
        r11 = 1,
        r12 = 0,
        r20 = 0,
        r21 = 0,
        r22 = 1;
      if (norm > 0) {
        const nx = bx / norm;
        const ny = by / norm;
        const nz = bz / norm;
        const theta = -TWO_PI * norm * s.dt;
        const co = Math.cos(theta);
        const si = Math.sin(theta);
        const t = 1 - co;
        r00 = co + nx * nx * t;
        r01 = -nz * si + nx * ny * t;
        r02 = ny * si + nx * nz * t;
        r10 = nz * si + ny * nx * t;
        r11 = co + ny * ny * t;
        r12 = -nx * si + ny * nz * t;
        r20 = -ny * si + nz * nx * t;
        r21 = nx * si + nz * ny * t;
        r22 = co + nz * nz * t;
      }
      // [A | b] ← D·R·[A | b] + [0 | (0, 0, 1 − e1)], columns 0..2 of A and b as column 3.
      for (let col = 0; col < 4; col++) {
        const i0 = col < 3 ? col : 9;
        const i1 = col < 3 ? 3 + col : 10;
        const i2 = col < 3 ? 6 + col : 11;
        const v0 = a[i0] ?? 0;
        const v1 = a[i1] ?? 0;
        const v2 = a[i2] ?? 0;
        a[i0] = e2 * (r00 * v0 + r01 * v1 + r02 * v2);
        a[i1] = e2 * (r10 * v0 + r11 * v1 + r12 * v2);
        a[i2] = e1 * (r20 * v0 + r21 * v1 + r22 * v2) + (col === 3 ? 1 - e1 : 0);
      }
    }
    coefficients.set(a, c * 12);
  });
  return { classOf: classes.classOf, coefficients };
}

/** Applies a map with the pulse's phase offset φ [rad] to the workspace: M ← Rz(φ)·(A·Rz(−φ)·M + rho·b). */
export function applyRfMap(map: RfMap, ws: Workspace, count: number, phaseOffset: number): void {
  const { classOf, coefficients: k } = map;
  const { mx, my, mz, rho } = ws;
  const c = Math.cos(phaseOffset);
  const s = Math.sin(phaseOffset);
  for (let i = 0; i < count; i++) {
    const o = (classOf[i] as number) * 12;
    const px = mx[i] as number;
    const py = my[i] as number;
    const u = c * px + s * py;
    const v = -s * px + c * py;
    const w = mz[i] as number;
    const r = rho[i] as number;
    const ox =
      (k[o] as number) * u + (k[o + 1] as number) * v + (k[o + 2] as number) * w + r * (k[o + 9] as number);
    const oy =
      (k[o + 3] as number) * u +
      (k[o + 4] as number) * v +
      (k[o + 5] as number) * w +
      r * (k[o + 10] as number);
    mz[i] =
      (k[o + 6] as number) * u +
      (k[o + 7] as number) * v +
      (k[o + 8] as number) * w +
      r * (k[o + 11] as number);
    mx[i] = c * ox - s * oy;
    my[i] = s * ox + c * oy;
  }
}
