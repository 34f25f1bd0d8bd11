/** The shared series viewer's props, apart from its lazy shell (SeriesViewer.tsx) and its body (SeriesViewerImpl.tsx). */
import type { ReactNode } from 'react';
import type { ViewerDistanceUnit, ViewerSeries } from './series.ts';

/**
 * What an overlay drawn over the image needs: the slice shown and the mapping between image index coordinates
 * (column, row; the first pixel's centre at (0, 0)) and CSS pixels of the image area, following zoom and pan.
 */
export interface ViewerOverlayView {
  sliceIndex: number;
  toScreen(point: readonly [number, number]): [number, number];
  toImage(point: readonly [number, number]): [number, number];
}

export interface SeriesViewerProps {
  series: ViewerSeries;
  /** The four-corner MR text (Display Options, "show text on viewers"); shown unless false. */
  showText?: boolean;
  /** Lengths in the user's distance unit (Preferences). */
  distanceUnit?: ViewerDistanceUnit;
  /** Viewers with the same group scroll, zoom, pan and window together (compare mode). */
  syncGroup?: string;
  /** The measurement tools and table; shown unless false (e.g. a small preview). */
  measurements?: boolean;
  /** Height of the whole viewer (CSS); the image takes what the toolbar and table leave. */
  height?: number | string;
  /** Drawn over the image (e.g. SVG feedback drawings); re-rendered when the slice, zoom or pan change. */
  overlay?: (view: ViewerOverlayView) => ReactNode;
}
