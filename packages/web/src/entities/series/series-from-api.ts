/**
 * The one adapter from an API series (SI units: m, s) to the shared viewer's series (mm, ms), used for both the
 * session's reconstructed images and a kept scan result's images, and the parameters two series differ in, for
 * compare mode.
 */
import type { ReconstructedImages } from '@larmor/contracts/sessions';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { sequenceLabel } from '#ui/viewer/series.ts';

const MM_PER_M = 1000;
const MS_PER_S = 1000;

type Protocol = ReconstructedImages['parameters'];

/** A pixel spacing [m] in millimetres. */
export const mm2 = (v: readonly [number, number]): [number, number] => [v[0] * MM_PER_M, v[1] * MM_PER_M];

/** A patient position [m] in millimetres. */
export const mm3 = (v: readonly [number, number, number]): [number, number, number] => [
  v[0] * MM_PER_M,
  v[1] * MM_PER_M,
  v[2] * MM_PER_M,
];

/** What every API answers for a series' images: SI geometry, the display window, the protocol, the slices. */
export type SeriesImages = Pick<
  ReconstructedImages,
  'rows' | 'columns' | 'pixelSpacing' | 'sliceThickness' | 'window' | 'parameters'
> & {
  slices: readonly Pick<
    ReconstructedImages['slices'][number],
    'imagePositionPatient' | 'imageOrientationPatient'
  >[];
};

export interface SeriesIdentity {
  /** The viewer's id of the series (unique among those shown together). */
  id: string;
  /** The name shown for it (the sequence's name). */
  description: string;
  seriesNumber?: number;
}

/** `images` with each slice's pixels (a missing slice shows black) as a viewer series in mm and ms. */
export function viewerSeriesOf(
  images: SeriesImages,
  pixels: readonly Float32Array[],
  series: SeriesIdentity,
): ViewerSeries {
  const p = images.parameters;
  return {
    id: series.id,
    description: series.description,
    rows: images.rows,
    columns: images.columns,
    pixelSpacingMm: mm2(images.pixelSpacing),
    slices: images.slices.map((slice, i) => ({
      pixels: pixels[i] ?? new Float32Array(images.rows * images.columns),
      imagePositionPatientMm: mm3(slice.imagePositionPatient),
      imageOrientationPatient: slice.imageOrientationPatient,
    })),
    window: images.window,
    acquisition: {
      ...(series.seriesNumber === undefined ? {} : { seriesNumber: series.seriesNumber }),
      sequenceName: sequenceLabel(series.description, p.family),
      repetitionTimeMs: p.repetitionTime * MS_PER_S,
      echoTimeMs: p.echoTime * MS_PER_S,
      ...(p.inversionTime ? { inversionTimeMs: p.inversionTime * MS_PER_S } : {}),
      ...(p.echoTrainLength > 1 ? { echoTrainLength: p.echoTrainLength } : {}),
      ...(p.echoSpacing ? { echoSpacingMs: p.echoSpacing * MS_PER_S } : {}),
      fovMm: [p.fovRead * MM_PER_M, p.fovPhase * MM_PER_M],
      matrix: [p.matrixRead, p.matrixPhase],
      sliceThicknessMm: images.sliceThickness * MM_PER_M,
    },
  };
}

/** A parameter row of the compare table, formatted for a radiographer (ms, mm, degrees). */
export interface ParameterDifference {
  name: string;
  a: string;
  b: string;
}

const SHOWN: { key: keyof Protocol; name: string; format: (v: unknown) => string }[] = [
  { key: 'family', name: 'Sequence', format: String },
  { key: 'repetitionTime', name: 'TR', format: (v) => `${round((v as number) * MS_PER_S)} ms` },
  { key: 'echoTime', name: 'TE', format: (v) => `${round((v as number) * MS_PER_S)} ms` },
  { key: 'inversionTime', name: 'TI', format: (v) => `${round((v as number) * MS_PER_S)} ms` },
  { key: 'flipAngle', name: 'Flip angle', format: (v) => `${round(((v as number) * 180) / Math.PI)}°` },
  { key: 'echoTrainLength', name: 'Echo train length', format: String },
  { key: 'bandwidthPerPixel', name: 'Bandwidth', format: (v) => `${round(v as number)} Hz/px` },
  { key: 'fovRead', name: 'FOV read', format: (v) => `${round((v as number) * MM_PER_M)} mm` },
  { key: 'fovPhase', name: 'FOV phase', format: (v) => `${round((v as number) * MM_PER_M)} mm` },
  { key: 'matrixRead', name: 'Matrix read', format: String },
  { key: 'matrixPhase', name: 'Matrix phase', format: String },
  { key: 'sliceThickness', name: 'Slice thickness', format: (v) => `${round((v as number) * MM_PER_M)} mm` },
  { key: 'sliceGap', name: 'Slice gap', format: (v) => `${round((v as number) * MM_PER_M)} mm` },
  { key: 'sliceCount', name: 'Slices', format: String },
  { key: 'nex', name: 'Averages', format: String },
  { key: 'fatSaturation', name: 'Fat saturation', format: (v) => (v ? 'On' : 'Off') },
  { key: 'partialFourier', name: 'Partial Fourier', format: (v) => String(round(v as number)) },
  { key: 'phaseDirection', name: 'Phase direction', format: String },
];

function round(value: number): number {
  return Number(value.toPrecision(4));
}

/** The parameters whose shown values differ between two series, in the order a protocol card lists them. */
export function differingParameters(a: Protocol, b: Protocol): ParameterDifference[] {
  const rows: ParameterDifference[] = [];
  for (const { key, name, format } of SHOWN) {
    const [va, vb] = [a[key], b[key]];
    const [fa, fb] = [va === undefined ? '—' : format(va), vb === undefined ? '—' : format(vb)];
    if (fa !== fb) rows.push({ name, a: fa, b: fb });
  }
  return rows;
}
