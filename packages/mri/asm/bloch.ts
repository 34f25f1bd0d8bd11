// WebAssembly SIMD kernels of the Bloch engine (AssemblyScript, built with `npm run build:wasm -w @larmor/mri`).
// Every array is Float32 structure-of-arrays in this module's memory, addressed by byte offset, with the spin
// count a multiple of 4 (the caller pads with rho = 0). The JavaScript twin in src/simulate/bloch/kernels.ts
// is the readable version of each function; both are tested against the reference engine.

const TWO_PI: f32 = 6.283185307179586;

let SIN: v128 = f32x4.splat(0);
let COS: v128 = f32x4.splat(0);

// sin and cos of 2π·c for c in cycles: reduce to a quarter turn q and a remainder |a| ≤ π/4, Taylor series to
// a⁹ (sin) and a⁸ (cos) (truncation < 3e-8), then place by quadrant: θ = q·π/2 + a.
function sincosCycles(c: v128): void {
  const q4 = f32x4.nearest(f32x4.mul(c, f32x4.splat(4)));
  const a = f32x4.mul(f32x4.sub(c, f32x4.mul(q4, f32x4.splat(0.25))), f32x4.splat(TWO_PI));
  const a2 = f32x4.mul(a, a);
  let ps = f32x4.splat(1.0 / 362880.0);
  ps = f32x4.add(f32x4.mul(ps, a2), f32x4.splat(-1.0 / 5040.0));
  ps = f32x4.add(f32x4.mul(ps, a2), f32x4.splat(1.0 / 120.0));
  ps = f32x4.add(f32x4.mul(ps, a2), f32x4.splat(-1.0 / 6.0));
  ps = f32x4.add(f32x4.mul(ps, a2), f32x4.splat(1.0));
  const sinA = f32x4.mul(ps, a);
  let pc = f32x4.splat(1.0 / 40320.0);
  pc = f32x4.add(f32x4.mul(pc, a2), f32x4.splat(-1.0 / 720.0));
  pc = f32x4.add(f32x4.mul(pc, a2), f32x4.splat(1.0 / 24.0));
  pc = f32x4.add(f32x4.mul(pc, a2), f32x4.splat(-0.5));
  const cosA = f32x4.add(f32x4.mul(pc, a2), f32x4.splat(1.0));
  const q = i32x4.trunc_sat_f32x4_s(q4);
  const swap = i32x4.eq(v128.and(q, i32x4.splat(1)), i32x4.splat(1));
  const s = v128.bitselect(cosA, sinA, swap);
  const co = v128.bitselect(sinA, cosA, swap);
  SIN = v128.xor(s, i32x4.shl(v128.and(q, i32x4.splat(2)), 30));
  COS = v128.xor(co, i32x4.shl(v128.and(i32x4.add(q, i32x4.splat(1)), i32x4.splat(2)), 30));
}

// Phase in cycles of each spin: k·r + dw·dt/2π (k [1/m], r [m], dw [rad/s], dtOver2Pi [s/rad]).
function cycles(
  x: usize,
  y: usize,
  z: usize,
  dw: usize,
  i: usize,
  kx: v128,
  ky: v128,
  kz: v128,
  dtw: v128,
): v128 {
  let c = f32x4.mul(v128.load(x + i), kx);
  c = f32x4.add(c, f32x4.mul(v128.load(y + i), ky));
  c = f32x4.add(c, f32x4.mul(v128.load(z + i), kz));
  return f32x4.add(c, f32x4.mul(v128.load(dw + i), dtw));
}

// What `turnSpins` does with each spin's turn exp(−i·2π·(k·r + dw·dt/2π)).
const PRECESS: i32 = 0;
const PRECESS_RELAX: i32 = 1;
const PHASORS: i32 = 2;

// The loop of the three kernels that turn spins by their phase (precess, precessRelax, phasors): one loop, so that
// sincosCycles has a single caller and is inlined into it (called per four spins, the call cost precessRelax, the
// Bloch engine's main pass, about a sixth of its time); `what` picks the kernel's update (same operations, same
// bits as three loops).
function turnSpins(
  what: i32,
  n: i32,
  x: usize,
  y: usize,
  z: usize,
  dw: usize,
  rho: usize,
  e1: usize,
  e2: usize,
  mx: usize,
  my: usize,
  mz: usize,
  kx: f32,
  ky: f32,
  kz: f32,
  dtw: f32,
): void {
  const vkx = f32x4.splat(kx),
    vky = f32x4.splat(ky),
    vkz = f32x4.splat(kz),
    vdt = f32x4.splat(dtw);
  const end = (<usize>n) << 2;
  for (let i: usize = 0; i < end; i += 16) {
    sincosCycles(cycles(x, y, z, dw, i, vkx, vky, vkz, vdt));
    if (what === PHASORS) {
      // (mx, my) are the phasors' (zr, zi) here.
      const d = v128.load(e2 + i);
      v128.store(mx + i, f32x4.mul(d, COS));
      v128.store(my + i, f32x4.neg(f32x4.mul(d, SIN)));
    } else if (what === PRECESS) {
      const a = v128.load(mx + i),
        b = v128.load(my + i);
      v128.store(mx + i, f32x4.add(f32x4.mul(a, COS), f32x4.mul(b, SIN)));
      v128.store(my + i, f32x4.sub(f32x4.mul(b, COS), f32x4.mul(a, SIN)));
    } else {
      const d = v128.load(e2 + i),
        l = v128.load(e1 + i),
        r = v128.load(rho + i);
      const c = f32x4.mul(COS, d),
        s = f32x4.mul(SIN, d);
      const a = v128.load(mx + i),
        b = v128.load(my + i);
      v128.store(mx + i, f32x4.add(f32x4.mul(a, c), f32x4.mul(b, s)));
      v128.store(my + i, f32x4.sub(f32x4.mul(b, c), f32x4.mul(a, s)));
      v128.store(mz + i, f32x4.add(f32x4.mul(v128.load(mz + i), l), f32x4.sub(r, f32x4.mul(r, l))));
    }
  }
}

/** Free precession M⊥ ← M⊥·exp(−i·2π·(k·r + dw·dt/2π)). */
export function precess(
  n: i32,
  x: usize,
  y: usize,
  z: usize,
  dw: usize,
  mx: usize,
  my: usize,
  kx: f32,
  ky: f32,
  kz: f32,
  dtw: f32,
): void {
  turnSpins(PRECESS, n, x, y, z, dw, 0, 0, 0, mx, my, 0, kx, ky, kz, dtw);
}

/**
 * Free precession and relaxation in one pass: M⊥ ← e2·M⊥·exp(−i·2π·(k·r + dw·dt/2π)), mz ← e1·mz + rho·(1 − e1)
 * (precess then relax, without a second trip through memory).
 */
export function precessRelax(
  n: i32,
  x: usize,
  y: usize,
  z: usize,
  dw: usize,
  rho: usize,
  e1: usize,
  e2: usize,
  mx: usize,
  my: usize,
  mz: usize,
  kx: f32,
  ky: f32,
  kz: f32,
  dtw: f32,
): void {
  turnSpins(PRECESS_RELAX, n, x, y, z, dw, rho, e1, e2, mx, my, mz, kx, ky, kz, dtw);
}

/** Per-spin readout phasor z = e2·exp(−i·2π·(k·r + dw·dt/2π)) for one dwell (e2 = exp(−dwell/T2) given). */
export function phasors(
  n: i32,
  x: usize,
  y: usize,
  z: usize,
  dw: usize,
  e2: usize,
  zr: usize,
  zi: usize,
  kx: f32,
  ky: f32,
  kz: f32,
  dtw: f32,
): void {
  turnSpins(PHASORS, n, x, y, z, dw, 0, 0, e2, zr, zi, 0, kx, ky, kz, dtw);
}

/** Relaxation with per-spin factors e1 = exp(−dt/T1), e2 = exp(−dt/T2): M⊥ ← e2·M⊥, mz ← e1·mz + rho·(1 − e1). */
export function relax(n: i32, rho: usize, e1: usize, e2: usize, mx: usize, my: usize, mz: usize): void {
  const end = (<usize>n) << 2;
  for (let i: usize = 0; i < end; i += 16) {
    const d = v128.load(e2 + i),
      l = v128.load(e1 + i),
      r = v128.load(rho + i);
    v128.store(mx + i, f32x4.mul(v128.load(mx + i), d));
    v128.store(my + i, f32x4.mul(v128.load(my + i), d));
    v128.store(mz + i, f32x4.add(f32x4.mul(v128.load(mz + i), l), f32x4.sub(r, f32x4.mul(r, l))));
  }
}

// Spins per tile of the readout: 2048 spins × 4 arrays × 4 B = 32 KiB stay in L1 over all samples of a run.
const TILE: usize = 2048 << 2;

// Sum of the four lanes of a vector, in f64.
function lanes(v: v128): f64 {
  return (
    <f64>(f32x4.extract_lane(v, 0) + f32x4.extract_lane(v, 1)) +
    <f64>(f32x4.extract_lane(v, 2) + f32x4.extract_lane(v, 3))
  );
}

/**
 * Readout with a constant gradient: for each of `samples` dwells, M⊥ ← z·M⊥ (one complex multiply per spin)
 * and out[s] += Σ M⊥ (f64 accumulators; per-tile partial sums in f32). Four samples per pass over a tile keep
 * M⊥ in registers between them: per 4 spins and 4 samples, 4 loads and 2 stores instead of 16 and 8.
 */
export function readout(
  n: i32,
  samples: i32,
  mx: usize,
  my: usize,
  zr: usize,
  zi: usize,
  outRe: usize,
  outIm: usize,
): void {
  const end = (<usize>n) << 2;
  for (let t0: usize = 0; t0 < end; t0 += TILE) {
    const t1 = min(end, t0 + TILE);
    let s = 0;
    for (; s + 4 <= samples; s += 4) {
      let r0 = f32x4.splat(0),
        i0 = f32x4.splat(0),
        r1 = f32x4.splat(0),
        i1 = f32x4.splat(0);
      let r2 = f32x4.splat(0),
        i2 = f32x4.splat(0),
        r3 = f32x4.splat(0),
        i3 = f32x4.splat(0);
      for (let i = t0; i < t1; i += 16) {
        let a = v128.load(mx + i),
          b = v128.load(my + i);
        const c = v128.load(zr + i),
          d = v128.load(zi + i);
        let t = f32x4.sub(f32x4.mul(a, c), f32x4.mul(b, d));
        b = f32x4.add(f32x4.mul(a, d), f32x4.mul(b, c));
        a = t;
        r0 = f32x4.add(r0, a);
        i0 = f32x4.add(i0, b);
        t = f32x4.sub(f32x4.mul(a, c), f32x4.mul(b, d));
        b = f32x4.add(f32x4.mul(a, d), f32x4.mul(b, c));
        a = t;
        r1 = f32x4.add(r1, a);
        i1 = f32x4.add(i1, b);
        t = f32x4.sub(f32x4.mul(a, c), f32x4.mul(b, d));
        b = f32x4.add(f32x4.mul(a, d), f32x4.mul(b, c));
        a = t;
        r2 = f32x4.add(r2, a);
        i2 = f32x4.add(i2, b);
        t = f32x4.sub(f32x4.mul(a, c), f32x4.mul(b, d));
        b = f32x4.add(f32x4.mul(a, d), f32x4.mul(b, c));
        a = t;
        r3 = f32x4.add(r3, a);
        i3 = f32x4.add(i3, b);
        v128.store(mx + i, a);
        v128.store(my + i, b);
      }
      const o = (<usize>s) << 3;
      store<f64>(outRe + o, load<f64>(outRe + o) + lanes(r0));
      store<f64>(outIm + o, load<f64>(outIm + o) + lanes(i0));
      store<f64>(outRe + o + 8, load<f64>(outRe + o + 8) + lanes(r1));
      store<f64>(outIm + o + 8, load<f64>(outIm + o + 8) + lanes(i1));
      store<f64>(outRe + o + 16, load<f64>(outRe + o + 16) + lanes(r2));
      store<f64>(outIm + o + 16, load<f64>(outIm + o + 16) + lanes(i2));
      store<f64>(outRe + o + 24, load<f64>(outRe + o + 24) + lanes(r3));
      store<f64>(outIm + o + 24, load<f64>(outIm + o + 24) + lanes(i3));
    }
    for (; s < samples; s++) {
      let ar = f32x4.splat(0),
        ai = f32x4.splat(0);
      for (let i = t0; i < t1; i += 16) {
        const a = v128.load(mx + i),
          b = v128.load(my + i),
          c = v128.load(zr + i),
          d = v128.load(zi + i);
        const nr = f32x4.sub(f32x4.mul(a, c), f32x4.mul(b, d));
        const ni = f32x4.add(f32x4.mul(a, d), f32x4.mul(b, c));
        v128.store(mx + i, nr);
        v128.store(my + i, ni);
        ar = f32x4.add(ar, nr);
        ai = f32x4.add(ai, ni);
      }
      const o = (<usize>s) << 3;
      store<f64>(outRe + o, load<f64>(outRe + o) + lanes(ar));
      store<f64>(outIm + o, load<f64>(outIm + o) + lanes(ai));
    }
  }
}

/**
 * One RF raster step: rotation about Ω = 2π·(b1x, b1y, g·r + dw/2π) by −|Ω|·dt (Rodrigues), then relaxation
 * with the per-spin factors e1, e2 of the step. g [Hz/m], b1 [Hz], dt [s].
 */
export function rfStep(
  n: i32,
  x: usize,
  y: usize,
  z: usize,
  dw: usize,
  rho: usize,
  e1: usize,
  e2: usize,
  mx: usize,
  my: usize,
  mz: usize,
  b1x: f32,
  b1y: f32,
  gx: f32,
  gy: f32,
  gz: f32,
  dt: f32,
): void {
  const vbx = f32x4.splat(b1x),
    vby = f32x4.splat(b1y),
    b2 = f32x4.splat(b1x * b1x + b1y * b1y);
  const vgx = f32x4.splat(gx),
    vgy = f32x4.splat(gy),
    vgz = f32x4.splat(gz),
    vdt = f32x4.splat(dt);
  const inv2pi = f32x4.splat(<f32>(1.0 / TWO_PI)),
    one = f32x4.splat(1),
    tiny = f32x4.splat(1e-30);
  const end = (<usize>n) << 2;
  for (let i: usize = 0; i < end; i += 16) {
    const bz = cycles(x, y, z, dw, i, vgx, vgy, vgz, inv2pi);
    const norm = f32x4.sqrt(f32x4.add(b2, f32x4.mul(bz, bz)));
    sincosCycles(f32x4.mul(norm, vdt));
    const inv = f32x4.div(one, f32x4.max(norm, tiny));
    const nx = f32x4.mul(vbx, inv),
      ny = f32x4.mul(vby, inv),
      nz = f32x4.mul(bz, inv);
    const c = COS,
      s = f32x4.neg(SIN),
      omc = f32x4.sub(one, COS);
    const a = v128.load(mx + i),
      b = v128.load(my + i),
      m = v128.load(mz + i);
    const dot = f32x4.mul(f32x4.add(f32x4.add(f32x4.mul(nx, a), f32x4.mul(ny, b)), f32x4.mul(nz, m)), omc);
    const rx = f32x4.add(
      f32x4.add(f32x4.mul(a, c), f32x4.mul(f32x4.sub(f32x4.mul(ny, m), f32x4.mul(nz, b)), s)),
      f32x4.mul(nx, dot),
    );
    const ry = f32x4.add(
      f32x4.add(f32x4.mul(b, c), f32x4.mul(f32x4.sub(f32x4.mul(nz, a), f32x4.mul(nx, m)), s)),
      f32x4.mul(ny, dot),
    );
    const rz = f32x4.add(
      f32x4.add(f32x4.mul(m, c), f32x4.mul(f32x4.sub(f32x4.mul(nx, b), f32x4.mul(ny, a)), s)),
      f32x4.mul(nz, dot),
    );
    const d = v128.load(e2 + i),
      l = v128.load(e1 + i),
      r = v128.load(rho + i);
    v128.store(mx + i, f32x4.mul(rx, d));
    v128.store(my + i, f32x4.mul(ry, d));
    v128.store(mz + i, f32x4.add(f32x4.mul(rz, l), f32x4.sub(r, f32x4.mul(r, l))));
  }
}

// The per-class kernels (RF maps, class sums of readouts) live in blochClasses.ts.
export * from './blochClasses';
