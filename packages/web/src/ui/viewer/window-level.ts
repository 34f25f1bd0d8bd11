/**
 * Window/level as a PACS does it, in the series' stored values (stored-series.ts): integers, DICOM's LINEAR
 * VOI function for integer pixels (PS3.3 C.11.2.1.2.1), and a drag whose sensitivity follows the image's range
 * as OHIF/Cornerstone's WindowLevelTool does (width with x, level with y), scaled so that a drag across the
 * whole viewport moves the window by about the series' whole range.
 */

/** Window Center/Width, stored values. */
export interface WindowLevel {
  center: number;
  width: number;
}

/** The values a window maps to black (≤ lower) and white (≥ upper), as Cornerstone's voiRange holds them. */
export interface VoiRange {
  lower: number;
  upper: number;
}

/** The smallest window width DICOM allows (C.11.2.1.2.1: Window Width ≥ 1). */
export const MIN_WINDOW_WIDTH = 1;

/**
 * The black and white ends of a window under LINEAR: x ≤ c − 0.5 − (w − 1)/2 is black, x > c − 0.5 + (w − 1)/2
 * white (the same as Cornerstone's `toLowHighRange(w, c, LINEAR)`).
 */
export function voiOfWindow({ center, width }: WindowLevel): VoiRange {
  return { lower: center - 0.5 - (width - 1) / 2, upper: center - 0.5 + (width - 1) / 2 };
}

/** The window of a VOI range: the inverse of `voiOfWindow` (Cornerstone's `toWindowLevel`). */
export function windowOfVoi({ lower, upper }: VoiRange): WindowLevel {
  return { center: (lower + upper + 1) / 2, width: upper - lower + 1 };
}

/** The corner text's "W … L …": integers, as a PACS shows them. */
export function formatWindow(voi: VoiRange): string {
  const { center, width } = windowOfVoi(voi);
  return `W ${Math.round(width)} L ${Math.round(center)}`;
}

/**
 * Window change per CSS pixel of drag: the series' stored range over the viewport's width, so a drag across the
 * whole viewport changes the width by the whole range (OHIF's multiplier is range/1024 per pixel: about the
 * same on a 1024 px viewport, and independent of a small viewport's size).
 */
export function windowDragMultiplier(storedRange: number, viewportWidthPx: number): number {
  return Math.max(storedRange, MIN_WINDOW_WIDTH) / Math.max(viewportWidthPx, 1);
}

/**
 * The window after a drag of (dx, dy) CSS pixels: right widens, down raises the level (Cornerstone's
 * convention); the width never falls below MIN_WINDOW_WIDTH.
 */
export function dragWindow(voi: VoiRange, [dx, dy]: readonly [number, number], multiplier: number): VoiRange {
  const { center, width } = windowOfVoi(voi);
  return voiOfWindow({
    center: center + dy * multiplier,
    width: Math.max(MIN_WINDOW_WIDTH, width + dx * multiplier),
  });
}
