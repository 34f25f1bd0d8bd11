/**
 * 3D acquisitions in the fast engine (MP-RAGE, SWI: `isThreeDimensional`): the slab of N partitions of thickness
 * Δz is phase encoded along the slice normal at Δkz = 1/(N·Δz) (docs/conventions.md, "3D slabs").
 *
 * Sampling kz at Δkz = 1/(N·Δz) makes the reconstructed volume periodic along the normal with period N·Δz
 * (the DFT's aliasing theorem; Haacke et al., "Magnetic Resonance Imaging", 1999, §12.2): whatever the slab pulse
 * excites beyond the slab folds onto partition m mod N. The sequence weights do not depend on kz (no kz-ordered
 * weighting is modelled), so the forward kz transform of the per-tissue k-spaces, the weighted sum and the inverse
 * kz transform reduce to that fold: the engine sums, per tissue, the in-plane k-spaces of every excited partition
 * position that aliases onto partition m, each scaled by the slab profile there, then renders partition m as a
 * 2D image. The through-partition profile is a box of one partition (the anatomy is resampled at partition
 * resolution along the normal), so there is no Gibbs ringing along kz.
 *
 * Slab profile (kept simple): 1 inside the slab, falling linearly to 0 over a transition band of
 * SLAB_TRANSITION_FRACTION of the slab thickness on either side (a real slab pulse of finite time-bandwidth
 * product has such a band; its signal is scaled, not its flip angle recomputed).
 */
import type { ImagePlane } from './geometry.ts';
import { add, scale } from './geometry.ts';
import type { PreparedSlice } from './fast/prepare.ts';

/** Width of the slab profile's transition band on each side, as a fraction of the slab thickness. */
export const SLAB_TRANSITION_FRACTION = 0.25;

/** One excited partition position and its weight: what a reconstructed partition receives from it. */
export interface SlabContribution {
  plane: ImagePlane;
  /** Slab profile at the position's centre (1 inside the slab). */
  weight: number;
}

/** Relative excitation at distance `beyond` [m] outside the slab edge (0 or less: inside). */
export function slabProfile(beyond: number, slabThickness: number): number {
  if (beyond <= 0) return 1;
  return Math.max(0, 1 - beyond / (SLAB_TRANSITION_FRACTION * slabThickness));
}

/**
 * The excited partition positions that reconstruct into partition `index` of a slab whose partitions are
 * `planes` (in order along the normal, spaced by their thickness): the partition itself (weight 1) and every
 * position index ± k·N outside the slab with a non-zero profile.
 */
export function partitionContributions(planes: readonly ImagePlane[], index: number): SlabContribution[] {
  const own = planes[index];
  if (!own) throw new RangeError(`partition ${index} outside 0…${planes.length - 1}`);
  const n = planes.length;
  const dz = own.sliceThickness;
  const slab = n * dz;
  const out: SlabContribution[] = [{ plane: own, weight: 1 }];
  for (const direction of [1, -1]) {
    for (let k = 1; ; k++) {
      const m = index + direction * k * n;
      // Distance of position m's centre beyond the slab edge on its side [m].
      const beyond = direction > 0 ? (m - (n - 1) - 0.5) * dz : (-m - 0.5) * dz;
      const weight = slabProfile(beyond, slab);
      if (weight <= 0) break;
      out.push({ plane: { ...own, center: add(own.center, scale(own.normal, (m - index) * dz)) }, weight });
    }
  }
  return out;
}

/**
 * The per-tissue k-spaces of several prepared positions of the same in-plane frame, weighted and summed per
 * label (the fold above). The result carries the first position's frame.
 */
export function foldPrepared(parts: readonly { prepared: PreparedSlice; weight: number }[]): PreparedSlice {
  const first = parts[0];
  if (!first) throw new Error('foldPrepared: nothing to fold');
  if (parts.length === 1 && first.weight === 1) return first.prepared;
  const size = first.prepared.frame.readCount * first.prepared.frame.phaseCount;
  const sums = new Map<number, { re: Float32Array; im: Float32Array }>();
  for (const { prepared, weight } of parts) {
    prepared.labels.forEach((label, slot) => {
      let sum = sums.get(label);
      if (!sum) {
        sum = { re: new Float32Array(size), im: new Float32Array(size) };
        sums.set(label, sum);
      }
      const re = prepared.kRe[slot] as Float32Array;
      const im = prepared.kIm[slot] as Float32Array;
      for (let i = 0; i < size; i++) {
        sum.re[i] = (sum.re[i] as number) + weight * (re[i] as number);
        sum.im[i] = (sum.im[i] as number) + weight * (im[i] as number);
      }
    });
  }
  const labels = [...sums.keys()].sort((a, b) => a - b);
  return {
    frame: first.prepared.frame,
    labels,
    kRe: labels.map((l) => (sums.get(l) as { re: Float32Array }).re),
    kIm: labels.map((l) => (sums.get(l) as { im: Float32Array }).im),
    fineSize: first.prepared.fineSize,
  };
}
