/**
 * A coil array as the live preview receives it: the per-pixel sums its full-Fourier render reads (the receive of
 * ../fast/output.ts `receiveLines`, the same CoilSums a scan slice streams, ../fast/coilSums.ts)
 *   s2 = Σ_c s_c²,   a = Σ_c s_c·n_c,   n2 = Σ_c |n_c|²,
 * with the array's noise drawn in distribution instead of element by element, so that a new slice geometry
 * costs one pass over the fine grid rather than one per element (issue 26: the slice moved).
 *
 * Why it is the same noise: the sensitivities s_c are real and the n_c independent unit complex Gaussians, whose
 * law is unchanged by an orthogonal change of basis. Take one whose first vector is s/|s|: with m = Q·n,
 * a = |s|·m_1 and n2 = Σ_j |m_j|² = |m_1|² + Σ_{j≥2} |m_j|², the m_j again independent unit Gaussians. So
 * (a, n2) has exactly the law of (√s2·m, |m|² + R), m one unit noise and R a sum of C − 1 squared unit noises
 * independent of m (the sum-of-squares image's noise: non-central χ with 2C degrees of freedom, amplified by the
 * prescan gain where the coils are weak; Roemer et al., MRM 1990;16:192). The preview draws m and R once (fixed
 * seed: the grain stays put while a slider moves); only s2 depends on the geometry, and the coil maps give it
 * without forming any element's fine map (../coilMaps.ts `sumOfSquares`). Scans keep the element-wise draws.
 */
import type { CoilMapSource } from '../coilMaps.ts';
import type { CoilSums, CoilSumsBuffers } from '../fast/coilSums.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import type { UnitNoise } from '../noise.ts';
import { prescanGainOfSquares } from '../prescan.ts';

/** The geometry-free part of a C-element array's noise: m and R of the module comment. */
export interface PreviewGrain {
  /** m: one unit complex noise per acquisition pixel (the first element's). */
  readonly first: UnitNoise;
  /** R: Σ_{c=1}^{C−1} |n_c|² per acquisition pixel, of the other elements' unit noise. */
  readonly others: Float64Array;
  /** n2 = |m|² + R per acquisition pixel: geometry-free, so formed once and shared by every geometry's sums. */
  readonly n2: Float64Array;
  /** C. */
  readonly channels: number;
}

/** The grain of an array whose elements' unit noise is `noise` (one per element, in element order). */
export function previewGrain(noise: readonly UnitNoise[]): PreviewGrain {
  const first = noise[0];
  if (!first) throw new RangeError('previewGrain: no element');
  const others = new Float64Array(first.re.length);
  for (let c = 1; c < noise.length; c++) {
    const { re, im } = noise[c] as UnitNoise;
    for (let i = 0; i < others.length; i++) {
      const r = re[i] as number;
      const m = im[i] as number;
      others[i] = (others[i] as number) + r * r + m * m;
    }
  }
  const n2 = new Float64Array(others.length);
  for (let i = 0; i < n2.length; i++) {
    const r = first.re[i] as number;
    const m = first.im[i] as number;
    n2[i] = r * r + m * m + (others[i] as number);
  }
  return { first, others, n2, channels: noise.length };
}

/**
 * The sums of `source`'s elements on `frame` with the noise of `grain` (see the module comment), into `buffers`
 * (their `n2` is not used: the grain's is shared; `map` is not filled: the first element's map, which only a kept
 * k-space reads, is formed into a new array when asked for); the prescan gain goes into `gain` when given
 * (readCount·phaseMatrix values), and σ/Σ s² into `scale` when given (readCount·phaseCount values). Valid while
 * the buffers are not filled again.
 */
export function previewCoilSums(
  source: CoilMapSource,
  frame: AcquisitionFrame,
  grain: PreviewGrain,
  buffers: CoilSumsBuffers,
  gain?: Float32Array,
  scale?: Float64Array,
): CoilSums {
  if (grain.channels !== source.count)
    throw new RangeError(`previewCoilSums: ${grain.channels} noise channels for ${source.count} elements`);
  const { s2, aRe, aIm } = buffers;
  source.sumOfSquares(s2);
  const { re, im } = grain.first;
  for (let i = 0; i < s2.length; i++) {
    const s = Math.sqrt(s2[i] as number);
    aRe[i] = s * (re[i] as number);
    aIm[i] = s * (im[i] as number);
  }
  const samples = s2.length;
  let firstMap: Float32Array | undefined;
  return {
    // No σ yet: output.ts combineScale fills `scale` for the first σ rendered.
    stats: {
      maps: [],
      noise: [],
      s2,
      aRe,
      aIm,
      n2: grain.n2,
      scale: scale?.length === samples ? { sigma: NaN, values: scale } : undefined,
    },
    gain: prescanGainOfSquares(s2, frame, gain),
    get firstMap() {
      return (firstMap ??= source.fill(0, new Float32Array(samples)));
    },
    firstNoise: grain.first,
    channels: source.count,
  };
}
