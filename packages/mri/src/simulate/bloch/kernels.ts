/**
 * The Bloch engine's (engine.ts) inner loops over spins, on a workspace of Float32 structure-of-arrays. Two
 * implementations share this interface: plain JavaScript (below, the readable one) and WebAssembly SIMD
 * (wasm.ts, from packages/mri/asm/bloch.ts). Both are tested against the reference engine.
 */

/** Spin arrays of the Bloch engine, `capacity` long (a multiple of 4; padding spins have rho = 0, M = 0). */
export interface Workspace {
  capacity: number;
  /** Positions [m], off-resonance [rad/s], proton density. */
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
  dw: Float32Array;
  rho: Float32Array;
  /** Magnetisation. */
  mx: Float32Array;
  my: Float32Array;
  mz: Float32Array;
  /**
   * Relaxation factors exp(−dt/T1), exp(−dt/T2) of the current step, set by the caller: the arrays of the
   * selected relaxation slot (BlochKernels `selectRelaxation`).
   */
  e1: Float32Array;
  e2: Float32Array;
  /** Readout phasors e2·exp(−iφ) per dwell. */
  zr: Float32Array;
  zi: Float32Array;
  /** Scratch transverse magnetisation (coil-weighted copies). */
  sx: Float32Array;
  sy: Float32Array;
  /** Signal accumulators, one per sample of a readout run. */
  outRe: Float64Array;
  outIm: Float64Array;
  /**
   * Class of each spin (RF maps, shared readout phasors): the array of the selected class slot (BlochKernels
   * `selectClasses`); per-class data below, up to `capacity` classes.
   */
  classOf: Int32Array;
  /** 12 per class: the RF map's A (row-major) then b (rfmap.ts). */
  classCoef: Float32Array;
  classRe: Float64Array;
  classIm: Float64Array;
  classZr: Float32Array;
  classZi: Float32Array;
}

/** Relaxation slots of a workspace: sets of factors e1, e2 kept side by side, so that steps alternating between a few durations select them instead of copying them in. */
export const RELAXATION_SLOTS = 4;

/**
 * Class slots of a workspace: class assignments kept side by side, so that a scan alternating between two (its
 * RF maps' and its readouts', each TR) selects them instead of copying one in (a 4-byte index per spin) each time.
 */
export const CLASS_SLOTS = 2;

/** The kernels; every call runs over the whole workspace. */
export interface BlochKernels {
  readonly name: 'js' | 'wasm-simd';
  readonly ws: Workspace;
  /**
   * Makes ws.e1, ws.e2 the arrays of relaxation slot `slot` (0 ≤ slot < RELAXATION_SLOTS; 0 at creation), the
   * factors the kernels then use; each slot keeps what was written to it.
   */
  selectRelaxation(slot: number): void;
  /**
   * Makes ws.classOf the array of class slot `slot` (0 ≤ slot < CLASS_SLOTS; 0 at creation), the assignment the
   * class kernels (applyMap, gatherClasses, advanceClasses, gatherAndAdvanceClasses) then use; each slot keeps
   * what was written to it.
   */
  selectClasses(slot: number): void;
  /** M⊥ ← M⊥·exp(−i·2π·(k·r + dw·dtOver2Pi)); k [1/m], dtOver2Pi = dt/2π [s/rad]. */
  precess(kx: number, ky: number, kz: number, dtOver2Pi: number): void;
  /** zr + i·zi ← e2·exp(−i·2π·(k·r + dw·dtOver2Pi)). */
  phasors(kx: number, ky: number, kz: number, dtOver2Pi: number): void;
  /** M⊥ ← e2·M⊥; mz ← e1·mz + rho·(1 − e1). */
  relax(): void;
  /** precess(k, dtOver2Pi) then relax(), in one pass over the spins. */
  precessRelax(kx: number, ky: number, kz: number, dtOver2Pi: number): void;
  /**
   * For s < samples: M⊥ ← z·M⊥, out[s] += Σ M⊥; M⊥ is (sx, sy) when `scratch`, else (mx, my); over the first
   * `spins` entries (a multiple of 4; default all).
   */
  readout(scratch: boolean, samples: number, spins?: number): void;
  /** One RF step of dt [s]: rotation about 2π·(b1x, b1y, g·r + dw/2π) by −|Ω|dt, then relax() (rotation.ts). */
  rfStep(b1x: number, b1y: number, gx: number, gy: number, gz: number, dt: number): void;
  /** M ← Rz(φ)·(A·Rz(−φ)·M + rho·b) with each spin's class map in classCoef; c = cos φ, s = sin φ. */
  applyMap(c: number, s: number): void;
  /** classRe/classIm[class] += M⊥ of its spins; (sx, sy) when `scratch`, else (mx, my). */
  gatherClasses(scratch: boolean): void;
  /** M⊥ ← M⊥·(classZr + i·classZi)[class]. */
  advanceClasses(): void;
  /** gatherClasses(false) then advanceClasses() in one pass over the spins. */
  gatherAndAdvanceClasses(): void;
}

/** Makes kernels with room for `spins` spins and `samples` samples per readout run. */
export type KernelFactory = (spins: number, samples: number) => BlochKernels;

/**
 * Relaxation factors e1 = exp(−dtLongitudinal/T1), e2 = exp(−dt/T2) per spin [dt s, T s] (dtLongitudinal = dt
 * unless given: longitudinal relaxation may run over a longer time than the transverse one still to apply). Spins come in runs of one tissue
 * (a voxel's isochromats, neighbouring voxels), so each exponential is computed once per run of equal values:
 * the same numbers as one exp per spin, a fraction of the cost.
 */
export function relaxationFactors(
  dt: number,
  t1: Float32Array,
  t2: Float32Array,
  e1: Float32Array,
  e2: Float32Array,
  dtLongitudinal: number = dt,
): void {
  let lastT1 = NaN;
  let lastE1 = 0;
  let lastT2 = NaN;
  let lastE2 = 0;
  for (let i = 0; i < e1.length; i++) {
    const a = t1[i] ?? Infinity;
    const b = t2[i] ?? Infinity;
    if (a !== lastT1) {
      lastT1 = a;
      lastE1 = Math.exp(-dtLongitudinal / a);
    }
    if (b !== lastT2) {
      lastT2 = b;
      lastE2 = Math.exp(-dt / b);
    }
    e1[i] = lastE1;
    e2[i] = lastE2;
  }
}

/** Spin capacity padded to the SIMD width (4 × f32). */
export const paddedCapacity = (spins: number): number => Math.max(4, Math.ceil(spins / 4) * 4);

const SPIN_ARRAYS = [
  'x',
  'y',
  'z',
  'dw',
  'rho',
  'mx',
  'my',
  'mz',
  'e1',
  'e2',
  'zr',
  'zi',
  'sx',
  'sy',
] as const;
export type SpinArrayName = (typeof SPIN_ARRAYS)[number];
export const WORKSPACE_SPIN_ARRAYS: readonly SpinArrayName[] = SPIN_ARRAYS;

/** A workspace of ordinary typed arrays. */
export function createWorkspace(spins: number, samples: number): Workspace {
  const capacity = paddedCapacity(spins);
  const arrays = Object.fromEntries(SPIN_ARRAYS.map((k) => [k, new Float32Array(capacity)])) as Record<
    SpinArrayName,
    Float32Array
  >;
  return {
    capacity,
    ...arrays,
    outRe: new Float64Array(samples),
    outIm: new Float64Array(samples),
    classOf: new Int32Array(capacity),
    classCoef: new Float32Array(12 * capacity),
    classRe: new Float64Array(capacity),
    classIm: new Float64Array(capacity),
    classZr: new Float32Array(capacity),
    classZi: new Float32Array(capacity),
  };
}

/** The JavaScript kernels: the same loops as the WebAssembly ones, one spin at a time, with Math.sin/cos. */
export const createJsKernels: KernelFactory = (spins, samples) => {
  const ws = createWorkspace(spins, samples);
  const { x, y, z, dw, rho, mx, my, mz, zr, zi, sx, sy, outRe, outIm } = ws;
  let { e1, e2 } = ws;
  const slots = [{ e1, e2 }];
  let { classOf } = ws;
  const classSlots = [classOf];
  const { classCoef: k, classRe, classIm, classZr, classZi } = ws;
  const n = ws.capacity;
  const TWO_PI = 2 * Math.PI;
  return {
    name: 'js',
    ws,
    selectRelaxation(slot) {
      if (!(Number.isInteger(slot) && slot >= 0 && slot < RELAXATION_SLOTS))
        throw new RangeError(`relaxation slot ${slot} outside 0…${RELAXATION_SLOTS - 1}`);
      const chosen = (slots[slot] ??= {
        e1: new Float32Array(ws.capacity),
        e2: new Float32Array(ws.capacity),
      });
      ({ e1, e2 } = chosen);
      ws.e1 = e1;
      ws.e2 = e2;
    },
    selectClasses(slot) {
      if (!(Number.isInteger(slot) && slot >= 0 && slot < CLASS_SLOTS))
        throw new RangeError(`class slot ${slot} outside 0…${CLASS_SLOTS - 1}`);
      classOf = classSlots[slot] ??= new Int32Array(ws.capacity);
      ws.classOf = classOf;
    },
    precess(kx, ky, kz, dtw) {
      for (let i = 0; i < n; i++) {
        const phase =
          TWO_PI *
          (kx * (x[i] as number) + ky * (y[i] as number) + kz * (z[i] as number) + dtw * (dw[i] as number));
        const c = Math.cos(phase);
        const s = Math.sin(phase);
        const a = mx[i] as number;
        const b = my[i] as number;
        mx[i] = a * c + b * s;
        my[i] = b * c - a * s;
      }
    },
    phasors(kx, ky, kz, dtw) {
      for (let i = 0; i < n; i++) {
        const phase =
          TWO_PI *
          (kx * (x[i] as number) + ky * (y[i] as number) + kz * (z[i] as number) + dtw * (dw[i] as number));
        zr[i] = (e2[i] as number) * Math.cos(phase);
        zi[i] = -(e2[i] as number) * Math.sin(phase);
      }
    },
    precessRelax(kx, ky, kz, dtw) {
      for (let i = 0; i < n; i++) {
        const phase =
          TWO_PI *
          (kx * (x[i] as number) + ky * (y[i] as number) + kz * (z[i] as number) + dtw * (dw[i] as number));
        const d = e2[i] as number;
        const c = Math.cos(phase) * d;
        const s = Math.sin(phase) * d;
        const a = mx[i] as number;
        const b = my[i] as number;
        mx[i] = a * c + b * s;
        my[i] = b * c - a * s;
        mz[i] = (mz[i] as number) * (e1[i] as number) + (rho[i] as number) * (1 - (e1[i] as number));
      }
    },
    relax() {
      for (let i = 0; i < n; i++) {
        mx[i] = (mx[i] as number) * (e2[i] as number);
        my[i] = (my[i] as number) * (e2[i] as number);
        mz[i] = (mz[i] as number) * (e1[i] as number) + (rho[i] as number) * (1 - (e1[i] as number));
      }
    },
    readout(scratch, count, spins = n) {
      const re = scratch ? sx : mx;
      const im = scratch ? sy : my;
      for (let s = 0; s < count; s++) {
        let accRe = 0;
        let accIm = 0;
        for (let i = 0; i < spins; i++) {
          const a = re[i] as number;
          const b = im[i] as number;
          const nr = a * (zr[i] as number) - b * (zi[i] as number);
          const ni = a * (zi[i] as number) + b * (zr[i] as number);
          re[i] = nr;
          im[i] = ni;
          accRe += nr;
          accIm += ni;
        }
        outRe[s] = (outRe[s] as number) + accRe;
        outIm[s] = (outIm[s] as number) + accIm;
      }
    },
    rfStep(b1x, b1y, gx, gy, gz, dt) {
      const b2 = b1x * b1x + b1y * b1y;
      for (let i = 0; i < n; i++) {
        const bz =
          gx * (x[i] as number) + gy * (y[i] as number) + gz * (z[i] as number) + (dw[i] as number) / TWO_PI;
        const norm = Math.sqrt(b2 + bz * bz);
        const inv = norm > 0 ? 1 / norm : 0;
        const nx = b1x * inv;
        const ny = b1y * inv;
        const nz = bz * inv;
        const theta = -TWO_PI * norm * dt;
        const c = Math.cos(theta);
        const s = Math.sin(theta);
        const a = mx[i] as number;
        const b = my[i] as number;
        const m = mz[i] as number;
        const dot = (nx * a + ny * b + nz * m) * (1 - c);
        mx[i] = (a * c + (ny * m - nz * b) * s + nx * dot) * (e2[i] as number);
        my[i] = (b * c + (nz * a - nx * m) * s + ny * dot) * (e2[i] as number);
        mz[i] =
          (m * c + (nx * b - ny * a) * s + nz * dot) * (e1[i] as number) +
          (rho[i] as number) * (1 - (e1[i] as number));
      }
    },
    applyMap(c, s) {
      for (let i = 0; i < n; i++) {
        const o = (classOf[i] as number) * 12;
        const px = mx[i] as number;
        const py = my[i] as number;
        const u = c * px + s * py;
        const v = c * py - s * px;
        const w = mz[i] as number;
        const r = rho[i] as number;
        const ox =
          (k[o] as number) * u +
          (k[o + 1] as number) * v +
          (k[o + 2] as number) * w +
          r * (k[o + 9] as number);
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
    },
    gatherClasses(scratch) {
      const re = scratch ? sx : mx;
      const im = scratch ? sy : my;
      for (let i = 0; i < n; i++) {
        const c = classOf[i] as number;
        classRe[c] = (classRe[c] as number) + (re[i] as number);
        classIm[c] = (classIm[c] as number) + (im[i] as number);
      }
    },
    advanceClasses() {
      for (let i = 0; i < n; i++) {
        const c = classOf[i] as number;
        const a = mx[i] as number;
        const b = my[i] as number;
        const r = classZr[c] as number;
        const m = classZi[c] as number;
        mx[i] = a * r - b * m;
        my[i] = a * m + b * r;
      }
    },
    gatherAndAdvanceClasses() {
      for (let i = 0; i < n; i++) {
        const c = classOf[i] as number;
        const a = mx[i] as number;
        const b = my[i] as number;
        classRe[c] = (classRe[c] as number) + a;
        classIm[c] = (classIm[c] as number) + b;
        const r = classZr[c] as number;
        const m = classZi[c] as number;
        mx[i] = a * r - b * m;
        my[i] = a * m + b * r;
      }
    },
  };
};
