/**
 * The module form's starting protocols (issue 20.4), pure: per sequence type the author may set where a new
 * sequence starts, in console units (TR, TE, TI in ms, flip angle in degrees; empty: the type's default). Other
 * stored starting parameters (set through the API, such as a phase FOV) are kept as they are. A type the module
 * no longer offers loses its starting protocol, so the module stays valid.
 */
import type { StartingProtocol } from '@larmor/contracts/programs';

export const STARTING_FIELDS = ['repetitionTime', 'echoTime', 'inversionTime', 'flipAngle'] as const;
export type StartingField = (typeof STARTING_FIELDS)[number];

export interface StartingRow {
  sequenceType: number;
  values: Record<StartingField, string>;
  /** Starting parameters the form does not edit, kept as stored (SI units). */
  other: StartingProtocol['parameters'];
}

const MS_PER_S = 1000;
const DEG_PER_RAD = 180 / Math.PI;

/** Console units per SI unit of each field. */
const SCALE: Record<StartingField, number> = {
  repetitionTime: MS_PER_S,
  echoTime: MS_PER_S,
  inversionTime: MS_PER_S,
  flipAngle: DEG_PER_RAD,
};

const EMPTY_VALUES: Record<StartingField, string> = {
  repetitionTime: '',
  echoTime: '',
  inversionTime: '',
  flipAngle: '',
};

/** Rounds a console value for display (0.1 ms, 0.1°). */
const shown = (value: number): string => String(Math.round(value * 10) / 10);

/** The rows of stored starting protocols. */
export function startingRowsFrom(protocols: readonly StartingProtocol[]): StartingRow[] {
  return protocols.map((p) => {
    const values = { ...EMPTY_VALUES };
    const other: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(p.parameters)) {
      if ((STARTING_FIELDS as readonly string[]).includes(key) && typeof value === 'number') {
        values[key as StartingField] = shown(value * SCALE[key as StartingField]);
      } else other[key] = value;
    }
    return { sequenceType: p.sequenceType, values, other: other as StartingProtocol['parameters'] };
  });
}

/** Sets one field of a type's starting protocol (a row is made on first use). */
export function setStartingValue(
  rows: readonly StartingRow[],
  sequenceType: number,
  field: StartingField,
  value: string,
): StartingRow[] {
  const found = rows.some((r) => r.sequenceType === sequenceType);
  const all = found ? rows : [...rows, { sequenceType, values: { ...EMPTY_VALUES }, other: {} }];
  return all.map((r) =>
    r.sequenceType === sequenceType ? { ...r, values: { ...r.values, [field]: value } } : r,
  );
}

/** The rows of the types the module still offers. */
export function keepOffered(rows: readonly StartingRow[], codes: readonly number[]): StartingRow[] {
  return rows.filter((r) => codes.includes(r.sequenceType));
}

const parsed = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** Rows with a value that is not a positive number (TE and flip angle may be 0): their types' codes. */
export function startingRowErrors(rows: readonly StartingRow[]): number[] {
  return rows
    .filter((r) =>
      STARTING_FIELDS.some((field) => {
        const value = parsed(r.values[field]);
        return (
          value !== null && (!Number.isFinite(value) || value < 0 || (value === 0 && field !== 'echoTime'))
        );
      }),
    )
    .map((r) => r.sequenceType);
}

/** The body's `startingProtocols`: SI units; a row that sets nothing is left out. */
export function startingProtocolsOf(rows: readonly StartingRow[]): StartingProtocol[] {
  return rows.flatMap((r) => {
    const parameters: Record<string, unknown> = { ...r.other };
    for (const field of STARTING_FIELDS) {
      const value = parsed(r.values[field]);
      if (value !== null) parameters[field] = value / SCALE[field];
    }
    return Object.keys(parameters).length === 0
      ? []
      : [{ sequenceType: r.sequenceType, parameters: parameters as StartingProtocol['parameters'] }];
  });
}

/**
 * A reading-only module's `startingProtocols`: one per chosen type, in the order chosen, with what its row sets
 * (nothing: the type's own protocol). Each is a prepared series its sessions show.
 */
export function preparedSeriesOf(codes: readonly number[], rows: readonly StartingRow[]): StartingProtocol[] {
  const set = startingProtocolsOf(rows);
  return codes.map(
    (sequenceType) => set.find((p) => p.sequenceType === sequenceType) ?? { sequenceType, parameters: {} },
  );
}
