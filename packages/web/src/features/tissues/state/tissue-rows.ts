/**
 * The tissue-characteristics page's pure rules (simulator.md §2, §3; issue 13): the rows it shows (the server's
 * T1 and T2 [ms] with the library's PD and the T2* those give at the session's field), the validation of an
 * edit, and the relaxation curves with the selected sequence's TR and TE.
 *
 * Curves (Bloch equations after a 90° pulse, full relaxation before it; Haacke et al., "Magnetic Resonance
 * Imaging", 1999, §4.3): longitudinal recovery Mz(t)/M0 = PD·(1 − e^(−t/T1)), transverse decay
 * Mxy(t)/M0 = PD·e^(−t/T2). At t = TR and t = TE they give the two factors of the spin-echo signal
 * PD·(1 − e^(−TR/T1))·e^(−TE/T2), so the next scan's contrast can be read off them.
 */
import { tissueAtField } from '@larmor/mri/tissue';
import type { TissueCharacteristic } from '../api/tissues.ts';

/** The server's limits of an edit [ms] (contracts tissueEditSchema). */
export const T1_MAX_MS = 10_000;
export const T2_MAX_MS = 5_000;

/** One row of the page: times [ms], PD relative to water. */
export interface TissueRow {
  id: string;
  name: string;
  pd: number;
  t1Ms: number;
  t2Ms: number;
  t2StarMs: number;
  overridden: boolean;
}

/** Abbreviations kept in capitals when a key becomes a name. */
const ACRONYMS: Readonly<Record<string, string>> = { csf: 'CSF', ms: 'MS' };

/** A tissue key as a name: `greyMatter` → `Grey matter`, `msLesion` → `MS lesion`. */
export function tissueName(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The rows at field `b0` [T]: tissues without a name are left out; PD is the module's or else the library's,
 * and T2* the module's or else the library's static dephasing R2′ added to the (possibly edited) T2 (mri
 * tissueAtField with the overrides: what the next scan uses).
 */
export function tissueRows(tissues: readonly TissueCharacteristic[], b0: number): TissueRow[] {
  return tissues
    .filter((t) => t.id.trim() !== '')
    .map((t) => {
      const atField = tissueAtField(t.id, b0, {
        t1: t.t1 / 1_000,
        t2: t.t2 / 1_000,
        ...(t.pd === undefined ? {} : { pd: t.pd }),
        ...(t.t2star === undefined ? {} : { t2star: t.t2star / 1_000 }),
      });
      return {
        id: t.id,
        name: tissueName(t.type.trim() === '' ? t.id : t.type),
        pd: atField.pd,
        t1Ms: t.t1,
        t2Ms: t.t2,
        t2StarMs: atField.t2star * 1_000,
        overridden: t.overridden,
      };
    });
}

/** Why an edit of T1 and T2 [ms] cannot be saved, or null when it can. */
export function editError(t1Ms: number | string, t2Ms: number | string): string | null {
  if (typeof t1Ms !== 'number' || !Number.isFinite(t1Ms)) return 'Enter T1 in ms';
  if (typeof t2Ms !== 'number' || !Number.isFinite(t2Ms)) return 'Enter T2 in ms';
  if (t1Ms <= 0 || t2Ms <= 0) return 'T1 and T2 must be positive';
  if (t1Ms > T1_MAX_MS) return `T1 is at most ${T1_MAX_MS} ms`;
  if (t2Ms > T2_MAX_MS) return `T2 is at most ${T2_MAX_MS} ms`;
  if (t2Ms > t1Ms) return 'T2 cannot be longer than T1';
  return null;
}

/** Longitudinal magnetisation recovered `tMs` after a 90° pulse, relative to M0 of water. */
export const t1Recovery = (row: Pick<TissueRow, 'pd' | 't1Ms'>, tMs: number): number =>
  row.pd * (1 - Math.exp(-tMs / row.t1Ms));

/** Transverse magnetisation left `tMs` after a 90° pulse, relative to M0 of water. */
export const t2Decay = (row: Pick<TissueRow, 'pd' | 't2Ms'>, tMs: number): number =>
  row.pd * Math.exp(-tMs / row.t2Ms);

/** Sampled curves: `times` [ms] from 0 to `endMs` and one series per row. */
export interface Curves {
  times: number[];
  series: number[][];
}

const SAMPLES = 200;

/** The middle value of `values` (the upper one of an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The time axis [ms] of a plot: wide enough for the marked time (3×) and for the middle tissue to relax
 * (3 time constants), never beyond five of the longest, so a long-T1 fluid (CSF) does not squeeze the
 * region around TR; zoom by dragging across the plot.
 */
function axisEnd(constantsMs: readonly number[], markMs: number | undefined): number {
  const longest = constantsMs.reduce((max, t) => Math.max(max, t), 0);
  const wanted = Math.max(3 * (markMs ?? 0), 3 * median(constantsMs));
  return Math.max(Math.min(wanted, 5 * longest), 1.2 * (markMs ?? 0), 1);
}

/**
 * `f` of each row sampled over the axis of `axisEnd`, from the rows' time constants (`constantMs`: T1 or T2)
 * and the marked time.
 */
function sample(
  rows: readonly TissueRow[],
  constantMs: keyof Pick<TissueRow, 't1Ms' | 't2Ms'>,
  markMs: number | undefined,
  f: (row: TissueRow, t: number) => number,
): Curves {
  const constants = rows.map((row) => row[constantMs]);
  const endMs = axisEnd(constants, markMs);
  const times = Array.from({ length: SAMPLES + 1 }, (_, i) => (endMs * i) / SAMPLES);
  return { times, series: rows.map((row) => times.map((t) => f(row, t))) };
}

/** T1 recovery of `rows` over the axis of `axisEnd` with TR marked. */
export function recoveryCurves(rows: readonly TissueRow[], trMs: number | undefined): Curves {
  return sample(rows, 't1Ms', trMs, t1Recovery);
}

/** T2 decay of `rows` over the axis of `axisEnd` with TE marked. */
export function decayCurves(rows: readonly TissueRow[], teMs: number | undefined): Curves {
  return sample(rows, 't2Ms', teMs, t2Decay);
}

/**
 * What each tissue gives at the sequence's TR and TE [ms]: the T1 factor, the T2 factor and their product, the
 * spin-echo signal relative to water (the page's table under the curves).
 */
export function signalAt(row: TissueRow, trMs: number, teMs: number) {
  const longitudinal = t1Recovery(row, trMs);
  const transverse = Math.exp(-teMs / row.t2Ms);
  return { longitudinal, transverse, signal: longitudinal * transverse };
}
