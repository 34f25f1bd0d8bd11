/**
 * The MR text in the four corners of a viewport, laid out as scanner consoles show it: the series and slice top
 * left, body part, coil and time top right, geometry bottom left, timing and the window bottom right.
 */
import { formatLength, type ViewerDistanceUnit, type ViewerSeries } from './series.ts';
import { formatWindow } from './window-level.ts';

export interface CornerText {
  topLeft: string[];
  topRight: string[];
  bottomLeft: string[];
  bottomRight: string[];
}

export interface CornerTextInput {
  series: ViewerSeries;
  sliceIndex: number;
  /** Current window, stored values (stored-series.ts). */
  voi: { lower: number; upper: number };
  distanceUnit: ViewerDistanceUnit;
}

function ms(value: number): string {
  return `${Number(value.toFixed(value < 10 ? 2 : 1))} ms`;
}

export function cornerText({ series, sliceIndex, voi, distanceUnit }: CornerTextInput): CornerText {
  const a = series.acquisition ?? {};
  const topLeft = [
    [a.seriesNumber !== undefined ? `Se ${a.seriesNumber}` : null, a.sequenceName ?? series.description]
      .filter(Boolean)
      .join(' '),
    `Im ${sliceIndex + 1}/${series.slices.length}`,
  ];
  if (a.contrastCount !== undefined && a.contrastCount > 1) {
    topLeft.push(`Contrast ${(a.contrastIndex ?? 0) + 1}/${a.contrastCount}`);
  }
  if (a.bValue !== undefined) topLeft.push(`b = ${a.bValue} s/mm²`);

  const topRight = [a.bodyPart, a.coil].filter((s): s is string => Boolean(s));
  if (a.acquiredAt) topRight.push(a.acquiredAt.toLocaleString());

  const bottomLeft: string[] = [];
  if (a.fovMm) {
    bottomLeft.push(
      `FOV ${formatLength(a.fovMm[0], distanceUnit)} × ${formatLength(a.fovMm[1], distanceUnit)}`,
    );
  }
  bottomLeft.push(`Matrix ${(a.matrix ?? [series.columns, series.rows]).join(' × ')}`);
  const thickness = a.sliceThicknessMm;
  if (thickness !== undefined) bottomLeft.push(`Thk ${formatLength(thickness, distanceUnit)}`);

  const bottomRight: string[] = [];
  if (a.repetitionTimeMs !== undefined) bottomRight.push(`TR ${ms(a.repetitionTimeMs)}`);
  if (a.echoTimeMs !== undefined) {
    const train = a.echoTrainLength !== undefined && a.echoTrainLength > 1;
    bottomRight.push(
      train ? `TE eff ${ms(a.echoTimeMs)} ETL ${a.echoTrainLength}` : `TE ${ms(a.echoTimeMs)}`,
    );
  }
  if (a.echoSpacingMs !== undefined) bottomRight.push(`ESP ${ms(a.echoSpacingMs)}`);
  if (a.inversionTimeMs !== undefined) bottomRight.push(`TI ${ms(a.inversionTimeMs)}`);
  bottomRight.push(formatWindow(voi));
  return { topLeft, topRight, bottomLeft, bottomRight };
}
