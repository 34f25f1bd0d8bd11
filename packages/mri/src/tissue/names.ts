/**
 * Tissues in the words a student reads (feedback, hints, tissue pages): never a library key such as
 * `whiteMatter`. Every key of the library (library.ts) has a name here; an alias resolves to its key's name.
 */
import { TISSUE_ALIASES } from './library.ts';
import type { TissueKey } from './types.ts';

/** The name of each library tissue, lower case as it reads inside a sentence (acronyms kept). */
export const TISSUE_NAMES: Readonly<Record<string, string>> = {
  air: 'air',
  csf: 'CSF',
  greyMatter: 'grey matter',
  whiteMatter: 'white matter',
  deepGreyMatter: 'deep grey matter',
  skin: 'skin',
  fat: 'fat',
  corticalBone: 'cortical bone',
  marrow: 'bone marrow',
  blood: 'blood',
  venousBlood: 'venous blood',
  bile: 'bile',
  bowelContent: 'bowel content',
  adrenal: 'adrenal gland',
  vitreous: 'vitreous humour',
  lens: 'lens',
  spinalCord: 'spinal cord',
  msLesion: 'MS lesion',
  tumour: 'tumour',
  oedema: 'oedema',
  necrosis: 'necrotic tumour core',
  haemorrhage: 'haemorrhage',
  marrowOedema: 'bone-marrow oedema',
  muscle: 'muscle',
  vertebralMarrow: 'vertebral marrow',
  cartilage: 'cartilage',
  synovialFluid: 'joint fluid',
  tendon: 'tendon',
  meniscus: 'meniscus',
  nerve: 'nerve',
  liver: 'liver',
  kidneyCortex: 'kidney cortex',
  kidneyMedulla: 'kidney medulla',
  spleen: 'spleen',
  pancreas: 'pancreas',
  prostate: 'prostate',
  urine: 'urine',
  bowel: 'bowel',
  myocardium: 'myocardium',
  infarctedMyocardium: 'infarcted myocardium',
  lung: 'lung',
  discNucleus: 'disc nucleus',
  discAnnulus: 'disc annulus',
};

/**
 * A tissue key (or alias) in words, `whiteMatter` → `white matter`. A key the table lacks (a module's custom
 * tissue) is split at its capitals, so no camelCase name reaches a reader.
 */
export function tissueName(key: TissueKey): string {
  const own = TISSUE_NAMES[key] ?? TISSUE_NAMES[TISSUE_ALIASES[key] ?? ''];
  if (own !== undefined) return own;
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** `tissueName` with its first letter in capitals, for the start of a sentence. */
export function tissueNameCapitalised(key: TissueKey): string {
  const name = tissueName(key);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
