// WebAssembly SIMD field-map factor (AssemblyScript, built with `npm run build:wasm -w @larmor/mri`): the per-pixel
// factor m·e^(iθ) of a gradient echo's field map at one echo time, m = Π_axis |sinc(g·w·TE)| and θ = −2π·Δf·TE
// (src/simulate/fieldMap.ts `fieldFactorAt`), two pixels per f64x2 vector. The operations are those of
// src/simulate/trig.ts `absSincPiProductInto` and `scaledCosSinInto`, in the same order and without fused
// multiply-adds, so the same bits: fdlibm's kernels after Cody & Waite's reduction (the sinc's polynomial where
// |π·g·w·TE| ≤ π/4). A pair with a lane beyond the reduction's range (|x| ≥ 2²⁰·π/2, or NaN) takes the scalar
// path, with the platform's Math.sin and Math.cos imported (jsSin, jsCos).

declare function jsSin(x: f64): f64;
declare function jsCos(x: f64): f64;

const INV_PIO2: f64 = 6.36619772367581382433e-1;
const PIO2_HI: f64 = 1.57079632673412561417;
const PIO2_LO: f64 = 6.07710050650619224932e-11;
const MAX_REDUCED: f64 = 1048576 * PIO2_HI;
const ROUNDING: f64 = 6755399441055744;
const PI_OVER_4: f64 = Math.PI / 4;

const S1: f64 = -1.66666666666666324348e-1;
const S2: f64 = 8.33333333332248946124e-3;
const S3: f64 = -1.98412698298579493134e-4;
const S4: f64 = 2.75573137070700676789e-6;
const S5: f64 = -2.50507602534068634195e-8;
const S6: f64 = 1.58969099521155010221e-10;

const C1: f64 = 4.16666666666666019037e-2;
const C2: f64 = -1.38888888888741095749e-3;
const C3: f64 = 2.48015872894767294178e-5;
const C4: f64 = -2.75573143513906633035e-7;
const C5: f64 = 2.0875723212981748279e-9;
const C6: f64 = -1.13596475577881948265e-11;

// trig.ts sinOverRMinusOne.
function sinPoly(z: f64): f64 {
  return z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))));
}

// c1 + z·(c2 + z·(c3 + z·(c4 + z·(c5 + z·c6)))) per lane, innermost first (as the scalar expressions).
function hornerV(z: v128, c1: f64, c2: f64, c3: f64, c4: f64, c5: f64, c6: f64): v128 {
  let t = f64x2.add(f64x2.splat(c5), f64x2.mul(z, f64x2.splat(c6)));
  t = f64x2.add(f64x2.splat(c4), f64x2.mul(z, t));
  t = f64x2.add(f64x2.splat(c3), f64x2.mul(z, t));
  t = f64x2.add(f64x2.splat(c2), f64x2.mul(z, t));
  return f64x2.add(f64x2.splat(c1), f64x2.mul(z, t));
}

// sinPoly, two lanes.
function sinPolyV(z: v128): v128 {
  return f64x2.mul(z, hornerV(z, S1, S2, S3, S4, S5, S6));
}

// cosOfSquare's tail z²·(C1 + z·(…)), two lanes.
function cosTailV(z: v128): v128 {
  return f64x2.mul(f64x2.mul(z, z), hornerV(z, C1, C2, C3, C4, C5, C6));
}

// trig.ts cosOfSquare.
function cosOfSquare(z: f64): f64 {
  const tail = z * z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  return w + (1 - w - hz + tail);
}

// trig.ts absSinc.
function absSinc(y: f64): f64 {
  const size = Math.abs(y);
  if (size <= PI_OVER_4) return 1 + sinPoly(y * y);
  if (!(size < MAX_REDUCED)) return Math.abs(jsSin(y) / y);
  const n = y * INV_PIO2 + ROUNDING - ROUNDING;
  const r = y - n * PIO2_HI - n * PIO2_LO;
  const z = r * r;
  return Math.abs(((<i32>n) & 1 ? cosOfSquare(z) : r + r * sinPoly(z)) / y);
}

// The arrays' byte offsets, set by `factor`.
let rad: usize = 0;
let gr: usize = 0;
let gp: usize = 0;
let gs: usize = 0;
let co: usize = 0;
let si: usize = 0;

// One pixel as trig.ts's scalar loops.
function pixel(k: usize, te: f64, piScale: f64): void {
  const at = k << 3;
  const m =
    absSinc(load<f64>(gr + at) * piScale) *
    absSinc(load<f64>(gp + at) * piScale) *
    absSinc(load<f64>(gs + at) * piScale);
  const angle = load<f64>(rad + at) * te;
  if (!(Math.abs(angle) < MAX_REDUCED)) {
    store<f64>(co + at, m * jsCos(angle));
    store<f64>(si + at, m * jsSin(angle));
    return;
  }
  const n = angle * INV_PIO2 + ROUNDING - ROUNDING;
  const r = angle - n * PIO2_HI - n * PIO2_LO;
  const z = r * r;
  const s = r + r * sinPoly(z);
  const c = cosOfSquare(z);
  const quadrant = (<i32>n) & 3;
  const signed = m * <f64>(1 - (quadrant & 2));
  store<f64>(co + at, signed * (quadrant & 1 ? -s : c));
  store<f64>(si + at, signed * (quadrant & 1 ? c : s));
}

// Cody & Waite's reduction of x (both lanes < 2²⁰·π/2): the multiple n of π/2 and the rest r = x − n·π/2.
function reduceV(x: v128): v128 {
  const rounding = f64x2.splat(ROUNDING);
  return f64x2.sub(f64x2.add(f64x2.mul(x, f64x2.splat(INV_PIO2)), rounding), rounding);
}

function restV(x: v128, n: v128): v128 {
  return f64x2.sub(f64x2.sub(x, f64x2.mul(n, f64x2.splat(PIO2_HI))), f64x2.mul(n, f64x2.splat(PIO2_LO)));
}

// cosOfSquare, two lanes.
function cosV(z: v128): v128 {
  const hz = f64x2.mul(f64x2.splat(0.5), z);
  const w = f64x2.sub(f64x2.splat(1), hz);
  return f64x2.add(w, f64x2.add(f64x2.sub(f64x2.sub(f64x2.splat(1), w), hz), cosTailV(z)));
}

// All-ones lanes where the quadrant n (an integral f64) is odd.
function oddV(n: v128): v128 {
  const quadrant = i32x4.trunc_sat_f64x2_s_zero(n);
  return i64x2.extend_low_i32x4_s(i32x4.eq(v128.and(quadrant, i32x4.splat(1)), i32x4.splat(1)));
}

// absSinc, two lanes with |y| < 2²⁰·π/2: the polynomial where |y| ≤ π/4, the reduced sine beyond.
function absSincV(y: v128): v128 {
  const poly = f64x2.add(f64x2.splat(1), sinPolyV(f64x2.mul(y, y)));
  const inPoly = f64x2.le(f64x2.abs(y), f64x2.splat(PI_OVER_4));
  if (v128.all_true<i64>(inPoly)) return poly;
  const n = reduceV(y);
  const r = restV(y, n);
  const z = f64x2.mul(r, r);
  const s = f64x2.add(r, f64x2.mul(r, sinPolyV(z)));
  const general = f64x2.abs(f64x2.div(v128.bitselect(cosV(z), s, oddV(n)), y));
  return v128.bitselect(poly, general, inPoly);
}

// Both lanes of x in the reduction's range (NaN is not).
function reducible(x: v128): bool {
  return v128.all_true<i64>(f64x2.lt(f64x2.abs(x), f64x2.splat(MAX_REDUCED)));
}

// The factor of `count` pixels at echo time te (piScale = π·te); the six arrays of `capacity` f64 each follow one
// another from byte `data`: −2π·Δf, g·w along read, phase and slice, then the outputs m·cos θ and m·sin θ.
export function factor(count: i32, te: f64, piScale: f64, data: usize, capacity: usize): void {
  rad = data;
  gr = rad + (capacity << 3);
  gp = gr + (capacity << 3);
  gs = gp + (capacity << 3);
  co = gs + (capacity << 3);
  si = co + (capacity << 3);
  const piS = f64x2.splat(piScale);
  const teV = f64x2.splat(te);
  const pairs = <usize>(count >> 1);
  for (let q: usize = 0; q < pairs; q++) {
    const at = q << 4;
    const ya = f64x2.mul(v128.load(gr + at), piS);
    const yb = f64x2.mul(v128.load(gp + at), piS);
    const yc = f64x2.mul(v128.load(gs + at), piS);
    const angle = f64x2.mul(v128.load(rad + at), teV);
    if (!(reducible(angle) && reducible(ya) && reducible(yb) && reducible(yc))) {
      pixel(q << 1, te, piScale);
      pixel((q << 1) + 1, te, piScale);
      continue;
    }
    const m = f64x2.mul(f64x2.mul(absSincV(ya), absSincV(yb)), absSincV(yc));
    const n = reduceV(angle);
    const r = restV(angle, n);
    const z = f64x2.mul(r, r);
    const s = f64x2.add(r, f64x2.mul(r, sinPolyV(z)));
    const c = cosV(z);
    const quadrant = i32x4.trunc_sat_f64x2_s_zero(n);
    const sign = f64x2.convert_low_i32x4_s(i32x4.sub(i32x4.splat(1), v128.and(quadrant, i32x4.splat(2))));
    const signed = f64x2.mul(m, sign);
    const odd = oddV(n);
    v128.store(co + at, f64x2.mul(signed, v128.bitselect(f64x2.neg(s), c, odd)));
    v128.store(si + at, f64x2.mul(signed, v128.bitselect(c, s, odd)));
  }
  if (count & 1) pixel(<usize>(count - 1), te, piScale);
}
