/**
 * The weighted sum of tissue images over a block of pixels, the inner loop of ./imageDomain.ts (a contrast change
 * of the live preview and of every scan slice whose weights are constant over lines), and how the weights are
 * grouped by phase for it.
 */

/**
 * Weights of the tissue images, grouped by phase:
 * - `real`: every weight has the phase φ of the largest (SE, IR…: all i·|S|); `wr` holds w·e^(−iφ) and
 *   `phaseA` is e^(iφ): Σ_t w_t·f_t = e^(iφ)·Σ_t wr_t·f_t, half the work;
 * - `twoPhases`: the weights of images [0, `split`) have phase φ_A and the rest φ_B (a gradient echo: water and
 *   fat at their chemical shift's phase); `wr` holds each weight along its group's phase:
 *   Σ = e^(iφ_A)·Σ_A + e^(iφ_B)·Σ_B, two real sums;
 * - `complex`: any phases (bSSFP, EPI): wr + i·wi.
 */
export interface TissueWeights {
  images: Float32Array[];
  kind: 'real' | 'twoPhases' | 'complex';
  wr: Float64Array;
  wi: Float64Array;
  split: number;
  /** e^(iφ_A) and e^(iφ_B) as [re, im] ([1, 0] where unused). */
  phaseA: readonly [number, number];
  phaseB: readonly [number, number];
}

/** |Im(w·e^(−iφ))| below this fraction of |w| counts as the phase φ (its rounding is ~1e-16). */
const SAME_PHASE_TOLERANCE = 1e-12;

const unitPhase = (re: number, im: number): [number, number] => {
  const norm = Math.hypot(re, im);
  return norm > 0 ? [re / norm, im / norm] : [1, 0];
};

const largestOf = (wr: readonly number[], wi: readonly number[], among: readonly number[]): number =>
  among.reduce(
    (best, t) =>
      Math.hypot(wr[t] as number, wi[t] as number) > Math.hypot(wr[best] as number, wi[best] as number)
        ? t
        : best,
    among[0] as number,
  );

/** The images' complex weights (wr + i·wi per image) grouped by phase (see TissueWeights). */
export function groupByPhase(
  images: readonly Float32Array[],
  wr: readonly number[],
  wi: readonly number[],
): TissueWeights {
  const all = images.map((_, t) => t);
  if (all.length === 0) {
    const none = new Float64Array(0);
    return { images: [], kind: 'real', wr: none, wi: none, split: 0, phaseA: [1, 0], phaseB: [1, 0] };
  }
  const along = ([re, im]: readonly [number, number], t: number): number =>
    (wr[t] as number) * re + (wi[t] as number) * im;
  const onPhase = ([re, im]: readonly [number, number], t: number): boolean =>
    Math.abs((wi[t] as number) * re - (wr[t] as number) * im) <=
    SAME_PHASE_TOLERANCE * Math.hypot(wr[t] as number, wi[t] as number);
  const first = largestOf(wr, wi, all);
  const phaseA = unitPhase(wr[first] as number, wi[first] as number);
  const groupA = all.filter((t) => onPhase(phaseA, t));
  const rest = all.filter((t) => !onPhase(phaseA, t));
  const phaseB =
    rest.length > 0 ? unitPhase(wr[largestOf(wr, wi, rest)] ?? 0, wi[largestOf(wr, wi, rest)] ?? 0) : phaseA;
  if (rest.length === 0 || rest.every((t) => onPhase(phaseB, t))) {
    const order = [...groupA, ...rest];
    return {
      images: order.map((t) => images[t] as Float32Array),
      kind: rest.length === 0 ? 'real' : 'twoPhases',
      wr: Float64Array.from(order, (t, i) => along(i < groupA.length ? phaseA : phaseB, t)),
      wi: Float64Array.from(order, (t) => wi[t] as number),
      split: groupA.length,
      phaseA,
      phaseB: rest.length === 0 ? [1, 0] : phaseB,
    };
  }
  return {
    images: [...images],
    kind: 'complex',
    wr: Float64Array.from(wr),
    wi: Float64Array.from(wi),
    split: images.length,
    phaseA: [1, 0],
    phaseB: [1, 0],
  };
}

/**
 * Σ_t w_t·f_t over pixels [from, from + count) into accRe/accIm [0, count), as the complex sum for `twoPhases`
 * and `complex` weights, and for `real` ones the real sum along phase A into accRe alone (accIm left alone).
 * Tissues inner: the block stays in L1 cache while each tissue streams past, up to four per pass. Each sum is
 * formed left to right from +0, tissue by tissue, however the tissues are grouped.
 */
export function sumBlock(
  weights: TissueWeights,
  from: number,
  count: number,
  accRe: Float64Array,
  accIm: Float64Array,
): void {
  const { images, kind, wr, wi, split } = weights;
  const n = images.length;
  if (kind === 'real') {
    sumReal(images, wr, 0, n, from, count, accRe);
    return;
  }
  if (kind === 'complex') {
    sumComplex(images, wr, wi, from, count, accRe, accIm);
    return;
  }
  sumReal(images, wr, 0, split, from, count, accRe);
  sumReal(images, wr, split, n, from, count, accIm);
  const [aRe, aIm] = weights.phaseA;
  const [bRe, bIm] = weights.phaseB;
  for (let j = 0; j < count; j++) {
    const a = accRe[j] as number;
    const b = accIm[j] as number;
    accRe[j] = a * aRe + b * bRe;
    accIm[j] = a * aIm + b * bIm;
  }
}

/** Σ_{t ∈ [t0, t1)} w_t·f_t over pixels [from, from + count) into acc [0, count), four tissues per pass. */
function sumReal(
  images: readonly Float32Array[],
  w: Float64Array,
  t0: number,
  t1: number,
  from: number,
  count: number,
  acc: Float64Array,
): void {
  const end = from + count;
  if (t1 <= t0) {
    acc.fill(0, 0, count);
    return;
  }
  const none = images[t0] as Float32Array;
  for (let t = t0; t < t1; t += 4) {
    const k = Math.min(4, t1 - t);
    const f0 = images[t] ?? none;
    const f1 = (k > 1 ? images[t + 1] : none) ?? none;
    const f2 = (k > 2 ? images[t + 2] : none) ?? none;
    const f3 = (k > 3 ? images[t + 3] : none) ?? none;
    const a0 = w[t] ?? 0;
    const a1 = k > 1 ? (w[t + 1] ?? 0) : 0;
    const a2 = k > 2 ? (w[t + 2] ?? 0) : 0;
    const a3 = k > 3 ? (w[t + 3] ?? 0) : 0;
    // The first pass starts from +0 (as a zeroed accumulator would), the others from the accumulator.
    const first = t === t0;
    if (k >= 4) {
      for (let j = 0, p = from; p < end; j++, p++)
        acc[j] =
          (first ? 0 : (acc[j] as number)) +
          a0 * (f0[p] as number) +
          a1 * (f1[p] as number) +
          a2 * (f2[p] as number) +
          a3 * (f3[p] as number);
    } else if (k === 3) {
      for (let j = 0, p = from; p < end; j++, p++)
        acc[j] =
          (first ? 0 : (acc[j] as number)) +
          a0 * (f0[p] as number) +
          a1 * (f1[p] as number) +
          a2 * (f2[p] as number);
    } else if (k === 2) {
      for (let j = 0, p = from; p < end; j++, p++)
        acc[j] = (first ? 0 : (acc[j] as number)) + a0 * (f0[p] as number) + a1 * (f1[p] as number);
    } else {
      for (let j = 0, p = from; p < end; j++, p++)
        acc[j] = (first ? 0 : (acc[j] as number)) + a0 * (f0[p] as number);
    }
  }
}

/** Σ_t (wr_t + i·wi_t)·f_t over pixels [from, from + count) into accRe/accIm [0, count), four tissues per pass. */
function sumComplex(
  images: readonly Float32Array[],
  wr: Float64Array,
  wi: Float64Array,
  from: number,
  count: number,
  accRe: Float64Array,
  accIm: Float64Array,
): void {
  const end = from + count;
  const n = images.length;
  if (n === 0) {
    accRe.fill(0, 0, count);
    accIm.fill(0, 0, count);
  }
  let t = 0;
  // Four tissues per pass while four remain, then one: each image is read once for both parts.
  for (; t + 4 <= n; t += 4) {
    const first = t === 0;
    const f0 = images[t] as Float32Array;
    const f1 = images[t + 1] as Float32Array;
    const f2 = images[t + 2] as Float32Array;
    const f3 = images[t + 3] as Float32Array;
    const [a0, a1, a2, a3] = [wr[t] ?? 0, wr[t + 1] ?? 0, wr[t + 2] ?? 0, wr[t + 3] ?? 0];
    const [b0, b1, b2, b3] = [wi[t] ?? 0, wi[t + 1] ?? 0, wi[t + 2] ?? 0, wi[t + 3] ?? 0];
    for (let j = 0, p = from; p < end; j++, p++) {
      const v0 = f0[p] as number;
      const v1 = f1[p] as number;
      const v2 = f2[p] as number;
      const v3 = f3[p] as number;
      accRe[j] = (first ? 0 : (accRe[j] as number)) + a0 * v0 + a1 * v1 + a2 * v2 + a3 * v3;
      accIm[j] = (first ? 0 : (accIm[j] as number)) + b0 * v0 + b1 * v1 + b2 * v2 + b3 * v3;
    }
  }
  for (; t < n; t++) {
    const first = t === 0;
    const f = images[t] as Float32Array;
    const a = wr[t] as number;
    const b = wi[t] as number;
    for (let j = 0, p = from; p < end; j++, p++) {
      const v = f[p] as number;
      accRe[j] = (first ? 0 : (accRe[j] as number)) + a * v;
      accIm[j] = (first ? 0 : (accIm[j] as number)) + b * v;
    }
  }
}
