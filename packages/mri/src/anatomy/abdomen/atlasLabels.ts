import type { TissueKey } from '../../tissue/types.ts';
import { tissueTable } from '../tissueTable.ts';

/**
 * The abdomen (model 5) and lumbar spine (model 4) built from the SPL Abdominal Atlas (Surgical Planning
 * Laboratory, Brigham and Women's Hospital, 2015; Open Anatomy Project; 3D Slicer License), a label map segmented
 * from CT. Its tissue table and the tissue of every atlas label; the atlas and anything derived from it stay out
 * of git: packages/mri/scripts/build-abdomen.ts derives the label volume into a git-ignored cache.
 *
 * `visceralFat` (alias of fat) marks the fat inside the abdominal cavity and `bowelGas` (alias of air) the gas in
 * the bowel, so breathing moves them with the organs (breathing.ts) while the body wall stays put.
 */
export const ABDOMEN_ATLAS_TISSUES = tissueTable([
  'skin',
  'fat',
  'visceralFat',
  'muscle',
  'corticalBone',
  'vertebralMarrow',
  'marrow',
  'discNucleus',
  'discAnnulus',
  'spinalCord',
  'csf',
  'lung',
  'liver',
  'spleen',
  'pancreas',
  'kidneyCortex',
  'kidneyMedulla',
  'urine',
  'adrenal',
  'bile',
  'bowel',
  'bowelContent',
  'bowelGas',
  'blood',
  'venousBlood',
] as const);

/** The credit every view and export of the atlas abdomen and spine carries (the atlas licence asks for it). */
export const ABDOMEN_ATLAS_NOTICE =
  "Abdomen and lumbar spine derived from the SPL Abdominal Atlas (Surgical Planning Laboratory, Brigham and Women's Hospital, 2015; Open Anatomy Project; 3D Slicer License).";

/** What an atlas structure is, by role: the derivation treats each role differently (cortex, wall, canal…). */
export type AbdomenAtlasRole =
  'vertebra' | 'bone' | 'disc' | 'kidney' | 'stomach' | 'colon' | 'organ' | 'muscle' | 'vessel';

/** An atlas label's role and the tissue it starts as (the derivation refines bones, discs, kidneys, bowel). */
export interface AbdomenAtlasLabel {
  role: AbdomenAtlasRole;
  tissue: TissueKey;
}

const ORGANS: Readonly<Record<string, TissueKey>> = {
  liver: 'liver',
  spleen: 'spleen',
  pancreas: 'pancreas',
  gallbladder: 'bile',
  right_adrenal_gland: 'adrenal',
  left_adrenal_gland: 'adrenal',
  right_renal_pelvis: 'urine',
  left_renal_pelvis: 'urine',
  right_ureter: 'urine',
  left_ureter: 'urine',
};

/**
 * The role and tissue of an atlas structure by its colour-table name, or undefined when the name is not one this
 * model knows (the lookup then refuses the atlas). Bones start as red marrow: adults keep haematopoietic marrow in
 * the axial skeleton (vertebrae, ribs, sacrum, pelvis; Vande Berg et al., Eur Radiol 1998;8:1327); the derivation
 * carves the cortex and the fatty marrow along the vertebral end plates. Discs start as annulus, kidneys as cortex,
 * stomach and bowel as wall (the derivation splits them). Arteries are `blood`, veins `venousBlood`.
 */
export function abdomenAtlasLabel(name: string): AbdomenAtlasLabel | undefined {
  const organ = ORGANS[name];
  if (organ) return { role: 'organ', tissue: organ };
  if (/^(Cervical|Thoracic|Lumbar)\d+$/.test(name)) return { role: 'vertebra', tissue: 'vertebralMarrow' };
  if (/^(Rib\d+|Sacrum|Pelvis|Coccyx|bone)$/.test(name)) return { role: 'bone', tissue: 'vertebralMarrow' };
  if (/IntervertebralDisc$/.test(name)) return { role: 'disc', tissue: 'discAnnulus' };
  if (/^(right|left)_kidney$/.test(name)) return { role: 'kidney', tissue: 'kidneyCortex' };
  if (name === 'stomach_and_duodenum') return { role: 'stomach', tissue: 'bowel' };
  if (name === 'colon_and_ileum') return { role: 'colon', tissue: 'bowel' };
  if (/_muscle$/.test(name)) return { role: 'muscle', tissue: 'muscle' };
  if (/(artery|^aorta$|^celiac_trunk$)/.test(name)) return { role: 'vessel', tissue: 'blood' };
  if (/(vein|vena_cava)/.test(name)) return { role: 'vessel', tissue: 'venousBlood' };
  return undefined;
}

/**
 * Label values that occur in the atlas's `seg.nrrd` without a line in its colour table. Value 699: a few dozen
 * scattered voxels among the lower ribs (between the Rib8–Rib12 labels, both sides): rib bone.
 */
export const ABDOMEN_ATLAS_UNNAMED_LABELS: Readonly<Record<number, AbdomenAtlasLabel>> = {
  699: { role: 'bone', tissue: 'vertebralMarrow' },
};

/**
 * Atlas value → its label (role and tissue) for every value in `values` (those that occur in the label map), from
 * the colour table `names`. Throws naming each value without one, so no structure can silently become background.
 */
export function abdomenAtlasLookup(
  names: ReadonlyMap<number, string>,
  values: Iterable<number>,
): Map<number, AbdomenAtlasLabel> {
  const lookup = new Map<number, AbdomenAtlasLabel>();
  const missing: string[] = [];
  for (const value of values) {
    if (value === 0 || lookup.has(value)) continue;
    const name = names.get(value);
    const label = name === undefined ? ABDOMEN_ATLAS_UNNAMED_LABELS[value] : abdomenAtlasLabel(name);
    if (!label) {
      missing.push(name === undefined ? `${value} (unnamed)` : `${value} ${name}`);
      continue;
    }
    if (!(label.tissue in ABDOMEN_ATLAS_TISSUES.index))
      throw new Error(`tissue ${label.tissue} of abdominal atlas label ${value} is not in the abdomen table`);
    lookup.set(value, label);
  }
  if (missing.length > 0) throw new Error(`abdominal atlas labels without a tissue: ${missing.join(', ')}`);
  return lookup;
}
