/**
 * A scan result's series (GET v1/scan-results/{id}/images) as the shared viewer's series, through the one API →
 * viewer adapter (entities/series), and the comparison's difference map as a one-slice series of its own.
 */
import type { DifferenceMap, ScanResultImages } from '@larmor/contracts/attempts';
import { mm2, mm3, viewerSeriesOf } from '#entities/series/series-from-api.ts';
import type { ViewerSeries } from '#ui/viewer/index.ts';

const MM_PER_M = 1000;

/** A kept series as the viewer's; `diffusion` names the DWI series it is ('' the scan itself). */
export function scanResultViewerSeries(
  meta: ScanResultImages,
  pixels: readonly Float32Array[],
  description: string,
  diffusion = '',
): ViewerSeries {
  const id = `scan-result-${meta.scanResultId}${diffusion === '' ? '' : `-${diffusion}`}`;
  return viewerSeriesOf(meta, pixels, { id, description });
}

/** The difference map (available) of scan result `scanResultId` as a one-slice series. */
export function differenceViewerSeries(
  scanResultId: string,
  map: Extract<DifferenceMap, { available: true }>,
  pixels: Float32Array,
): ViewerSeries {
  return {
    id: `difference-${scanResultId}`,
    description: 'Difference from the reference',
    rows: map.rows,
    columns: map.columns,
    pixelSpacingMm: mm2(map.pixelSpacing),
    slices: [
      {
        pixels,
        imagePositionPatientMm: mm3(map.imagePositionPatient),
        imageOrientationPatient: map.imageOrientationPatient,
      },
    ],
    window: map.window,
    acquisition: { sliceThicknessMm: map.sliceThickness * MM_PER_M },
  };
}
