import type { Workspace } from './kernels.ts';
import type { ClassSource, SpinClasses } from './rfmap.ts';
import type { CoilSensitivity } from './scan.ts';

/**
 * Readouts on shared phasors. During a readout with a constant gradient, spin j turns by the same phasor
 * z_j = e2_j·exp(−i·2π·(Δk·r_j + dw_j·dt/2π)) every dwell, and z_j depends only on the position along the
 * gradient, dw and T2: spins that share them (a column of a Cartesian grid under a read gradient, say) form a
 * class c, and S_n = Σ_c (Σ_{j∈c} M⊥_j)·z_c^(n+1) exactly. The sum then costs classes × samples instead of
 * spins × samples, and each spin is advanced once, by z_c^run.
 */
export interface ClassPhasors {
  zr: Float64Array;
  zi: Float64Array;
  /** z^run per class. */
  zRunR: Float64Array;
  zRunI: Float64Array;
}

/** Phasor per class for one dwell of dt [s] and k-space step (kx, ky, kz) [1/m], and its run-th power. */
export function classPhasors(
  cls: SpinClasses,
  src: ClassSource,
  dt: number,
  kx: number,
  ky: number,
  kz: number,
  run: number,
): ClassPhasors {
  const c = cls.representatives.length;
  const p: ClassPhasors = {
    zr: new Float64Array(c),
    zi: new Float64Array(c),
    zRunR: new Float64Array(c),
    zRunI: new Float64Array(c),
  };
  cls.representatives.forEach((j, i) => {
    const cycles = kx * (src.x[j] ?? 0) + ky * (src.y[j] ?? 0) + kz * (src.z[j] ?? 0);
    const phase = 2 * Math.PI * cycles + (src.dw[j] ?? 0) * dt;
    const decay = Math.exp(-dt / (src.t2[j] ?? Infinity));
    p.zr[i] = decay * Math.cos(phase);
    p.zi[i] = -decay * Math.sin(phase);
    const decayRun = Math.exp((-dt * run) / (src.t2[j] ?? Infinity));
    p.zRunR[i] = decayRun * Math.cos(phase * run);
    p.zRunI[i] = -decayRun * Math.sin(phase * run);
  });
  return p;
}

/** out[s] += Σ_c A_c·z_c^(s+1) for s < run, with A_c the (coil-weighted) sum of M⊥ over class c. */
export function sumOverClasses(
  ws: Workspace,
  count: number,
  cls: SpinClasses,
  p: ClassPhasors,
  run: number,
  coil: CoilSensitivity | undefined,
): void {
  const classes = cls.representatives.length;
  const ar = new Float64Array(classes);
  const ai = new Float64Array(classes);
  for (let i = 0; i < count; i++) {
    const c = cls.classOf[i] as number;
    const a = ws.mx[i] as number;
    const b = ws.my[i] as number;
    const wr = coil ? (coil.re[i] as number) : 1;
    const wi = coil ? (coil.im[i] as number) : 0;
    ar[c] = (ar[c] as number) + wr * a - wi * b;
    ai[c] = (ai[c] as number) + wr * b + wi * a;
  }
  for (let s = 0; s < run; s++) {
    let re = 0;
    let im = 0;
    for (let c = 0; c < classes; c++) {
      const a = ar[c] as number;
      const b = ai[c] as number;
      const zr = p.zr[c] as number;
      const zi = p.zi[c] as number;
      const nr = a * zr - b * zi;
      const ni = a * zi + b * zr;
      ar[c] = nr;
      ai[c] = ni;
      re += nr;
      im += ni;
    }
    ws.outRe[s] = (ws.outRe[s] as number) + re;
    ws.outIm[s] = (ws.outIm[s] as number) + im;
  }
}

/** M⊥_j ← M⊥_j·z_c^run for every spin (the state after the run). */
export function advanceByClass(ws: Workspace, count: number, cls: SpinClasses, p: ClassPhasors): void {
  for (let i = 0; i < count; i++) {
    const c = cls.classOf[i] as number;
    const zr = p.zRunR[c] as number;
    const zi = p.zRunI[c] as number;
    const a = ws.mx[i] as number;
    const b = ws.my[i] as number;
    ws.mx[i] = a * zr - b * zi;
    ws.my[i] = a * zi + b * zr;
  }
}
