/** The shared series viewer and its plain-data series type; everything Cornerstone loads lazily behind it. */
export { SeriesViewer } from './SeriesViewer.tsx';
export type { SeriesViewerProps, ViewerOverlayView } from './series-viewer-props.ts';
export {
  formatLength,
  type ViewerAcquisition,
  type ViewerDistanceUnit,
  type ViewerSeries,
  type ViewerSlice,
} from './series.ts';
export {
  regionStats,
  signalToNoise,
  contrastToNoise,
  RAYLEIGH_SD_FACTOR,
  type RoiStats,
} from './roi-stats.ts';
