/**
 * Cornerstone's annotations of a series as measurement rows: the bridge between its tool state and the viewer's
 * table. Lengths come from the Length tool; area ROIs' statistics are computed here over the raw Float32 pixels.
 */
import type { Types } from '@cornerstonejs/core';
import { annotation, EllipticalROITool, LengthTool, RectangleROITool } from '@cornerstonejs/tools';
import { regionStats, type RoiRegion } from './roi-stats.ts';
import type { MeasurementKind, MeasurementRow } from './measurements.ts';
import { patientMmToPixelIndex, type ViewerSeries } from './series.ts';

const KINDS: Record<string, MeasurementKind> = {
  [EllipticalROITool.toolName]: 'ellipse',
  [RectangleROITool.toolName]: 'rectangle',
  [LengthTool.toolName]: 'length',
};

interface CachedStats {
  mean?: number;
  stdDev?: number;
  min?: number;
  max?: number;
  area?: number;
  length?: number;
}

/**
 * An area ROI's outline in image index coordinates (pixel centres at integers), from its handles' bounding box,
 * through the slice's own geometry (Cornerstone's worldToImageCoords divides the distance along a row by the
 * spacing between rows, which is wrong for non-square pixels).
 */
function regionOf(
  kind: 'ellipse' | 'rectangle',
  series: ViewerSeries,
  sliceIndex: number,
  points: readonly Types.Point3[],
): RoiRegion | undefined {
  const slice = series.slices[sliceIndex];
  if (points.length < 4 || !slice) return undefined;
  const index = points.map((p) => patientMmToPixelIndex(slice, series.pixelSpacingMm, [p[0], p[1], p[2]]));
  const xs = index.map((p) => p[0]);
  const ys = index.map((p) => p[1]);
  const low = (values: number[]) => values.reduce((m, v) => Math.min(m, v), Infinity);
  const high = (values: number[]) => values.reduce((m, v) => Math.max(m, v), -Infinity);
  const [x0, x1, y0, y1] = [low(xs), high(xs), low(ys), high(ys)];
  return kind === 'rectangle'
    ? { kind, column0: x0, row0: y0, column1: x1, row1: y1 }
    : {
        kind,
        centerColumn: (x0 + x1) / 2,
        centerRow: (y0 + y1) / 2,
        radiusColumns: (x1 - x0) / 2,
        radiusRows: (y1 - y0) / 2,
      };
}

/** Area of an outline [mm²]: π·a·b for an ellipse, width × height for a rectangle (pixel spacing [mm]). */
function areaMm2(region: RoiRegion, series: ViewerSeries): number {
  const [rowSpacing, columnSpacing] = series.pixelSpacingMm;
  return region.kind === 'ellipse'
    ? Math.PI * region.radiusColumns * columnSpacing * region.radiusRows * rowSpacing
    : Math.abs(region.column1 - region.column0) *
        columnSpacing *
        Math.abs(region.row1 - region.row0) *
        rowSpacing;
}

/** The measurements drawn on the given image ids (index = slice), oldest first. */
export function measurementRows(imageIds: readonly string[], series: ViewerSeries): MeasurementRow[] {
  const sliceOf = new Map(imageIds.map((id, index) => [id, index]));
  const rows: MeasurementRow[] = [];
  for (const item of annotation.state.getAllAnnotations()) {
    const kind = KINDS[item.metadata?.toolName ?? ''];
    const sliceIndex = sliceOf.get(item.metadata?.referencedImageId ?? '');
    if (!kind || sliceIndex === undefined || !item.annotationUID) continue;
    if (kind === 'length') {
      const cached = Object.values((item.data.cachedStats ?? {}) as Record<string, CachedStats>)[0];
      if (typeof cached?.length === 'number')
        rows.push({ uid: item.annotationUID, kind, sliceIndex, lengthMm: cached.length });
      continue;
    }
    // Area ROIs: the statistics over the raw pixels inside the outline (roi-stats.ts), not the tool's own
    // cachedStats: on a finished 256² T2 TSE in the browser story, their mean was ~5 % off the raw pixels' inside
    // the same outline (cause not found; on a synthetic series they agreed), and the issue asks for raw values.
    const region = regionOf(kind, series, sliceIndex, item.data.handles?.points ?? []);
    const slice = series.slices[sliceIndex];
    const stats =
      region &&
      slice &&
      regionStats({ pixels: slice.pixels, rows: series.rows, columns: series.columns }, region);
    if (!region || !stats) continue;
    rows.push({
      uid: item.annotationUID,
      kind,
      sliceIndex,
      stats: {
        mean: stats.mean,
        sd: stats.sd,
        min: stats.min,
        max: stats.max,
        areaMm2: areaMm2(region, series),
      },
      region,
    });
  }
  return rows;
}

export function removeMeasurement(uid: string): void {
  annotation.state.removeAnnotation(uid);
}
