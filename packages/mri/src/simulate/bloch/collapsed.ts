/**
 * Readouts on shared phasors. During a readout with a constant gradient, spin j turns by the same phasor
 * z_j = e2_j·exp(−i·2π·(Δk·r_j + dw_j·dt/2π)) every dwell, and z_j depends only on the position along the
 * gradient, dw and T2: spins that share them (a column of a Cartesian grid under a read gradient, say) form a
 * class c, and S_n = Σ_c (Σ_{j∈c} M⊥_j)·z_c^(n+1) exactly. The sum then costs classes × samples instead of
 * spins × samples, and each spin is advanced once, by z_c^run.
 */
import type { BlochKernels } from './kernels.ts';
import {
  loadClasses,
  type ClassPhasors,
  type ClassSource,
  type LoadedClasses,
  type SpinClasses,
} from './rfmap.ts';

/** Distinct readout steps whose phasors a class set keeps (an EPI train needs two: one per readout polarity). */
const PHASOR_CACHE_LIMIT = 16;

/**
 * Phasor per class for one dwell of dt [s] and k-space step (kx, ky, kz) [1/m], and its run-th power. Kept with
 * the classes (`cls.phasors`) and reused for the same step and run, as every line of an EPI train repeats one
 * of two: `src` must hold the values the classes were made from (rfmap.ts `classifySpins`).
 */
export function classPhasors(
  cls: SpinClasses,
  src: ClassSource,
  dt: number,
  kx: number,
  ky: number,
  kz: number,
  run: number,
): ClassPhasors {
  // A linear search on the numbers themselves: a few entries, and no number-to-string keys per line.
  for (const e of cls.phasors) {
    if (e.dt === dt && e.kx === kx && e.ky === ky && e.kz === kz && e.run === run) return e.phasors;
  }
  if (cls.phasors.length >= PHASOR_CACHE_LIMIT) cls.phasors.length = 0;
  const c = cls.representatives.length;
  const p: ClassPhasors = {
    zr: new Float64Array(c),
    zi: new Float64Array(c),
    zRunR: new Float64Array(c),
    zRunI: new Float64Array(c),
  };
  const reps = cls.representatives;
  for (let i = 0; i < c; i++) {
    const j = reps[i] as number;
    const cycles = kx * (src.x[j] ?? 0) + ky * (src.y[j] ?? 0) + kz * (src.z[j] ?? 0);
    const phase = 2 * Math.PI * cycles + (src.dw[j] ?? 0) * dt;
    const t2 = src.t2[j] ?? Infinity;
    const decay = Math.exp(-dt / t2);
    p.zr[i] = decay * Math.cos(phase);
    p.zi[i] = -decay * Math.sin(phase);
    const decayRun = Math.exp((-dt * run) / t2);
    p.zRunR[i] = decayRun * Math.cos(phase * run);
    p.zRunI[i] = -decayRun * Math.sin(phase * run);
  }
  cls.phasors.push({ dt, kx, ky, kz, run, phasors: p });
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
  const classes = startClassSums(k, cls, loaded);
  k.gatherClasses(scratch);
  readoutOfClasses(k, p, classes, run);
}

/**
 * sumOverClasses of (mx, my) and then advanceByClass, in one pass over the spins (each spin joins its class sum
 * before it is advanced): a readout with one receive channel.
 */
export function sumAndAdvanceByClass(
  k: BlochKernels,
  cls: SpinClasses,
  p: ClassPhasors,
  run: number,
  loaded: LoadedClasses,
): void {
  const { ws } = k;
  const classes = startClassSums(k, cls, loaded);
  ws.classZr.set(p.zRunR);
  ws.classZi.set(p.zRunI);
  k.gatherAndAdvanceClasses();
  readoutOfClasses(k, p, classes, run);
}

/** Loads the spins' classes into the kernels and zeroes the class sums; returns the number of classes. */
function startClassSums(k: BlochKernels, cls: SpinClasses, loaded: LoadedClasses): number {
  const classes = cls.representatives.length;
  loadClasses(k, cls.classOf, loaded);
  k.ws.classRe.fill(0, 0, classes);
  k.ws.classIm.fill(0, 0, classes);
  return classes;
}

/** out[s] += Σ_c A_c·z_c^(s+1), s < run, from the class sums A_c in classRe, classIm. */
function readoutOfClasses(k: BlochKernels, p: ClassPhasors, classes: number, run: number): void {
  const { ws } = k;
  // The class sums become the "spins" of the readout kernel: A_c in (sx, sy), z_c in (zr, zi), zero-padded.
  const padded = Math.ceil(classes / 4) * 4;
  ws.sx.set(ws.classRe.subarray(0, classes));
  ws.sy.set(ws.classIm.subarray(0, classes));
  ws.zr.set(p.zr);
  ws.zi.set(p.zi);
  for (let c = classes; c < padded; c++) ws.sx[c] = ws.sy[c] = ws.zr[c] = ws.zi[c] = 0;
  k.readout(true, run, padded);
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

/**
 * A readout whose first sample follows a longer step (the ADC's delay or the gradient's ramp: phasors `lead`,
 * run 1) than the dwells after it (`p`, `run` samples): out[0] += Σ_c A_c·w_c and out[1 + s] += Σ_c A_c·w_c·z_c^(s+1),
 * with one gather over the spins for all run + 1 samples, and every spin advanced by w_c·z_c^run, exactly as
 * sumAndAdvanceByClass over the lead sample and then over the run (outRe, outIm must hold run + 1 samples).
 */
export function sumAndAdvanceLed(
  k: BlochKernels,
  cls: SpinClasses,
  lead: ClassPhasors,
  p: ClassPhasors,
  run: number,
  loaded: LoadedClasses,
): void {
  const { ws } = k;
  const classes = startClassSums(k, cls, loaded);
  for (let c = 0; c < classes; c++) {
    const wr = lead.zr[c] as number;
    const wi = lead.zi[c] as number;
    const zr = p.zRunR[c] as number;
    const zi = p.zRunI[c] as number;
    ws.classZr[c] = wr * zr - wi * zi;
    ws.classZi[c] = wr * zi + wi * zr;
  }
  k.gatherAndAdvanceClasses();
  // The lead sample, and the class sums after it: the run starts from them.
  let re0 = 0;
  let im0 = 0;
  for (let c = 0; c < classes; c++) {
    const a = ws.classRe[c] as number;
    const b = ws.classIm[c] as number;
    const wr = lead.zr[c] as number;
    const wi = lead.zi[c] as number;
    const ar = a * wr - b * wi;
    const ai = a * wi + b * wr;
    re0 += ar;
    im0 += ai;
    ws.classRe[c] = ar;
    ws.classIm[c] = ai;
  }
  readoutOfClasses(k, p, classes, run);
  for (let s = run; s > 0; s--) {
    ws.outRe[s] = ws.outRe[s - 1] as number;
    ws.outIm[s] = ws.outIm[s - 1] as number;
  }
  ws.outRe[0] = re0;
  ws.outIm[0] = im0;
}
