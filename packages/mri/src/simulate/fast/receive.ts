/** Multi-channel receive of the fast engine: coil sensitivities, per-coil noise, sum-of-squares combination. */
import type { ComplexArray } from '../../recon/image.ts';
import type { UnitNoise } from '../noise.ts';
import { prescanNormalisationGain } from '../prescan.ts';
import { addCoilToSums } from './coilSums.ts';
import { emptyDisplay, receiveLines } from './output.ts';
import type { CoilStats, CoilSums, ContrastOptions, ContrastWorkspace, RenderedImage } from './types.ts';

export type { CoilStats } from './types.ts';

/** Pixels per block of `coilStats`: its four Float64 sums of a block take 64 KiB. */
const COIL_STATS_BLOCK = 2048;

/**
 * The coil sums of `maps` and `noise`, computed once and kept in the workspace while the same arrays are passed
 * (compared by identity: the maps and noise must not be changed in place between renders).
 */
export function coilStats(
  ws: ContrastWorkspace,
  maps: readonly Float32Array[],
  noise: readonly UnitNoise[],
): CoilStats {
  const cached = ws.coils.stats;
  const same = (a: readonly unknown[], b: readonly unknown[]): boolean =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  const coilNoise = maps.map((_, c) => noise[c]);
  if (cached && same(cached.maps, maps) && same(cached.noise, coilNoise)) return cached;
  const n = ws.frame.readCount * ws.frame.phaseCount;
  const stats: CoilStats = {
    maps: [...maps],
    noise: coilNoise,
    s2: new Float64Array(n),
    aRe: new Float64Array(n),
    aIm: new Float64Array(n),
    n2: new Float64Array(n),
    scale: undefined,
  };
  // Blocks of pixels, every coil in element order within a block: the four sums of a block stay in the cache
  // (a pass per coil over the whole image moved them through memory once per coil). Each pixel still adds its
  // coils in element order, so the sums are the same numbers.
  for (let start = 0; start < n; start += COIL_STATS_BLOCK) {
    const end = Math.min(n, start + COIL_STATS_BLOCK);
    for (let c = 0; c < maps.length; c++) {
      addCoilToSums(stats, maps[c] as Float32Array, coilNoise[c], start, end);
    }
  }
  ws.coils.stats = stats;
  return stats;
}

/**
 * The prescan-normalisation gain of `maps` per display pixel (../prescan.ts), computed once and kept in the
 * workspace while the same maps are passed (compared by identity, as coilStats).
 */
export function prescanGain(ws: ContrastWorkspace, maps: readonly Float32Array[]): Float32Array {
  const cached = ws.coils.gain;
  if (cached && cached.maps.length === maps.length && cached.maps.every((m, c) => m === maps[c]))
    return cached.values;
  const stats = ws.coils.stats;
  const sameMaps = stats?.maps.length === maps.length && stats.maps.every((m, c) => m === maps[c]);
  // Σ_c s_c² is already in the coil sums of these maps (the same numbers prescan.ts would add up again).
  const values = prescanNormalisationGain(maps, ws.frame, sameMaps ? stats.s2 : undefined);
  ws.coils.gain = { maps: [...maps], values };
  return values;
}

/** Multiplies an image's Float32 values by a per-pixel gain in place. */
export function applyGain(image: RenderedImage, gain: Float32Array): void {
  for (const values of [image.magnitude, image.re, image.im])
    for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) * (gain[i] as number);
}

/**
 * Full-Fourier coil array: coil c sees s_c·x, plus its own noise. White k-space noise of σ_k per sample is white
 * image noise of σ_k/√N per pixel under the scaled inverse FFT, so the noise is added in the image and no
 * per-coil FFT is needed; the sum of squares and the combination come from the coil sums (output.ts
 * `receiveLines`), so no coil image is formed either; the prescan gain (options.prescanNormalize) is applied in the
 * same pass. Only the first coil's k-space is computed when asked for (keepKSpace), or every coil's
 * (keepCoilKSpaces).
 * `ideal`: the noiseless image x (centred, [phase][read]), field map already applied; read, not changed.
 */
export function renderCoilArray(
  ideal: ComplexArray,
  maps: readonly Float32Array[],
  sigmaImage: number,
  noise: readonly UnitNoise[],
  ws: ContrastWorkspace,
  options: ContrastOptions,
): RenderedImage {
  const coils = coilStats(ws, maps, noise);
  const gain = options.prescanNormalize === true ? prescanGain(ws, maps) : undefined;
  const keepAll = options.keepCoilKSpaces === true;
  // Coil c's signal y_c = s_c·x + σ·n_c, for its k-space: the first coil's, or every coil's when asked.
  const kept = keepAll ? maps : maps.slice(0, 1);
  return receiveArray(ideal, coils, gain, sigmaImage, ws, options, (c) => ({ map: kept[c], unit: noise[c] }));
}

/**
 * `renderCoilArray` for an array given by its sums (./coilSums.ts): the same image and first-coil k-space; every
 * coil's k-space (keepCoilKSpaces) needs every map, so it is refused.
 */
export function renderCoilSums(
  ideal: ComplexArray,
  sums: CoilSums,
  sigmaImage: number,
  ws: ContrastWorkspace,
  options: ContrastOptions,
): RenderedImage {
  if (options.keepCoilKSpaces === true)
    throw new RangeError('every coil k-space needs the coil maps, not their sums (coilMaps and noise)');
  const gain = options.prescanNormalize === true ? sums.gain : undefined;
  const first = { map: sums.firstMap, unit: sums.firstNoise };
  return receiveArray(ideal, sums.stats, gain, sigmaImage, ws, options, (c) =>
    c === 0 ? first : { map: undefined, unit: undefined },
  );
}

/** The receive pass of a coil array, then the k-spaces asked for of the elements `element` gives. */
function receiveArray(
  ideal: ComplexArray,
  coils: CoilStats,
  gain: Float32Array | undefined,
  sigmaImage: number,
  ws: ContrastWorkspace,
  options: ContrastOptions,
  element: (c: number) => { map: Float32Array | undefined; unit: UnitNoise | undefined },
): RenderedImage {
  const image = emptyDisplay(ws.frame, options.magnitudeOnly === true);
  const rx = { sigma: sigmaImage, unit: undefined, coils, gain };
  receiveLines(ideal.re, ideal.im, 0, ws.frame.phaseCount, rx, ws.frame, image);
  const keepAll = options.keepCoilKSpaces === true;
  if ((options.keepKSpace !== true && !keepAll) || !element(0).map) return image;
  const kspaces: { re: Float32Array; im: Float32Array }[] = [];
  for (let c = 0; ; c++) {
    const { map, unit } = element(c);
    if (!map) break;
    kspaces.push(coilKSpace(ideal, map, sigmaImage, unit, ws));
  }
  const first = kspaces[0] as { re: Float32Array; im: Float32Array };
  return {
    ...image,
    ...(options.keepKSpace === true ? { kspace: first } : {}),
    ...(keepAll ? { coilKSpaces: kspaces } : {}),
  };
}

/** One coil's acquired k-space: the forward FFT of s·x + σ·n (no noise when `unit` is absent). */
function coilKSpace(
  ideal: ComplexArray,
  map: Float32Array,
  sigmaImage: number,
  unit: UnitNoise | undefined,
  ws: ContrastWorkspace,
): { re: Float32Array; im: Float32Array } {
  const n = ideal.re.length;
  const sigma = unit ? sigmaImage : 0;
  const unitRe = unit?.re ?? map;
  const unitIm = unit?.im ?? map;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = map[i] as number;
    re[i] = s * (ideal.re[i] as number) + sigma * (unitRe[i] as number);
    im[i] = s * (ideal.im[i] as number) + sigma * (unitIm[i] as number);
  }
  ws.fft.forward(re, im);
  return { re: Float32Array.from(re), im: Float32Array.from(im) };
}

/** Σ_c s_c·z_c / Σ_c s_c² (real sensitivities): the complex coil combination with the sensitivity maps. */
export function combineWithSensitivities(
  images: readonly ComplexArray[],
  maps: readonly Float32Array[],
): ComplexArray {
  const n = images[0]?.re.length ?? 0;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const norm = new Float64Array(n);
  images.forEach((image, c) => {
    const map = maps[c] as Float32Array;
    for (let i = 0; i < n; i++) {
      const s = map[i] as number;
      re[i] = (re[i] as number) + s * (image.re[i] as number);
      im[i] = (im[i] as number) + s * (image.im[i] as number);
      norm[i] = (norm[i] as number) + s * s;
    }
  });
  for (let i = 0; i < n; i++) {
    const d = (norm[i] as number) > 0 ? 1 / (norm[i] as number) : 0;
    re[i] = (re[i] as number) * d;
    im[i] = (im[i] as number) * d;
  }
  return { re, im };
}
