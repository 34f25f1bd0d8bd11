import { tissueTable } from '../tissueTable.ts';

/** Tissues of the shipped Colin27 label volume, in label order (label 0 is air). */
export const BRAIN_BASE_TISSUES = tissueTable([
  'skin',
  'fat',
  'muscle',
  'corticalBone',
  'marrow',
  'csf',
  'greyMatter',
  'whiteMatter',
  'deepGreyMatter',
  'venousBlood',
  'blood',
  'vitreous',
  'lens',
] as const);

/**
 * Tissues the brain conditions add at load time, after the base tissues (`tumour` is the enhancing rim,
 * `haemorrhage` the tumour's bleeds).
 */
export const BRAIN_CONDITION_TISSUES = ['msLesion', 'tumour', 'oedema', 'necrosis', 'haemorrhage'] as const;
