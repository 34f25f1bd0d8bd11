/**
 * The weighted sum of tissue images over a block of pixels, the inner loop of ./imageDomain.ts (a contrast change
 * of the live preview and of every scan slice whose weights are constant over lines).
 */

/**
 * Σ_t w_t·f_t over pixels [from, from + count) into accRe/accIm [0, count); the imaginary part is left alone
 * when the weights are all real. Tissues inner: the block stays in L1 cache while each tissue streams past, up to
 * four per pass (a quarter of the accumulator loads and stores). Each sum is formed left to right from +0, tissue
 * by tissue, however the tissues are grouped: the same value for any grouping.
 */
export function sumBlock(
  images: readonly Float32Array[],
  wr: Float64Array,
  wi: Float64Array,
  real: boolean,
  from: number,
  count: number,
  accRe: Float64Array,
  accIm: Float64Array,
): void {
  const end = from + count;
  const n = images.length;
  if (!real) {
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
    return;
  }
  const none = images[0] as Float32Array;
  for (let t = 0; t < Math.max(n, 1); t += 4) {
    const k = Math.min(4, n - t);
    const f0 = images[t] ?? none;
    const f1 = images[t + 1] ?? none;
    const f2 = images[t + 2] ?? none;
    const f3 = images[t + 3] ?? none;
    const a0 = wr[t] ?? 0;
    const a1 = wr[t + 1] ?? 0;
    const a2 = wr[t + 2] ?? 0;
    const a3 = wr[t + 3] ?? 0;
    // The first pass starts from +0 (as a zeroed accumulator would), the others from the accumulator.
    const first = t === 0;
    if (k >= 4) {
      for (let j = 0, p = from; p < end; j++, p++)
        accRe[j] =
          (first ? 0 : (accRe[j] as number)) +
          a0 * (f0[p] as number) +
          a1 * (f1[p] as number) +
          a2 * (f2[p] as number) +
          a3 * (f3[p] as number);
    } else if (k === 3) {
      for (let j = 0, p = from; p < end; j++, p++)
        accRe[j] =
          (first ? 0 : (accRe[j] as number)) +
          a0 * (f0[p] as number) +
          a1 * (f1[p] as number) +
          a2 * (f2[p] as number);
    } else if (k === 2) {
      for (let j = 0, p = from; p < end; j++, p++)
        accRe[j] = (first ? 0 : (accRe[j] as number)) + a0 * (f0[p] as number) + a1 * (f1[p] as number);
    } else if (k === 1) {
      for (let j = 0, p = from; p < end; j++, p++)
        accRe[j] = (first ? 0 : (accRe[j] as number)) + a0 * (f0[p] as number);
    } else {
      accRe.fill(0, 0, count);
    }
  }
}
