/**
 * Old → new values of a logged change in console units (issue 14, attempt replay): protocol parameters and slice
 * geometry are SI in storage (s, m, rad, Hz/pixel; contracts sequenceParametersSchema, spatialsSchema) and shown
 * as the console shows them (ms, mm, degrees). Only fields whose value changed are listed.
 */
import type { ActivityChange } from '@larmor/contracts';

/** A stored change: the field and its raw values (`from` undefined when unknown or absent). */
export interface RawChange {
  name: string;
  from?: unknown;
  to: unknown;
}

type Unit = 's' | 'm' | 'rad' | 'Hz/pixel' | 'fraction' | 's/mm²' | 'mm3' | 'plain';

/** Console label and SI unit of each protocol and slice-geometry field. */
const FIELDS: Record<string, { label: string; unit: Unit }> = {
  repetitionTime: { label: 'TR', unit: 's' },
  echoTime: { label: 'TE', unit: 's' },
  inversionTime: { label: 'TI', unit: 's' },
  flipAngle: { label: 'Flip angle', unit: 'rad' },
  refocusingFlipAngle: { label: 'Refocusing flip angle', unit: 'rad' },
  echoTrainLength: { label: 'ETL', unit: 'plain' },
  echoSpacing: { label: 'Echo spacing', unit: 's' },
  bandwidthPerPixel: { label: 'Bandwidth', unit: 'Hz/pixel' },
  fovRead: { label: 'FOV read', unit: 'm' },
  fovPhase: { label: 'FOV phase', unit: 'm' },
  matrixRead: { label: 'Matrix read', unit: 'plain' },
  matrixPhase: { label: 'Matrix phase', unit: 'plain' },
  sliceThickness: { label: 'Slice thickness', unit: 'm' },
  sliceGap: { label: 'Slice gap', unit: 'm' },
  sliceCount: { label: 'Slices', unit: 'plain' },
  phaseDirection: { label: 'Phase-encoding direction', unit: 'plain' },
  nex: { label: 'Averages (NEX)', unit: 'plain' },
  phaseOversampling: { label: 'Phase oversampling', unit: 'fraction' },
  fatSaturation: { label: 'Fat saturation', unit: 'plain' },
  partialFourier: { label: 'Partial Fourier', unit: 'fraction' },
  bValues: { label: 'b-values', unit: 's/mm²' },
  echoTimes: { label: 'Echo times', unit: 's' },
  is3d: { label: '3D', unit: 'plain' },
  orientation: { label: 'Slice orientation', unit: 'plain' },
  center: { label: 'Slice position', unit: 'mm3' },
  rotation: { label: 'Slice rotation', unit: 'rad' },
  tiltAboutRow: { label: 'Slice tilt about the row', unit: 'rad' },
  tiltAboutColumn: { label: 'Slice tilt about the column', unit: 'rad' },
};

/** Rounds for display: at most 2 decimals, no trailing zeros. */
const round = (value: number): string => String(+value.toFixed(2));

function formatNumber(value: number, unit: Unit): string {
  switch (unit) {
    case 's':
      return `${round(value * 1_000)} ms`;
    case 'm':
      return `${round(value * 1_000)} mm`;
    case 'rad':
      return `${round((value * 180) / Math.PI)}°`;
    case 'Hz/pixel':
      return `${round(value)} Hz/pixel`;
    case 'fraction':
      return `${round(value * 100)} %`;
    case 's/mm²':
      // b [s/m²] → [s/mm²]
      return `${round(value / 1e6)} s/mm²`;
    default:
      return round(value);
  }
}

/** `value` in console units; arrays element by element; booleans on/off. */
export function formatValue(value: unknown, unit: Unit = 'plain'): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return formatNumber(value, unit);
  if (Array.isArray(value)) {
    if (unit === 'mm3') return `(${value.map((v) => formatNumber(Number(v), 'm')).join(', ')})`;
    return value.map((v) => formatValue(v, unit)).join(', ');
  }
  return String(value);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` whose value differs from `before` (both plain objects), as raw changes. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): RawChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names
    .filter((name) => !same(before[name], after[name]))
    .map((name) => ({ name, from: before[name], to: after[name] }));
}

/** A stored change as the timeline shows it; configuration names are shown as they are. */
export function presentChange(change: RawChange): ActivityChange {
  const field = FIELDS[change.name];
  const unit = field?.unit ?? 'plain';
  return {
    name: change.name,
    label: field?.label ?? change.name,
    from: change.from === undefined ? null : formatValue(change.from, unit),
    to: formatValue(change.to, unit),
  };
}
