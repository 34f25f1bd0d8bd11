// WebAssembly SIMD unit noise (AssemblyScript, built with `npm run build:wasm -w @larmor/mri`): the common branch
// of src/simulate/noise.ts `seededNormals` — mulberry32 draws (four states per i32x4 vector: the state only adds
// a constant per draw) through the 128-layer ziggurat's inner rectangles — into Float32 re/im arrays of this
// module's memory. The rare branch (zigguratSlow, ~1 % of draws) runs here too, with the
// platform's Math.log and Math.exp imported from JavaScript (jsLog, jsExp), so the same numbers. Tables, written by
// src/simulate/wasmNoise.ts: kn, wn, fn (f64 × 128 each) at 65536, 66560, 67584 (page 0 is the module's own). The arithmetic is that of noise.ts:
// the same i32 operations, |hz| and hz·wn in f64, rounded to f32 on the store, so the same bits.

const INC: i32 = 0x6d2b79f5;
const KN: usize = 65536;
const WN: usize = 66560;
const FN: usize = 67584;
const R: f64 = 3.442619855899;

declare function jsLog(x: f64): f64;
declare function jsExp(x: f64): f64;

// The generator's state (src/simulate/noise.ts seededRandom): read with state(), set by normals.
let rs: i32 = 0;

export function state(): i32 {
  return rs;
}

// mulberry32's output of state s (src/simulate/noise.ts mulberryOutput), four lanes.
function mix(s: v128): v128 {
  let t = i32x4.mul(v128.xor(s, i32x4.shr_u(s, 15)), v128.or(s, i32x4.splat(1)));
  t = v128.xor(t, i32x4.add(t, i32x4.mul(v128.xor(t, i32x4.shr_u(t, 7)), v128.or(t, i32x4.splat(61)))));
  return v128.xor(t, i32x4.shr_u(t, 14));
}

// mulberry32's output of state s, one lane.
function mix1(s: i32): i32 {
  let t = (s ^ (s >>> 15)) * (s | 1);
  t ^= t + (t ^ (t >>> 7)) * (t | 61);
  return t ^ (t >>> 14);
}

// seededRandom's next uniform on [0, 1).
function uniform(): f64 {
  rs += INC;
  return <f64>(<u32>mix1(rs)) / 4294967296.0;
}

// zigguratSlow of src/simulate/noise.ts, operation for operation.
function slow(hz: i32, iz: usize): f64 {
  for (;;) {
    const x = <f64>hz * load<f64>(WN + (iz << 3));
    if (iz === 0) {
      let tx: f64;
      let ty: f64;
      do {
        tx = -jsLog(1 - uniform()) / R;
        ty = -jsLog(1 - uniform());
      } while (ty + ty < tx * tx);
      return hz > 0 ? R + tx : -R - tx;
    }
    const f0 = load<f64>(FN + (iz << 3));
    if (below(f0 + uniform() * (load<f64>(FN + ((iz - 1) << 3)) - f0), -0.5 * x * x)) return x;
    rs += INC;
    hz = mix1(rs);
    iz = <usize>(hz & 127);
    if (Math.abs(<f64>hz) < load<f64>(KN + (iz << 3))) return <f64>hz * load<f64>(WN + (iz << 3));
  }
  return unreachable();
}

// lhs < exp(y) as noise.ts decides it with the platform's Math.exp: this module's exp (within an ulp or two of
// any correct one) settles it unless lhs lies within 1e-12 of it, where the imported Math.exp does; so the
// answer is noise.ts's, without a call out for almost every rare draw.
function below(lhs: f64, y: f64): bool {
  const e = Math.exp(y);
  if (lhs < e * (1 - 1e-12)) return true;
  if (lhs > e * (1 + 1e-12)) return false;
  return lhs < jsExp(y);
}

// Stores draw d's sample (even d to re, odd to im), rounded to f32.
function put(x: f64, d: i32, re: usize, im: usize): void {
  store<f32>(((d & 1) === 0 ? re : im) + ((<usize>(d >> 1)) << 2), <f32>x);
}

// Draw d from hz when it lies in its layer's inner rectangle: stored, true.
function fast(hz: i32, d: i32, re: usize, im: usize): bool {
  const iz = <usize>(hz & 127);
  const f = <f64>hz;
  if (!(Math.abs(f) < load<f64>(KN + (iz << 3)))) return false;
  put(f * load<f64>(WN + (iz << 3)), d, re, im);
  return true;
}

// Draw d of state rs (already advanced to it) through the rare branch.
function rare(hz: i32, d: i32, re: usize, im: usize): void {
  put(slow(hz, <usize>(hz & 127)), d, re, im);
}

// Table `table`'s entries of the four lanes' layers, as two f64x2 (lanes 0, 1 and 2, 3).
function gatherLo(table: usize, iz: v128): v128 {
  const a = load<f64>(table + ((<usize>i32x4.extract_lane(iz, 0)) << 3));
  return f64x2.replace_lane(f64x2.splat(a), 1, load<f64>(table + ((<usize>i32x4.extract_lane(iz, 1)) << 3)));
}
function gatherHi(table: usize, iz: v128): v128 {
  const a = load<f64>(table + ((<usize>i32x4.extract_lane(iz, 2)) << 3));
  return f64x2.replace_lane(f64x2.splat(a), 1, load<f64>(table + ((<usize>i32x4.extract_lane(iz, 3)) << 3)));
}

// Draws d … d + 3 (d even) of the four lanes' hz when all lie in their inner rectangles: stored, true. The
// operations of `fast` per lane (|hz| < kn and hz·wn in f64, rounded to f32).
function fast4(hz: v128, d: i32, re: usize, im: usize): bool {
  const iz = v128.and(hz, i32x4.splat(127));
  const lo = f64x2.convert_low_i32x4_s(hz);
  const hi = f64x2.convert_low_i32x4_s(i32x4.shuffle(hz, hz, 2, 3, 0, 1));
  const inLo = f64x2.lt(f64x2.abs(lo), gatherLo(KN, iz));
  const inHi = f64x2.lt(f64x2.abs(hi), gatherHi(KN, iz));
  if (!i64x2.all_true(v128.and(inLo, inHi))) return false;
  const xLo = f32x4.demote_f64x2_zero(f64x2.mul(lo, gatherLo(WN, iz)));
  const xHi = f32x4.demote_f64x2_zero(f64x2.mul(hi, gatherHi(WN, iz)));
  // [x0, x1, x2, x3] as [x0, x2 | x1, x3]: the even draws to re, the odd to im.
  const x = i32x4.shuffle(xLo, xHi, 0, 4, 1, 5);
  const at = (<usize>(d >> 1)) << 2;
  v128.store64_lane(re + at, x, 0);
  v128.store64_lane(im + at, x, 1);
  return true;
}

// Draws 0 … draws − 1 from state s (seededRandom's state before the first); state() is then the state after.
export function normals(s: i32, draws: i32, re: usize, im: usize): void {
  const steps = i32x4(INC, INC * 2, INC * 3, INC * 4);
  rs = s;
  let d = 0;
  while (d + 4 <= draws) {
    const hz = mix(i32x4.add(i32x4.splat(rs), steps));
    if ((d & 1) === 0 && fast4(hz, d, re, im)) {
      rs += INC * 4;
      d += 4;
      continue;
    }
    const h0 = i32x4.extract_lane(hz, 0);
    if (!fast(h0, d, re, im)) {
      rs += INC;
      rare(h0, d, re, im);
      d += 1;
      continue;
    }
    const h1 = i32x4.extract_lane(hz, 1);
    if (!fast(h1, d + 1, re, im)) {
      rs += INC * 2;
      rare(h1, d + 1, re, im);
      d += 2;
      continue;
    }
    const h2 = i32x4.extract_lane(hz, 2);
    if (!fast(h2, d + 2, re, im)) {
      rs += INC * 3;
      rare(h2, d + 2, re, im);
      d += 3;
      continue;
    }
    const h3 = i32x4.extract_lane(hz, 3);
    if (!fast(h3, d + 3, re, im)) {
      rs += INC * 4;
      rare(h3, d + 3, re, im);
      d += 4;
      continue;
    }
    rs += INC * 4;
    d += 4;
  }
  while (d < draws) {
    rs += INC;
    const h = mix1(rs);
    if (!fast(h, d, re, im)) rare(h, d, re, im);
    d++;
  }
}

// Adds one coil element to a coil array's per-pixel sums over pixels 0 … n − 1 (src/simulate/fast/coilSums.ts
// addCoilToSums, the same f64 operations in the same order, two pixels per f64x2): s2 += s²; with noise (noisy ≠
// 0) also aRe += s·nr, aIm += s·ni, n2 = (n2 + nr²) + ni². map, re, im: f32; the sums: f64.
export function addCoil(
  n: i32,
  map: usize,
  re: usize,
  im: usize,
  s2: usize,
  aRe: usize,
  aIm: usize,
  n2: usize,
  noisy: i32,
): void {
  let i = 0;
  for (; i + 2 <= n; i += 2) {
    const f = (<usize>i) << 2;
    const g = (<usize>i) << 3;
    const s = f64x2.promote_low_f32x4(v128.load64_zero(map + f));
    v128.store(s2 + g, f64x2.add(v128.load(s2 + g), f64x2.mul(s, s)));
    if (noisy !== 0) {
      const nr = f64x2.promote_low_f32x4(v128.load64_zero(re + f));
      const ni = f64x2.promote_low_f32x4(v128.load64_zero(im + f));
      v128.store(aRe + g, f64x2.add(v128.load(aRe + g), f64x2.mul(s, nr)));
      v128.store(aIm + g, f64x2.add(v128.load(aIm + g), f64x2.mul(s, ni)));
      v128.store(n2 + g, f64x2.add(f64x2.add(v128.load(n2 + g), f64x2.mul(nr, nr)), f64x2.mul(ni, ni)));
    }
  }
  for (; i < n; i++) {
    const f = (<usize>i) << 2;
    const g = (<usize>i) << 3;
    const s = <f64>load<f32>(map + f);
    store<f64>(s2 + g, load<f64>(s2 + g) + s * s);
    if (noisy !== 0) {
      const nr = <f64>load<f32>(re + f);
      const ni = <f64>load<f32>(im + f);
      store<f64>(aRe + g, load<f64>(aRe + g) + s * nr);
      store<f64>(aIm + g, load<f64>(aIm + g) + s * ni);
      store<f64>(n2 + g, load<f64>(n2 + g) + nr * nr + ni * ni);
    }
  }
}
