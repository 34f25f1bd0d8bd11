import type { BlochKernels } from './kernels.ts';
import { loadClasses, type ClassSource, type LoadedClasses, type SpinClasses } from './rfmap.ts';

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

/**
 * out[s] += Σ_c A_c·z_c^(s+1) for s < run, with A_c the sum of M⊥ over class c: of (sx, sy), the coil-weighted
 * copy, when `scratch`, else of (mx, my).
 */
export function sumOverClasses(
  k: BlochKernels,
  cls: SpinClasses,
  p: ClassPhasors,
  run: number,
  scratch: boolean,
  loaded: LoadedClasses,
): void {
  const { ws } = k;
  const classes = cls.representatives.length;
  loadClasses(k, cls.classOf, loaded);
  ws.classRe.fill(0, 0, classes);
  ws.classIm.fill(0, 0, classes);
  k.gatherClasses(scratch);
  const ar = ws.classRe.slice(0, classes);
  const ai = ws.classIm.slice(0, classes);
  const { zr, zi } = p;
  for (let s = 0; s < run; s++) {
    let re = 0;
    let im = 0;
    for (let c = 0; c < classes; c++) {
      const a = ar[c] as number;
      const b = ai[c] as number;
      const r = zr[c] as number;
      const m = zi[c] as number;
      const nr = a * r - b * m;
      const ni = a * m + b * r;
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
export function advanceByClass(
  k: BlochKernels,
  cls: SpinClasses,
  p: ClassPhasors,
  loaded: LoadedClasses,
): void {
  loadClasses(k, cls.classOf, loaded);
  k.ws.classZr.set(p.zRunR);
  k.ws.classZi.set(p.zRunI);
  k.advanceClasses();
}
