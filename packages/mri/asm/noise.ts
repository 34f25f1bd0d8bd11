// WebAssembly SIMD unit noise (AssemblyScript, built with `npm run build:wasm -w @larmor/mri`): the common branch
// of src/simulate/noise.ts `seededNormals` — mulberry32 draws (four states per i32x4 vector: the state only adds
// a constant per draw) through the 128-layer ziggurat's inner rectangles — into Float32 re/im arrays of this
// module's memory. It stops at the first draw that needs the rare branch (zigguratSlow, ~1 % of draws) and
// answers its index; the caller draws that one in JavaScript and calls again. Tables, written by
// src/simulate/wasmNoise.ts: kn (f64 × 128) at 65536, wn (f64 × 128) at 66560 (page 0 is the module's own). The arithmetic is that of noise.ts:
// the same i32 operations, |hz| and hz·wn in f64, rounded to f32 on the store, so the same bits.

const INC: i32 = 0x6d2b79f5;
const KN: usize = 65536;
const WN: usize = 66560;

// The state after the last draw `normals` made (the state of the draw it stopped at, when it stopped).
let stateAfter: i32 = 0;

export function state(): i32 {
  return stateAfter;
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

// Draw d's sample from hz when it lies in its layer's inner rectangle: stored (even d to re, odd to im), true.
function put(hz: i32, d: i32, re: usize, im: usize): bool {
  const iz = <usize>(hz & 127);
  const f = <f64>hz;
  if (!(Math.abs(f) < load<f64>(KN + (iz << 3)))) return false;
  const x = <f32>(f * load<f64>(WN + (iz << 3)));
  store<f32>(((d & 1) == 0 ? re : im) + ((<usize>(d >> 1)) << 2), x);
  return true;
}

// Draws d, d + 1, … < draws from state s (the state before draw d). Answers `draws` when all were drawn, else the
// index of the draw that needs the rare branch; `state()` is then that draw's state (else the last one's).
export function normals(s: i32, d: i32, draws: i32, re: usize, im: usize): i32 {
  const steps = i32x4(INC, INC * 2, INC * 3, INC * 4);
  while (d + 4 <= draws) {
    const hz = mix(i32x4.add(i32x4.splat(s), steps));
    if (!put(i32x4.extract_lane(hz, 0), d, re, im)) {
      stateAfter = s + INC;
      return d;
    }
    if (!put(i32x4.extract_lane(hz, 1), d + 1, re, im)) {
      stateAfter = s + INC * 2;
      return d + 1;
    }
    if (!put(i32x4.extract_lane(hz, 2), d + 2, re, im)) {
      stateAfter = s + INC * 3;
      return d + 2;
    }
    if (!put(i32x4.extract_lane(hz, 3), d + 3, re, im)) {
      stateAfter = s + INC * 4;
      return d + 3;
    }
    s += INC * 4;
    d += 4;
  }
  while (d < draws) {
    s += INC;
    if (!put(mix1(s), d, re, im)) {
      stateAfter = s;
      return d;
    }
    d++;
  }
  stateAfter = s;
  return d;
}
