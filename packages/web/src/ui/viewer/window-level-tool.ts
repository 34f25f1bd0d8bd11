/**
 * Cornerstone's WindowLevelTool with the drag of window-level.ts: the same bindings and events, but the window
 * moves by the series' stored range across the viewport's width (configuration `storedRange`), and the
 * window/level arithmetic is DICOM's LINEAR one throughout. Cornerstone's own `getNewRange` converts with
 * `toWindowLevel` (LINEAR) and back with the image's VOI function, so under LINEAR_EXACT every mouse event widened
 * the window by one whole unit: on magnitudes of about 0–1 a short drag blacked the image (issue 20.9).
 */
import type { Types } from '@cornerstonejs/core';
import { WindowLevelTool } from '@cornerstonejs/tools';
import { dragWindow, windowDragMultiplier } from './window-level.ts';

export class StoredWindowLevelTool extends WindowLevelTool {
  static override toolName: string = WindowLevelTool.toolName as string;

  override getNewRange({
    viewport,
    deltaPointsCanvas,
    lower,
    upper,
  }: {
    viewport: Types.IViewport;
    deltaPointsCanvas: Types.Point2;
    lower: number;
    upper: number;
  }): { lower: number; upper: number } {
    const storedRange = Number((this.configuration as { storedRange?: number }).storedRange ?? 0);
    const multiplier = windowDragMultiplier(storedRange, viewport.element.clientWidth);
    return dragWindow({ lower, upper }, [deltaPointsCanvas[0], deltaPointsCanvas[1]], multiplier);
  }
}
