import type { TissueKey } from '../tissue/types.ts';

/**
 * A model's tissue table: label index → tissue key, with index 0 always 'air' (background, never simulated).
 * `index` maps each key of the table to its label.
 */
export interface TissueTable<K extends TissueKey> {
  keys: readonly TissueKey[];
  index: Readonly<Record<K, number>>;
}

/** Builds a tissue table from keys (without 'air', which is prepended as label 0). Labels fit in a byte. */
export function tissueTable<K extends TissueKey>(keys: readonly K[]): TissueTable<K | 'air'> {
  const all: (K | 'air')[] = ['air', ...keys.filter((k) => k !== 'air')];
  if (all.length > 255) throw new RangeError('a label volume holds at most 255 tissues');
  const index = Object.fromEntries(all.map((k, i) => [k, i])) as Record<K | 'air', number>;
  return { keys: all, index };
}
