/**
 * `@larmor/mri/anatomy`: the anatomical models — the registry and catalogue (`buildModel`, `modelInfo`), their
 * conditions, coils, tissue lists and labels, the brain's label asset, reformatting and inspection of a model.
 */
export type * from './types.ts';
export * from './registry.ts';
export * from './catalogue.ts';
export * from './conditions.ts';
export * from './coils.ts';
export * from './modelCoils.ts';
export * from './modelSnr.ts';
export * from './labelAsset.ts';
export * from './labelsOnPlane.ts';
export * from './resample.ts';
export * from './inspect.ts';
export * from './referenceTissue.ts';
export { BODY_TISSUES } from './body/tissues.ts';
export { BRAIN_BASE_TISSUES, BRAIN_CONDITION_TISSUES } from './brain/tissues.ts';
export { AIR_SPACE_BOXES_MNI_MM, AIR_WALL_MM } from './brain/airSpaces.ts';
export { TUMOUR_CENTRE, TUMOUR_HAEMORRHAGE_FOCI } from './brain/tumour.ts';
export type { HaemorrhageFocus } from './brain/tumourHaemorrhage.ts';
export { FOOT_TISSUES } from './procedural/foot.ts';
export { HAND_TISSUES } from './procedural/hand.ts';
export { KNEE_TISSUES } from './procedural/knee.ts';
export { KNEE_ATLAS_NOTICE, KNEE_ATLAS_TISSUES } from './knee/atlasLabels.ts';
export { ABDOMEN_ATLAS_NOTICE, ABDOMEN_ATLAS_TISSUES } from './abdomen/atlasLabels.ts';
export { KNEE_PATHOLOGY_TISSUES, kneeTissuesWithPathology } from './knee/pathology.ts';
export { SHOULDER_TISSUES } from './procedural/shoulder.ts';
