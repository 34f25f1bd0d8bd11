import { tissueTable } from '../tissueTable.ts';

/** One tissue table for every model cut from the procedural body (trunk, whole body). */
export const BODY_TISSUES = tissueTable([
  'skin',
  'fat',
  'muscle',
  'corticalBone',
  'marrow',
  'vertebralMarrow',
  'cartilage',
  'tendon',
  'discNucleus',
  'discAnnulus',
  'spinalCord',
  'csf',
  'lung',
  'myocardium',
  'blood',
  'infarct',
  'liver',
  'spleen',
  'kidneyCortex',
  'kidneyMedulla',
  'pancreas',
  'bowel',
  'urine',
  'prostate',
  'greyMatter',
  'whiteMatter',
] as const);

export const B = BODY_TISSUES.index;
