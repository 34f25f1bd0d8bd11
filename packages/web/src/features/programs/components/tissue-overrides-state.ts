/**
 * The module form's tissue overrides (pure): one row per tissue as its inputs hold it (strings), their
 * messages, and the API's list. Values are at the module's field strength; T1, T2 and T2* in ms, PD relative to
 * water. Rows without a tissue name are ignored (simulator.md §5: "Tissue edit ignores an empty tissue name").
 */
import type { TissueOverride } from '@larmor/contracts/lab-presets';

export interface TissueOverrideRow {
  /** Stable key of the row while it is edited. */
  id: number;
  tissue: string;
  pd: string;
  t1Ms: string;
  t2Ms: string;
  t2StarMs: string;
}

export type TissueRowField = 'tissue' | 'pd' | 't1Ms' | 't2Ms' | 't2StarMs';
export type TissueRowErrors = Partial<Record<TissueRowField, string>>;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The rows of stored overrides, numbered from 1. */
export function tissueRowsFrom(overrides: readonly TissueOverride[]): TissueOverrideRow[] {
  return overrides.map((o, index) => ({
    id: index + 1,
    tissue: o.tissue,
    pd: text(o.pd),
    t1Ms: String(o.t1Ms),
    t2Ms: String(o.t2Ms),
    t2StarMs: text(o.t2StarMs),
  }));
}

/** An empty row with the next free id. */
export function newTissueRow(rows: readonly TissueOverrideRow[]): TissueOverrideRow {
  const id = rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;
  return { id, tissue: '', pd: '', t1Ms: '', t2Ms: '', t2StarMs: '' };
}

/** A number typed in an input, or undefined for '' and null for what is not a finite number. */
function parsed(value: string): number | undefined | null {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/**
 * Each named row's messages, by row id: T1 and T2 required and positive, PD in (0, 1], T2 ≤ T1, T2* ≤ T2,
 * each tissue once. Rows without a tissue name have none (they are ignored).
 */
export function tissueRowErrors(rows: readonly TissueOverrideRow[]): Map<number, TissueRowErrors> {
  const out = new Map<number, TissueRowErrors>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.tissue.trim() === '') continue;
    const errors: TissueRowErrors = {};
    if (seen.has(row.tissue)) errors.tissue = 'This tissue is overridden already';
    seen.add(row.tissue);
    const [pd, t1, t2, t2star] = [row.pd, row.t1Ms, row.t2Ms, row.t2StarMs].map(parsed);
    for (const [field, value, required] of [
      ['t1Ms', t1, true],
      ['t2Ms', t2, true],
      ['t2StarMs', t2star, false],
      ['pd', pd, false],
    ] as const) {
      if (value === undefined && required) errors[field] = 'This field is required';
      else if (value === null) errors[field] = 'Enter a number';
      else if (value !== undefined && value <= 0) errors[field] = 'Must be positive';
    }
    if (errors.pd === undefined && typeof pd === 'number' && pd > 1) errors.pd = 'At most 1 (pure water)';
    if (errors.t2Ms === undefined && typeof t1 === 'number' && typeof t2 === 'number' && t2 > t1) {
      errors.t2Ms = 'T2 cannot be longer than T1';
    }
    if (
      errors.t2StarMs === undefined &&
      typeof t2 === 'number' &&
      typeof t2star === 'number' &&
      t2star > t2
    ) {
      errors.t2StarMs = 'T2* cannot be longer than T2';
    }
    if (Object.keys(errors).length > 0) out.set(row.id, errors);
  }
  return out;
}

/** The overrides the API takes: named rows only (call after tissueRowErrors found none). */
export function tissueOverridesOf(rows: readonly TissueOverrideRow[]): TissueOverride[] {
  return rows
    .filter((r) => r.tissue.trim() !== '')
    .map((r) => {
      const pd = parsed(r.pd);
      const t2star = parsed(r.t2StarMs);
      return {
        tissue: r.tissue.trim(),
        t1Ms: Number(r.t1Ms),
        t2Ms: Number(r.t2Ms),
        ...(typeof pd === 'number' ? { pd } : {}),
        ...(typeof t2star === 'number' ? { t2StarMs: t2star } : {}),
      };
    });
}
