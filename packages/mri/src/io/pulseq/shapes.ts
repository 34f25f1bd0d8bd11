/**
 * The [SHAPES] run-length compression of Pulseq (reference/pulseq-specification.tex §"Shapes: Compression"):
 * a shape is stored as its derivative, where a value written twice is followed by the number of further
 * repetitions. A stored shape whose length equals `num_samples` is uncompressed.
 */

/**
 * Quantum of the compressed derivative [shape units]. Pulseq's MATLAB toolbox (`mr.compressShape`) quantises the
 * derivative to 1e-7 and carries the rounding error forward, so the decompressed shape stays within 5e-8 of the
 * original while ramps compress into runs.
 */
export const SHAPE_QUANTUM = 1e-7;

/** Why a stored shape cannot be decompressed; the reader turns it into an error naming the line. */
export class ShapeDecodeError extends Error {
  override name = 'ShapeDecodeError';
}

/** Expands a stored shape to its `numSamples` samples (MATLAB `mr.decompressShape`). */
export function decompressShape(stored: readonly number[], numSamples: number): Float64Array {
  const out = new Float64Array(numSamples);
  if (stored.length === numSamples) {
    out.set(stored);
    return out;
  }
  const derivative = new Float64Array(numSamples);
  let read = 0;
  let written = 0;
  const put = (value: number, count: number): void => {
    if (written + count > numSamples) {
      throw new ShapeDecodeError(`decompresses to more than the ${numSamples} samples it declares`);
    }
    derivative.fill(value, written, written + count);
    written += count;
  };
  while (read < stored.length - 1) {
    const value = stored[read] ?? 0;
    if (value !== stored[read + 1]) {
      put(value, 1);
      read += 1;
      continue;
    }
    const extra = stored[read + 2];
    if (extra === undefined || !Number.isInteger(extra) || extra < 0) {
      throw new ShapeDecodeError(`a repeated value must be followed by a repetition count, got ${extra}`);
    }
    put(value, extra + 2);
    read += 3;
  }
  if (read === stored.length - 1) put(stored[read] ?? 0, 1);
  if (written !== numSamples) {
    throw new ShapeDecodeError(`decompresses to ${written} samples but declares ${numSamples}`);
  }
  let sum = 0;
  for (let i = 0; i < numSamples; i++) {
    sum += derivative[i] ?? 0;
    out[i] = sum;
  }
  return out;
}

/**
 * Compresses a shape the way MATLAB `mr.compressShape` does (derivative quantised to SHAPE_QUANTUM, then
 * run-length coded). Returns the samples unchanged when compression would not make the shape shorter, as the
 * specification requires.
 */
export function compressShape(samples: ArrayLike<number>): number[] {
  const n = samples.length;
  const quantised: number[] = [];
  let previous = 0;
  let cumulative = 0;
  for (let i = 0; i < n; i++) {
    const scaled = (samples[i] ?? 0) / SHAPE_QUANTUM;
    let step = Math.round(scaled - previous);
    previous = scaled;
    // Carry the rounding error forward so the running sum never drifts from the shape.
    step += Math.round(scaled - (cumulative + step));
    cumulative += step;
    quantised.push(step);
  }
  const out: number[] = [];
  for (let i = 0; i < n;) {
    let run = 1;
    while (i + run < n && quantised[i + run] === quantised[i]) run++;
    const value = (quantised[i] ?? 0) * SHAPE_QUANTUM;
    if (run === 1) out.push(value);
    else out.push(value, value, run - 2);
    i += run;
  }
  return out.length < n ? out : Array.from(samples);
}
