/**
 * The reference tissue of each anatomical model: the tissue whose signal the console's relative SNR follows
 * (sequence/derived.ts `relativeSnrPercent`), the one a radiographer would put an SNR region in. Defined here,
 * once, by model id (anatomy/registry.ts), without building or importing any model, so the browser can use it.
 */
import type { TissueKey } from '../tissue/types.ts';

const REFERENCE_TISSUE_BY_MODEL: Readonly<Record<number, TissueKey>> = {
  1: 'whiteMatter', // brain
  2: 'muscle', // knee
  3: 'myocardium', // heart
  4: 'muscle', // spine (paraspinal muscle)
  5: 'liver', // abdomen
  6: 'muscle', // pelvis
  7: 'muscle', // shoulder
  8: 'muscle', // hand
  9: 'muscle', // foot
  10: 'muscle', // whole body
};

/** Used for a model without an entry above. */
export const DEFAULT_REFERENCE_TISSUE: TissueKey = 'muscle';

/** The reference tissue of model `modelId` (white matter for the brain, muscle for the limbs, …). */
export function referenceTissueKey(modelId: number): TissueKey {
  return REFERENCE_TISSUE_BY_MODEL[modelId] ?? DEFAULT_REFERENCE_TISSUE;
}
