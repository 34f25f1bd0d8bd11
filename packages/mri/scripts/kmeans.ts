/**
 * One-dimensional k-means (Lloyd's algorithm) on a histogram of integer-rounded values, started from evenly
 * spaced quantiles so the result is deterministic. Returns the class means in ascending order.
 */
export function kMeans1d(values: readonly number[], k: number, iterations = 100): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  let means = Array.from(
    { length: k },
    (_, c) => sorted[Math.floor(((c + 0.5) / k) * (sorted.length - 1))] ?? 0,
  );
  for (let it = 0; it < iterations; it++) {
    const sums = new Array<number>(k).fill(0);
    const counts = new Array<number>(k).fill(0);
    for (const x of sorted) {
      let best = 0;
      for (let c = 1; c < k; c++)
        if (Math.abs(x - (means[c] ?? 0)) < Math.abs(x - (means[best] ?? 0))) best = c;
      sums[best] = (sums[best] ?? 0) + x;
      counts[best] = (counts[best] ?? 0) + 1;
    }
    const next = means.map((m, c) => ((counts[c] ?? 0) > 0 ? (sums[c] ?? 0) / (counts[c] ?? 1) : m));
    if (next.every((m, c) => m === means[c])) break;
    means = next;
  }
  return means.sort((a, b) => a - b);
}
