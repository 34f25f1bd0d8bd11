/** Comparing two rendered images in the fast engine's tests. */
import { expect } from 'vitest';
import type { RenderedImage } from './types.ts';

/** Largest difference of the complex images and magnitudes, and the peak magnitude of `a` (same shape asserted). */
export function compareRendered(a: RenderedImage, b: RenderedImage): { worst: number; peak: number } {
  expect([b.rows, b.columns]).toEqual([a.rows, a.columns]);
  let worst = 0;
  for (const key of ['re', 'im', 'magnitude'] as const) {
    a[key].forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (b[key][i] ?? NaN)))));
  }
  return { worst, peak: Math.max(...a.magnitude) };
}
