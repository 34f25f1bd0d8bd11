import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../noise.ts';
import { PREVIEW_WHITE_QUANTILE, greyOf, quantileOf, toGrey } from './grey.ts';

/** The grey map the preview had before issue 26.2: a sorted copy of every magnitude, per frame. */
function sortedToGrey(magnitude: Float32Array): Uint8ClampedArray {
  const sorted = Float32Array.from(magnitude).sort();
  const index = Math.min(sorted.length - 1, Math.floor(PREVIEW_WHITE_QUANTILE * sorted.length));
  const white = sorted[index] ?? 0;
  const scale = white > 0 ? 255 / white : 0;
  const grey = new Uint8ClampedArray(magnitude.length);
  for (let i = 0; i < magnitude.length; i++) grey[i] = (magnitude[i] as number) * scale;
  return grey;
}

/** A 256² image like a brain slice: a quarter air (0 or noise), tissue plateaus, a few bright vessels. */
function brainLike(noise: number): Float32Array {
  const random = seededRandom(3);
  const image = new Float32Array(256 * 256);
  const plateaus = [0.2, 0.45, 0.6, 0.95];
  for (let i = 0; i < image.length; i++) {
    const air = i % 256 < 64;
    const base = air ? 0 : (plateaus[(i >> 9) % plateaus.length] as number);
    const vessel = random() < 0.002 ? 3 : 0;
    image[i] = Math.abs(base + vessel + noise * (random() - 0.5));
  }
  return image;
}

describe('preview grey map without a sort (issue 26.2)', () => {
  it('picks exactly the white level of the sorted copy, so the grey image is the same, bit for bit', () => {
    for (const noise of [0, 0.01, 0.2]) {
      const image = brainLike(noise);
      const sorted = Float32Array.from(image).sort();
      expect(quantileOf(image, PREVIEW_WHITE_QUANTILE)).toBe(sorted[Math.floor(0.995 * sorted.length)]);
      expect(toGrey(image)).toEqual(sortedToGrey(image));
    }
  });

  it('agrees with the sorted copy at every quantile on any non-negative image (ties, zeros, one value)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.float({ min: 0, max: 1e6, noNaN: true })), { minLength: 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, quantile) => {
          const image = Float32Array.from(values);
          const sorted = Float32Array.from(image).sort();
          const rank = Math.min(sorted.length - 1, Math.floor(quantile * sorted.length));
          expect(quantileOf(image, quantile)).toBe(sorted[rank]);
        },
      ),
    );
  });

  it('gives the same value with any hint: near the answer (one pass over the top), far below or above it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.float({ min: 0, max: 1e6, noNaN: true })), { minLength: 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        (values, quantile, factor) => {
          const image = Float32Array.from(values);
          const exact = quantileOf(image, quantile);
          expect(quantileOf(image, quantile, exact * factor)).toBe(exact);
          expect(quantileOf(image, quantile, exact)).toBe(exact);
        },
      ),
    );
    // The preview's case: a 256² slice, the last frame's white as the hint, and hints that miss it widely.
    for (const noise of [0, 0.01, 0.2]) {
      const image = brainLike(noise);
      const white = quantileOf(image, PREVIEW_WHITE_QUANTILE);
      for (const hint of [white, white * 1.05, white * 0.97, white * 0.01, white * 50, NaN, 0, -1])
        expect(quantileOf(image, PREVIEW_WHITE_QUANTILE, hint)).toBe(white);
    }
  });

  it('maps the white level to 255 and clamps what is brighter (rounded to the nearest grey); an empty or black image is black', () => {
    expect(Array.from(greyOf(Float32Array.from([0, 1, 2, 4]), 2))).toEqual([0, 128, 255, 255]);
    expect(quantileOf(new Float32Array(0), 0.995)).toBe(0);
    expect(Array.from(toGrey(new Float32Array(4)))).toEqual([0, 0, 0, 0]);
  });
});
