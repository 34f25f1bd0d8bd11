/**
 * Thermal noise of the fast engine: complex Gaussian, iid per k-space sample, from a seeded source passed in
 * (STYLE.md §1: the engine owns no random source; the seed is stored with the scan so a scan repeats exactly).
 *
 * Image SNR follows Edelstein et al. (MRM 1986;3:604) and Haacke et al. ch. 15
 * (reference/analytic_formulas.md §7):  SNR ∝ V_voxel · √(N_read · N_phase · N_partitions · NEX / BW_total) · B0 · coil,
 * with BW_total = BW_pixel · N_read and N_partitions = 1 for 2D (a 3D slab's every readout sees the whole slab, so
 * each partition image averages N_partitions times more samples: σ_3D = σ_2D/√N_partitions at equal voxel size,
 * as sequence/derived.ts acquisitionSnrPercent counts it). Image values are magnetisation per unit proton density (a voxel full of a
 * tissue with M⊥ = 1 reads 1), so the noise standard deviation in the image is the reciprocal of that SNR.
 */
import { wasmNormals, type WasmNormals, type ZigguratTables } from './wasmNoise.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import { isThreeDimensional } from '../sequence/timing.ts';

/** Noise levels of the simulator's settings: 0 = none, 1 = low, 2 = medium, 3 = high. */
export type NoiseLevel = 0 | 1 | 2 | 3;

/** A uniform random source on [0, 1). */
export type RandomSource = () => number;

/**
 * Image SNR of a unit magnetisation at the reference protocol, per noise level. The reference is a 2D scan of
 * 0.9375 × 0.9375 × 5 mm voxels (FOV 0.24 m, 256 × 256), NEX 1, 130 Hz/pixel, 1.5 T, body coil: values chosen so
 * that level 1 looks like a good clinical image, 3 like a noisy one (tissue M⊥ ≈ 0.1–0.5 gives SNR ≈ 10–150).
 */
const REFERENCE_SNR_BY_LEVEL: Record<Exclude<NoiseLevel, 0>, number> = { 1: 300, 2: 100, 3: 30 };
const REFERENCE = {
  voxelVolume: (0.24 / 256) * (0.24 / 256) * 0.005,
  readCount: 256,
  phaseCount: 256,
  bandwidthTotal: 130 * 256,
  b0: 1.5,
};

/**
 * SNR of the protocol relative to the reference protocol: voxel volume × √(N_read·N_phase·NEX/BW_total) × B0
 * (linear in B0 at clinical fields, analytic_formulas.md §7). Phase oversampling adds acquired lines and SNR;
 * a 3D slab's partitions multiply the samples (× √N_partitions, the module comment).
 */
export function relativeSnr(protocol: Protocol, scanner: Scanner): number {
  const voxelVolume =
    (protocol.fovRead / protocol.matrixRead) *
    (protocol.fovPhase / protocol.matrixPhase) *
    protocol.sliceThickness;
  const phaseCount = protocol.matrixPhase * (1 + Math.max(0, protocol.phaseOversampling));
  const bandwidthTotal = protocol.bandwidthPerPixel * protocol.matrixRead;
  const partitions = isThreeDimensional(protocol) ? Math.max(1, Math.round(protocol.sliceCount)) : 1;
  const sampling = Math.sqrt((protocol.matrixRead * phaseCount * partitions * protocol.nex) / bandwidthTotal);
  const referenceSampling = Math.sqrt(
    (REFERENCE.readCount * REFERENCE.phaseCount) / REFERENCE.bandwidthTotal,
  );
  return (voxelVolume / REFERENCE.voxelVolume) * (sampling / referenceSampling) * (scanner.b0 / REFERENCE.b0);
}

/** Standard deviation of each of the real and imaginary parts of the image noise, per pixel. 0 for level 0. */
export function imageNoiseSigma(protocol: Protocol, scanner: Scanner, level: NoiseLevel): number {
  if (level === 0) return 0;
  return 1 / (REFERENCE_SNR_BY_LEVEL[level] * relativeSnr(protocol, scanner));
}

/** A uniform source whose 32-bit state is exposed, so that a hot loop can advance it inline (unitComplexNoise). */
export interface SeededRandom extends RandomSource {
  /** The generator's state, one signed 32-bit word. */
  readonly state: Int32Array;
}

/** mulberry32's state increment (Weyl sequence constant). */
const MULBERRY_INCREMENT = 0x6d2b79f5;

/** mulberry32's output function: the 32-bit draw of state `s`, as a signed integer. */
function mulberryOutput(s: number): number {
  let t = Math.imul(s ^ (s >>> 15), s | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return t ^ (t >>> 14);
}

/**
 * A small, fast seeded PRNG (mulberry32, Tommy Ettinger, public domain): uniform on [0, 1). Deterministic for a
 * seed; statistically fine for noise images, not for cryptography. The state lives in a typed array: as a closure
 * variable, a 32-bit value beyond V8's small integers would be boxed as a new heap number on every draw.
 */
export function seededRandom(seed: number): SeededRandom {
  const state = new Int32Array([seed | 0]);
  const next = (): number => {
    const s = ((state[0] as number) + MULBERRY_INCREMENT) | 0;
    state[0] = s;
    return (mulberryOutput(s) >>> 0) / 4294967296;
  };
  return Object.assign(next, { state });
}

/** Unit complex Gaussian noise: real and imaginary parts iid N(0, 1) (Box–Muller). */
export interface UnitNoise {
  re: Float32Array;
  im: Float32Array;
}

/** Right edge of the base layer and the common layer area of the 128-layer normal ziggurat (ibid.). */
const ZIGGURAT_R = 3.442619855899;
const ZIGGURAT_V = 9.91256303526217e-3;
const M1 = 2147483648;

function zigguratTables(): ZigguratTables {
  const kn = new Float64Array(128);
  const wn = new Float64Array(128);
  const fn = new Float64Array(128);
  let dn = ZIGGURAT_R;
  let tn = dn;
  const q = ZIGGURAT_V / Math.exp(-0.5 * dn * dn);
  kn[0] = (dn / q) * M1;
  kn[1] = 0;
  wn[0] = q / M1;
  wn[127] = dn / M1;
  fn[0] = 1;
  fn[127] = Math.exp(-0.5 * dn * dn);
  for (let i = 126; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(ZIGGURAT_V / dn + Math.exp(-0.5 * dn * dn)));
    kn[i + 1] = (dn / tn) * M1;
    tn = dn;
    fn[i] = Math.exp(-0.5 * dn * dn);
    wn[i] = dn / M1;
  }
  return { kn, wn, fn };
}

/** The ziggurat's tables, computed once (they depend on nothing). */
const TABLES = zigguratTables();

/**
 * The rare branch of the ziggurat (~1 % of draws): `hz` fell outside layer `iz`'s inner rectangle, so the sample
 * is drawn from the tail (iz = 0) or accepted in the wedge against the density.
 */
function zigguratSlow(hz: number, iz: number, random: RandomSource): number {
  const t = TABLES;
  for (;;) {
    const x = hz * (t.wn[iz] as number);
    if (iz === 0) {
      // Tail beyond R: Marsaglia's exponential method.
      let tx: number;
      let ty: number;
      do {
        tx = -Math.log(1 - random()) / ZIGGURAT_R;
        ty = -Math.log(1 - random());
      } while (ty + ty < tx * tx);
      return hz > 0 ? ZIGGURAT_R + tx : -ZIGGURAT_R - tx;
    }
    const f0 = t.fn[iz] as number;
    if (f0 + random() * ((t.fn[iz - 1] as number) - f0) < Math.exp(-0.5 * x * x)) return x;
    hz = (random() * 4294967296) | 0;
    iz = hz & 127;
    if (Math.abs(hz) < (t.kn[iz] as number)) return hz * (t.wn[iz] as number);
  }
}

/**
 * Draws `count` complex samples of unit noise from `random` (ziggurat method, see above). The common case, one
 * 32-bit draw and a compare, is inlined in the loop; the rest goes to zigguratSlow.
 */
export function unitComplexNoise(count: number, random: RandomSource): UnitNoise {
  return fillUnitComplexNoise({ re: new Float32Array(count), im: new Float32Array(count) }, random);
}

/**
 * The draws of `unitComplexNoise(noise.re.length, random)` into `noise`'s arrays (kept by the caller, so a scan
 * slice's channels reuse one buffer); answers `noise`. A seededRandom source draws on WebAssembly SIMD where the
 * platform has it (./wasmNoise.ts, the same bits; `wasm: false` keeps it in JavaScript).
 */
export function fillUnitComplexNoise(
  noise: UnitNoise,
  random: RandomSource,
  options: { wasm?: boolean } = {},
): UnitNoise {
  const { re, im } = noise;
  const count = re.length;
  if (im.length !== count) throw new RangeError('unit noise: re and im differ in length');
  const state = 'state' in random && random.state instanceof Int32Array ? random.state : undefined;
  const wasm = state && options.wasm !== false ? wasmNormals(count, TABLES) : undefined;
  if (state && wasm) seededNormalsWasm(wasm, state, re, im);
  else if (state) seededNormals(state, random, re, im);
  else
    for (let i = 0; i < count; i++) {
      re[i] = zigguratDraw(random);
      im[i] = zigguratDraw(random);
    }
  return noise;
}

/** One standard normal from `random`: (random() · 2³²) | 0 is the generator's 32-bit output, signed. */
function zigguratDraw(random: RandomSource): number {
  const hz = (random() * 4294967296) | 0;
  const iz = hz & 127;
  const { kn, wn } = TABLES;
  return Math.abs(hz) < (kn[iz] as number) ? hz * (wn[iz] as number) : zigguratSlow(hz, iz, random);
}

/**
 * The same draws as zigguratDraw for a seededRandom source, its step inlined. Draw d (0, 1, 2, …) goes to re[d/2]
 * when even, im[(d−1)/2] when odd. The inner loop holds the state in a local and has no call in it (a call there
 * makes V8 reload every array and spill the state each turn, more than doubling the time); it stops at the rare
 * draw that needs zigguratSlow, which draws through `random` from the written-back state.
 */
function seededNormals(state: Int32Array, random: RandomSource, re: Float32Array, im: Float32Array): void {
  const { kn, wn } = TABLES;
  const draws = 2 * re.length;
  let s = state[0] as number;
  let d = 0;
  while (d < draws) {
    let hz = 0;
    let iz = 0;
    for (; d < draws; d++) {
      s = (s + MULBERRY_INCREMENT) | 0;
      hz = mulberryOutput(s);
      iz = hz & 127;
      if (!(Math.abs(hz) < (kn[iz] as number))) break;
      const x = hz * (wn[iz] as number);
      if ((d & 1) === 0) re[d >> 1] = x;
      else im[d >> 1] = x;
    }
    if (d === draws) break;
    state[0] = s;
    const x = zigguratSlow(hz, iz, random);
    s = state[0] as number;
    if ((d & 1) === 0) re[d >> 1] = x;
    else im[d >> 1] = x;
    d++;
  }
  state[0] = s;
}

/** seededNormals on WebAssembly (./wasmNoise.ts): the same draws into the module's buffers, then copied out. */
function seededNormalsWasm(wasm: WasmNormals, state: Int32Array, re: Float32Array, im: Float32Array): void {
  state[0] = wasm.normals(state[0] as number);
  re.set(wasm.re);
  im.set(wasm.im);
}

/**
 * The WebAssembly draws of `count` samples for a seededRandom source (./wasmNoise.ts), or undefined where
 * WebAssembly SIMD is not available or the source is not seeded. `draw()` fills its `re`, `im` as
 * `fillUnitComplexNoise` would fill arrays of `count` (no copy out): fast/coilSums.ts adds them where they are.
 */
export function seededWasmNoise(
  count: number,
  random: RandomSource,
): { wasm: WasmNormals; draw: () => void } | undefined {
  const state = 'state' in random && random.state instanceof Int32Array ? random.state : undefined;
  const wasm = state ? wasmNormals(count, TABLES) : undefined;
  if (!state || !wasm) return undefined;
  return {
    wasm,
    draw: () => {
      state[0] = wasm.normals(state[0] as number);
    },
  };
}
