import type { TissueKey } from '../../tissue/types.ts';
import { tissueTable } from '../tissueTable.ts';
import { JOINT_TISSUES } from '../layers.ts';

/**
 * The knee model built from the SPL Knee Atlas (Richolt J, Jakab M, Kikinis R. SPL Knee Atlas. Surgical Planning
 * Laboratory, Brigham and Women's Hospital, 2015; Open Anatomy Project; 3D Slicer License): its tissue table and
 * the tissue of every atlas label. The atlas and anything derived from it stay out of git: the build script
 * (packages/mri/scripts/build-knee.ts) derives the label volume into a git-ignored cache, and this module only
 * names what each label becomes.
 */
export const KNEE_ATLAS_TISSUES = tissueTable([
  ...JOINT_TISSUES,
  'meniscus',
  'blood',
  'venousBlood',
  'nerve',
] as const);

/** The credit every view and export of the atlas knee carries (the atlas licence asks for it). */
export const KNEE_ATLAS_NOTICE =
  "Knee model derived from the SPL Knee Atlas (Richolt J, Jakab M, Kikinis R; Surgical Planning Laboratory, Brigham and Women's Hospital, 2015; Open Anatomy Project; 3D Slicer License).";

/**
 * What each atlas structure (by its name in the atlas colour table `labels.ctbl`) becomes. Bones become marrow
 * here: the atlas does not separate cortex from marrow, and the derivation carves a cortical shell out of them
 * (the distal femur, proximal tibia and fibula and the patella hold fatty yellow marrow in adults: Vande Berg et
 * al., Eur Radiol 1998;8:1327, "Magnetic resonance imaging of normal bone marrow"). Ligaments are tendon-like
 * dense collagen (the library's `tendon`, alias `ligament`); arteries are `blood`, veins `venousBlood`.
 */
export const KNEE_ATLAS_LABEL_TISSUES: Readonly<Record<string, TissueKey>> = {
  infrapatellar_fat_body: 'fat',
  vastus_lateralis_muscle: 'muscle',
  vastus_medialis_muscle: 'muscle',
  biceps_femoris_muscle: 'muscle',
  semimembranosus_muscle: 'muscle',
  semitendinosus_muscle: 'muscle',
  gracilis_muscle: 'muscle',
  sartorius_muscle: 'muscle',
  medial_head_gastrocnemius_muscle: 'muscle',
  lateral_head_gastrocnemius_muscle: 'muscle',
  popliteus_muscle: 'muscle',
  soleus_muscle: 'muscle',
  tibialis_anterior_muscle: 'muscle',
  extensor_digitorum_longus_muscle: 'muscle',
  peroneus_longus_muscle: 'muscle',
  anterior_cruciate_ligament: 'tendon',
  posterior_cruciate_ligament: 'tendon',
  fibular_collateral_ligament: 'tendon',
  tibial_collateral_ligament: 'tendon',
  patellar_ligament: 'tendon',
  adductor_magnus_tendon: 'tendon',
  biceps_femoris_tendon: 'tendon',
  iliotibial_tract: 'tendon',
  popliteus_tendon: 'tendon',
  soleus_tendon: 'tendon',
  semitendinosus_tendon: 'tendon',
  gracilis_tendon: 'tendon',
  peroneus_nerve: 'nerve',
  tibialis_nerve: 'nerve',
  muscular_branches_tibialis_nerve: 'nerve',
  medial_sural_cutaneous_nerve: 'nerve',
  popliteal_artery: 'blood',
  popliteal_vein: 'venousBlood',
  superior_medial_genicular_artery: 'blood',
  superior_lateral_genicular_artery: 'blood',
  middle_genicular_artery: 'blood',
  great_saphenous_vein: 'venousBlood',
  small_saphenous_vein: 'venousBlood',
  lateral_meniscus: 'meniscus',
  medial_meniscus: 'meniscus',
  femoral_cartilage: 'cartilage',
  lateral_tibial_cartilage: 'cartilage',
  medial_tibial_cartilage: 'cartilage',
  patellar_cartilage: 'cartilage',
  femur: 'marrow',
  tibia: 'marrow',
  fibula: 'marrow',
  patella: 'marrow',
};

/**
 * Label values that occur in the atlas's `seg.nrrd` but have no line in its colour table, with what they become.
 * Value 3: about 120 mm³ in the 14 most distal slices, a round structure of about 3 mm beside the great saphenous
 * vein on the medial calf, where the saphenous nerve runs with the vein (Gray's Anatomy, 41st ed., ch. 83).
 */
export const KNEE_ATLAS_UNNAMED_LABELS: Readonly<Record<number, TissueKey>> = { 3: 'nerve' };

/** Atlas labels whose tissue is bone: the derivation gives them a cortical shell around marrow. */
export const KNEE_ATLAS_BONES = ['femur', 'tibia', 'fibula', 'patella'] as const;

/**
 * A lookup table atlas label value → index into `KNEE_ATLAS_TISSUES` (0 for value 0, the background), for every
 * value in `values` (the values that occur in the label map). `names` is the colour table (value → name). Throws
 * naming each value that has no tissue, so no structure of the atlas can silently become background.
 */
export function kneeAtlasLookup(
  names: ReadonlyMap<number, string>,
  values: Iterable<number>,
): Map<number, number> {
  const lookup = new Map<number, number>([[0, 0]]);
  const missing: string[] = [];
  for (const value of values) {
    if (value === 0 || lookup.has(value)) continue;
    const name = names.get(value);
    const key = name === undefined ? KNEE_ATLAS_UNNAMED_LABELS[value] : KNEE_ATLAS_LABEL_TISSUES[name];
    if (key === undefined) {
      missing.push(name === undefined ? `${value} (unnamed)` : `${value} ${name}`);
      continue;
    }
    const index: number | undefined = (KNEE_ATLAS_TISSUES.index as Readonly<Record<string, number>>)[key];
    if (index === undefined)
      throw new Error(`tissue ${key} of knee atlas label ${value} is not in the knee table`);
    lookup.set(value, index);
  }
  if (missing.length > 0) throw new Error(`knee atlas labels without a tissue: ${missing.join(', ')}`);
  return lookup;
}
