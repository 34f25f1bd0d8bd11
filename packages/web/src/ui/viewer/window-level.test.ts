import { describe, expect, it } from 'vitest';
import { dragWindow, formatWindow, voiOfWindow, windowDragMultiplier, windowOfVoi } from './window-level.ts';

/** A 12-bit series (stored values 0–4095) on a 600 CSS px wide viewport. */
const STORED_RANGE = 4095;
const VIEWPORT_WIDTH_PX = 600;

describe('window/level in stored values', () => {
  it("maps Window Center/Width to Cornerstone's VOI range by DICOM LINEAR and back", () => {
    expect(voiOfWindow({ center: 2048, width: 4096 })).toEqual({ lower: 0, upper: 4095 });
    expect(voiOfWindow({ center: 100, width: 1 })).toEqual({ lower: 99.5, upper: 99.5 });
    expect(windowOfVoi(voiOfWindow({ center: 1234, width: 567 }))).toEqual({ center: 1234, width: 567 });
    expect(formatWindow(voiOfWindow({ center: 1234, width: 567 }))).toBe('W 567 L 1234');
  });

  it("a drag across the whole viewport changes the width by the series' whole stored range", () => {
    const multiplier = windowDragMultiplier(STORED_RANGE, VIEWPORT_WIDTH_PX);
    const start = voiOfWindow({ center: 1500, width: 1000 });
    const across = windowOfVoi(dragWindow(start, [VIEWPORT_WIDTH_PX, 0], multiplier));
    expect(across.width).toBeCloseTo(1000 + STORED_RANGE, 6);
    expect(across.center).toBeCloseTo(1500, 6);
    // Half the viewport down raises the level by half the range.
    const down = windowOfVoi(dragWindow(start, [0, VIEWPORT_WIDTH_PX / 2], multiplier));
    expect(down.center).toBeCloseTo(1500 + STORED_RANGE / 2, 6);
  });

  it('a 144×41 px drag in many small mouse events moves the window by the same amount as in one (issue 20.9)', () => {
    const multiplier = windowDragMultiplier(STORED_RANGE, VIEWPORT_WIDTH_PX);
    let voi = voiOfWindow({ center: 1040, width: 1513 });
    for (let i = 0; i < 8; i++) voi = dragWindow(voi, [144 / 8, 41 / 8], multiplier);
    const shown = windowOfVoi(voi);
    expect(shown.width).toBeCloseTo(1513 + (144 * STORED_RANGE) / VIEWPORT_WIDTH_PX, 6);
    expect(shown.center).toBeCloseTo(1040 + (41 * STORED_RANGE) / VIEWPORT_WIDTH_PX, 6);
  });

  it('never narrows the window below a width of 1', () => {
    const multiplier = windowDragMultiplier(STORED_RANGE, VIEWPORT_WIDTH_PX);
    const narrowest = dragWindow(
      voiOfWindow({ center: 500, width: 200 }),
      [-VIEWPORT_WIDTH_PX, 0],
      multiplier,
    );
    expect(windowOfVoi(narrowest).width).toBe(1);
  });
});
