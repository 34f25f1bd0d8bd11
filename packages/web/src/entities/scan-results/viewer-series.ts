/**
 * A scan result's series (GET v1/scan-results/{id}/images: SI units, m and s) as the shared viewer's plain-data
 * series (mm, ms), and the comparison's difference map as a one-slice series of its own.
 */
import type { DifferenceMap, ScanResultImages } from '@larmor/contracts/attempts';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { sequenceLabel } from '#ui/viewer/series.ts';

const MM_PER_M = 1000;
const MS_PER_S = 1000;

const mm3 = (v: readonly [number, number, number]): [number, number, number] => [
  v[0] * MM_PER_M,
  v[1] * MM_PER_M,
  v[2] * MM_PER_M,
];

export function scanResultViewerSeries(
  meta: ScanResultImages,
  pixels: readonly Float32Array[],
  description: string,
): ViewerSeries {
  const p = meta.parameters;
  return {
    id: `scan-result-${meta.scanResultId}`,
    description,
    rows: meta.rows,
    columns: meta.columns,
    pixelSpacingMm: [meta.pixelSpacing[0] * MM_PER_M, meta.pixelSpacing[1] * MM_PER_M],
    slices: meta.slices.map((slice, i) => ({
      pixels: pixels[i] ?? new Float32Array(meta.rows * meta.columns),
      imagePositionPatientMm: mm3(slice.imagePositionPatient),
      imageOrientationPatient: slice.imageOrientationPatient,
    })),
    window: meta.window,
    acquisition: {
      sequenceName: sequenceLabel(description, p.family),
      repetitionTimeMs: p.repetitionTime * MS_PER_S,
      echoTimeMs: p.echoTime * MS_PER_S,
      ...(p.inversionTime ? { inversionTimeMs: p.inversionTime * MS_PER_S } : {}),
      ...(p.echoTrainLength > 1 ? { echoTrainLength: p.echoTrainLength } : {}),
      fovMm: [p.fovRead * MM_PER_M, p.fovPhase * MM_PER_M],
      matrix: [p.matrixRead, p.matrixPhase],
      sliceThicknessMm: meta.sliceThickness * MM_PER_M,
    },
  };
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
    pixelSpacingMm: [map.pixelSpacing[0] * MM_PER_M, map.pixelSpacing[1] * MM_PER_M],
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
