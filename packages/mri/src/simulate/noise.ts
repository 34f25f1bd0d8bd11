/**
 * Thermal noise of the fast engine: complex Gaussian, iid per k-space sample, from a seeded source passed in
 * (STYLE.md §1: the engine owns no random source; the seed is stored with the scan so a scan repeats exactly).
 *
 * Image SNR follows Edelstein et al. (MRM 1986;3:604) and Haacke et al. ch. 15
 * (reference/analytic_formulas.md §7):  SNR ∝ V_voxel · √(N_read · N_phase · NEX / BW_total) · B0 · coil,
 * with BW_total = BW_pixel · N_read. Image values are magnetisation per unit proton density (a voxel full of a
 * tissue with M⊥ = 1 reads 1), so the noise standard deviation in the image is the reciprocal of that SNR.
 */
import type { Protocol, Scanner } from '../sequence/protocol.ts';

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
 * (linear in B0 at clinical fields, analytic_formulas.md §7). Phase oversampling adds acquired lines and SNR.
 */
export function relativeSnr(protocol: Protocol, scanner: Scanner): number {
  const voxelVolume =
    (protocol.fovRead / protocol.matrixRead) *
    (protocol.fovPhase / protocol.matrixPhase) *
    protocol.sliceThickness;
  const phaseCount = protocol.matrixPhase * (1 + Math.max(0, protocol.phaseOversampling));
  const bandwidthTotal = protocol.bandwidthPerPixel * protocol.matrixRead;
  const sampling = Math.sqrt((protocol.matrixRead * phaseCount * protocol.nex) / bandwidthTotal);
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

/**
 * A small, fast seeded PRNG (mulberry32, Tommy Ettinger, public domain): uniform on [0, 1). Deterministic for a
 * seed; statistically fine for noise images, not for cryptography.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Unit complex Gaussian noise: real and imaginary parts iid N(0, 1) (Box–Muller). */
export interface UnitNoise {
  re: Float32Array;
  im: Float32Array;
}

/**
 * Draws `count` complex samples of unit noise from `random` with Marsaglia's polar method (Marsaglia & Bray,
 * SIAM Review 6:260, 1964): Box–Muller without trigonometry, one logarithm per complex sample.
 */
export function unitComplexNoise(count: number, random: RandomSource): UnitNoise {
  const re = new Float32Array(count);
  const im = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * random() - 1;
      v = 2 * random() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    re[i] = u * factor;
    im[i] = v * factor;
  }
  return { re, im };
}
