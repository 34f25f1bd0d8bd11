import { describe, expect, it } from 'vitest';
import { initialViewportSeries, viewportSeriesReducer } from './viewport-series.ts';

/** The viewports after picking the DWI series `name` in viewport `slot` from the start. */
const pickedFromStart = (slot: number, name: string) =>
  viewportSeriesReducer(initialViewportSeries, { type: 'pickDiffusion', slot, name });

describe('the series each image-viewer viewport shows, with a DWI scan’s series (issue 23.7)', () => {
  it('starts with the first four sequences, each its scan itself', () => {
    expect(initialViewportSeries).toEqual({ slots: [0, 1, 2, 3], diffusion: ['', '', '', ''] });
  });

  it('picking a DWI series changes that viewport only', () => {
    const state = pickedFromStart(1, 'adc');
    expect(state).toEqual({ slots: [0, 1, 2, 3], diffusion: ['', 'adc', '', ''] });
  });

  it('another sequence in a viewport opens its scan itself; the same one keeps the series picked', () => {
    const picked = pickedFromStart(0, 'b1000');
    expect(viewportSeriesReducer(picked, { type: 'show', slot: 0, index: 0 })).toBe(picked);
    expect(viewportSeriesReducer(picked, { type: 'show', slot: 0, index: 2 })).toEqual({
      slots: [2, 1, 2, 3],
      diffusion: ['', '', '', ''],
    });
  });
});
