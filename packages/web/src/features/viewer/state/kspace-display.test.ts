import { describe, expect, it } from 'vitest';
import {
  brightestPoint,
  logMagnitudeGrey,
  phaseGrey,
  relativeGradientEnergy,
  stripePattern,
} from './kspace-display.ts';

describe('k-space display', () => {
  it('log magnitude: the peak is white, zero black, a sample at 1e-3 of the peak a tenth of the way up (log scale)', () => {
    const grey = logMagnitudeGrey({ re: Float64Array.from([0, 1e-3, 1]), im: new Float64Array(3) });
    expect(grey[0]).toBe(0);
    expect(grey[2]).toBe(255);
    expect(grey[1]).toBe(Math.round((Math.log1p(1) / Math.log1p(1000)) * 255));
  });

  it('phase: −π black, 0 mid grey, π/2 three quarters', () => {
    const grey = phaseGrey({ re: Float64Array.from([-1, 1, 0]), im: Float64Array.from([-1e-12, 0, 1]) });
    expect(Array.from(grey)).toEqual([0, 128, 191]);
  });

  it('the stripes of kx = 1/FOV complete one period across the read FOV and stay constant down a column', () => {
    const frame = { rows: 8, columns: 8, acquiredRows: 8, fovRead: 0.2, fovPhase: 0.2 };
    const stripes = stripePattern(frame, 1 / 0.2, 0);
    expect(Array.from(stripes.slice(0, 8))).toEqual([0, 37, 128, 218, 255, 218, 128, 37]);
    expect(stripes[5 * 8 + 3]).toBe(stripes[3]);
  });

  it('relative gradient energy is 0 for a flat image and 1 for columns alternating 1, 0', () => {
    expect(relativeGradientEnergy([3, 3, 3, 3], 2, 2)).toBe(0);
    // [1, 0 / 1, 0]: power 2; horizontal differences 1 + 1, vertical 0.
    expect(relativeGradientEnergy([1, 0, 1, 0], 2, 2)).toBe(1);
  });

  it('brightestPoint finds the row and column of the maximum', () => {
    expect(brightestPoint([0, 1, 9, 2, 9, 3], 3)).toEqual({ row: 0, column: 2 });
  });
});
