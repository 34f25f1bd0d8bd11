/**
 * The session API's reconstructed images (SI units: m, s) as the shared viewer's series (mm, ms), and the
 * parameters two series differ in, for compare mode.
 */
import type { ReconstructedImages } from '@larmor/contracts/sessions';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { sequenceLabel } from '#ui/viewer/series.ts';

const MM_PER_M = 1000;
const MS_PER_S = 1000;

type Protocol = ReconstructedImages['parameters'];

export function viewerSeriesOf(
  meta: ReconstructedImages,
  pixels: readonly Float32Array[],
  sequence: { name: string; seriesNumber: number },
): ViewerSeries {
  const p = meta.parameters;
  return {
    id: meta.scanId,
    description: sequence.name,
    rows: meta.rows,
    columns: meta.columns,
    pixelSpacingMm: [meta.pixelSpacing[0] * MM_PER_M, meta.pixelSpacing[1] * MM_PER_M],
    slices: meta.slices.map((slice, i) => ({
      pixels: pixels[i] as Float32Array,
      imagePositionPatientMm: [
        slice.imagePositionPatient[0] * MM_PER_M,
        slice.imagePositionPatient[1] * MM_PER_M,
        slice.imagePositionPatient[2] * MM_PER_M,
      ],
      imageOrientationPatient: slice.imageOrientationPatient,
    })),
    window: meta.window,
    acquisition: {
      seriesNumber: sequence.seriesNumber,
      sequenceName: sequenceLabel(sequence.name, p.family),
      repetitionTimeMs: p.repetitionTime * MS_PER_S,
      echoTimeMs: p.echoTime * MS_PER_S,
      ...(p.inversionTime ? { inversionTimeMs: p.inversionTime * MS_PER_S } : {}),
      ...(p.echoTrainLength > 1 ? { echoTrainLength: p.echoTrainLength } : {}),
      ...(p.echoSpacing ? { echoSpacingMs: p.echoSpacing * MS_PER_S } : {}),
      fovMm: [p.fovRead * MM_PER_M, p.fovPhase * MM_PER_M],
      matrix: [p.matrixRead, p.matrixPhase],
      sliceThicknessMm: meta.sliceThickness * MM_PER_M,
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
