/**
 * Display units of protocol parameters (STYLE.md §7: SI inside, the user's preferred unit at the last moment).
 * Time in ms or s and distance in mm or cm follow the session's `time_unit` and `distance_unit` (Preferences);
 * angles show in degrees, phase oversampling in percent.
 */
import type { ParameterKey, ParameterUnit } from '@larmor/mri/sequence';
import { radToDeg } from '@larmor/mri';

export type TimeUnit = 'ms' | 's';
export type DistanceUnit = 'mm' | 'cm';

export interface UnitPreferences {
  time: TimeUnit;
  distance: DistanceUnit;
}

export const DEFAULT_UNITS: UnitPreferences = { time: 'ms', distance: 'mm' };

/** How one parameter is shown: its unit label and the factor from SI (shown = SI × factor). */
export interface DisplayUnit {
  label: string;
  factor: number;
}

const TIME_FACTORS: Record<TimeUnit, number> = { ms: 1000, s: 1 };
const DISTANCE_FACTORS: Record<DistanceUnit, number> = { mm: 1000, cm: 100 };

export function displayUnit(key: ParameterKey, unit: ParameterUnit, prefs: UnitPreferences): DisplayUnit {
  switch (unit) {
    case 's':
      return { label: prefs.time, factor: TIME_FACTORS[prefs.time] };
    case 'm':
      return { label: prefs.distance, factor: DISTANCE_FACTORS[prefs.distance] };
    case 'rad':
      return { label: '°', factor: radToDeg(1) };
    case 'Hz':
      return { label: 'Hz/px', factor: 1 };
    case 'count':
      return { label: '', factor: 1 };
    case 'fraction':
      return key === 'phaseOversampling' ? { label: '%', factor: 100 } : { label: '', factor: 1 };
  }
}

/** Decimals that show a step exactly (0.1 ms → 1, 0.0001 s → 4, 1 → 0). */
export function decimalsOf(step: number): number {
  for (let d = 0; d <= 8; d++) {
    if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d;
  }
  return 8;
}

/** An SI value in a display unit, rounded to the decimals of `stepSi` in that unit. */
export function toDisplay(valueSi: number, stepSi: number, unit: DisplayUnit): number {
  const decimals = decimalsOf(stepSi * unit.factor);
  const shown = valueSi * unit.factor;
  return Number(shown.toFixed(decimals));
}

/** An SI value in a display unit without float noise (0.1 s → 100 ms, not 100.00000000000001). */
export function shownValue(valueSi: number, unit: DisplayUnit): number {
  return Number((valueSi * unit.factor).toPrecision(10));
}

/** A displayed value back in SI. */
export function fromDisplay(shown: number, unit: DisplayUnit): number {
  return shown / unit.factor;
}

/** A duration [s] as a console shows scan time: "01m:23s", or "1h 02m:03s" beyond an hour. */
export function formatScanTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}m:${String(s).padStart(2, '0')}s`;
  return h > 0 ? `${h}h ${mmss}` : mmss;
}

/** A time [s] in the preferred unit with its label: "4.8 ms" or "0.0048 s". */
export function formatTime(seconds: number, prefs: UnitPreferences): string {
  return prefs.time === 'ms' ? `${(seconds * 1000).toFixed(1)} ms` : `${Number(seconds.toFixed(4))} s`;
}

/** A length [m] in the preferred unit with its label: "3.0 mm" or "0.30 cm". */
export function formatLength(meters: number, prefs: UnitPreferences): string {
  return prefs.distance === 'mm' ? `${(meters * 1000).toFixed(1)} mm` : `${(meters * 100).toFixed(2)} cm`;
}

/** A voxel's three sides [m] in the preferred unit: "1.0 × 1.0 × 5.0 mm". */
export function formatVoxel(sides: readonly [number, number, number], prefs: UnitPreferences): string {
  const numbers = sides.map((m) => (prefs.distance === 'mm' ? (m * 1000).toFixed(1) : (m * 100).toFixed(2)));
  return `${numbers.join(' × ')} ${prefs.distance}`;
}
