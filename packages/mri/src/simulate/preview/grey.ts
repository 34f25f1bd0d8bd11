/**
 * The live preview's grey map: white at a quantile of the image's magnitudes (a few bright pixels do not darken
 * the rest), found in O(n) without sorting. A histogram of the magnitudes over [0, max] finds the bin that holds
 * the quantile's rank; only that bin's values (tens of the 65,536 of a 256² image) are sorted to pick the exact
 * value. Magnitudes map to bins monotonically (⌊v·B/max⌋ never decreases with v), so the value picked is the one a
 * full sort would give at that rank, bit for bit.
 */

/** Magnitudes at this quantile map to white. */
export const PREVIEW_WHITE_QUANTILE = 0.995;

/** Histogram bins: 4096 counters (16 KiB) stay in the L1 cache; a 256² image puts ~16 values in a bin. */
const BINS = 4096;

let counts = new Int32Array(BINS + 1);

/**
 * The share of `hint` above which `quantileOf` collects the top values: a slider step moves the white level by
 * far less than a tenth.
 */
const HINT_MARGIN = 0.9;
/** At most this many top values (or 8 × those asked for) are collected and sorted; more, and the histogram runs. */
const MIN_COLLECTED = 1024;

let collected = new Float32Array(0);

/**
 * The value at rank ⌊quantile·n⌋ (0-based, capped at n − 1) of the non-negative `values` in ascending order: what
 * `Float32Array.from(values).sort()[rank]` gives, without the copy and the sort. 0 for an empty array.
 *
 * `hint`, a value near the answer (the preview's last white level), makes it one pass: the values at or above
 * HINT_MARGIN·hint are the top K of the array; when they are at least the n − rank asked for (and not too many),
 * the answer is among them, at rank rank − (n − K) of their sorted few. Otherwise, and without a hint, it is the
 * histogram's. The answer is the same either way; only the time differs.
 */
export function quantileOf(values: Float32Array, quantile: number, hint = NaN): number {
  const n = values.length;
  if (n === 0) return 0;
  const rank = Math.min(n - 1, Math.floor(quantile * n));
  if (hint > 0) {
    const fromTop = topRank(values, n - rank, hint * HINT_MARGIN);
    if (fromTop !== undefined) return fromTop;
  }
  let max = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v > max) max = v;
  }
  if (!(max > 0)) return 0;
  const toBin = BINS / max;
  if (counts.length !== BINS + 1) counts = new Int32Array(BINS + 1);
  counts.fill(0);
  let below = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v > 0) {
      const bin = Math.floor(v * toBin);
      counts[bin] = (counts[bin] as number) + 1;
    } else below++; // 0 (and any negative value) sorts first
  }
  if (rank < below) return values.reduce((m, v) => (v < m ? v : m), 0);
  let bin = 0;
  let seen = below;
  while (bin <= BINS && seen + (counts[bin] as number) <= rank) seen += counts[bin++] as number;
  const inBin = new Float32Array(counts[bin] as number);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v > 0 && Math.floor(v * toBin) === bin) inBin[k++] = v;
  }
  inBin.sort();
  return inBin[rank - seen] as number;
}

/**
 * The `above`-th largest of `values` when it lies at or above `threshold` (the values there sorted, at most
 * max(MIN_COLLECTED, 8·above) of them); undefined when fewer or more than that lie there.
 */
function topRank(values: Float32Array, above: number, threshold: number): number | undefined {
  const cap = Math.max(MIN_COLLECTED, 8 * above);
  if (collected.length < cap) collected = new Float32Array(cap);
  const top = collected;
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v >= threshold) {
      if (k === cap) return undefined;
      top[k++] = v;
    }
  }
  if (k < above) return undefined;
  const sorted = top.subarray(0, k).sort();
  return sorted[k - above] as number;
}

/** 8-bit grey of `magnitude`: value · 255 / white, clamped (white ≤ 0 gives black). Reuses `into` when it fits. */
export function greyOf(magnitude: Float32Array, white: number, into?: Uint8ClampedArray): Uint8ClampedArray {
  const scale = white > 0 ? 255 / white : 0;
  const grey = into?.length === magnitude.length ? into : new Uint8ClampedArray(magnitude.length);
  for (let i = 0; i < magnitude.length; i++) grey[i] = (magnitude[i] as number) * scale;
  return grey;
}

/** The preview's grey map of an image: white at PREVIEW_WHITE_QUANTILE of its magnitudes (O(n)). */
export function toGrey(magnitude: Float32Array): Uint8ClampedArray {
  return greyOf(magnitude, quantileOf(magnitude, PREVIEW_WHITE_QUANTILE));
}
