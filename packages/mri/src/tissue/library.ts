import type { Tesla } from '../units.ts';
import type { TissueDefinition } from './definition.ts';
import { chemicalShiftHz, dephasingRateAtField, t1AtField, t2AtField, t2StarFrom } from './field.ts';
import { BODY_TISSUES } from './library-body.ts';
import { NEURO_TISSUES } from './library-neuro.ts';
import { PATHOLOGY_TISSUES } from './library-pathology.ts';
import type { TissueAtField, TissueKey } from './types.ts';

/** Every tissue the anatomical models use, by key. */
export const TISSUE_LIBRARY: ReadonlyMap<TissueKey, TissueDefinition> = new Map(
  [...NEURO_TISSUES, ...BODY_TISSUES, ...PATHOLOGY_TISSUES].map((t) => [t.key, t]),
);

/** Other spellings and names of library tissues (US spelling, synonyms the models or labs may use). */
export const TISSUE_ALIASES: Readonly<Record<string, TissueKey>> = {
  background: 'air',
  grayMatter: 'greyMatter',
  deepGrayMatter: 'deepGreyMatter',
  deepGreyNuclei: 'deepGreyMatter',
  tumor: 'tumour',
  edema: 'oedema',
  necroticCore: 'necrosis',
  hemorrhage: 'haemorrhage',
  haemosiderin: 'haemorrhage',
  hemosiderin: 'haemorrhage',
  microbleed: 'haemorrhage',
  boneMarrowOedema: 'marrowOedema',
  boneMarrowEdema: 'marrowOedema',
  effusion: 'synovialFluid',
  jointEffusion: 'synovialFluid',
  skull: 'corticalBone',
  bone: 'corticalBone',
  ligament: 'tendon',
  vessel: 'blood',
  vessels: 'blood',
  arterialBlood: 'blood',
  eye: 'vitreous',
  bladder: 'urine',
  infarct: 'infarctedMyocardium',
  redMarrow: 'vertebralMarrow',
  yellowMarrow: 'marrow',
  visceralFat: 'fat',
  bowelGas: 'air',
};

/** The library definition of `key` (or of its alias); throws a RangeError naming an unknown key. */
export function tissueDefinition(key: TissueKey): TissueDefinition {
  const found = TISSUE_LIBRARY.get(key) ?? TISSUE_LIBRARY.get(TISSUE_ALIASES[key] ?? '');
  if (!found) throw new RangeError(`unknown tissue '${key}'`);
  return found;
}

/**
 * Values that replace the library's, e.g. a lab's custom tissue characteristics (simulator spec: tissue
 * characteristics t1, t2), in SI units. A new T2 without a new T2* keeps the tissue's static dephasing R2′.
 */
export type TissueOverrides = Partial<
  Pick<TissueAtField, 'pd' | 't1' | 't2' | 't2star' | 'adc' | 'chemicalShiftPpm' | 'susceptibilityPpm'>
>;

/**
 * The magnetic properties of tissue `key` at main field `b0` [T] (field model in field.ts), with `overrides`
 * applied on top. The returned key is the library's key (aliases resolve), and the off-resonance is the
 * chemical shift at this field (`chemicalShiftHz`).
 */
export function tissueAtField(key: TissueKey, b0: Tesla, overrides: TissueOverrides = {}): TissueAtField {
  if (!(b0 > 0)) throw new RangeError(`main field must be positive, got ${b0} T`);
  const d = tissueDefinition(key);
  const t2Library = t2AtField(d.t2, b0);
  const dephasing = dephasingRateAtField(d.t2, d.t2star, b0);
  const t2 = overrides.t2 ?? t2Library;
  const chemicalShiftPpm = overrides.chemicalShiftPpm ?? d.chemicalShiftPpm;
  return {
    key: d.key,
    pd: overrides.pd ?? d.pd,
    t1: overrides.t1 ?? t1AtField(d.t1, d.t1FieldExponent, b0),
    t2,
    t2star: Math.min(t2, overrides.t2star ?? t2StarFrom(t2, dephasing)),
    chemicalShiftPpm,
    susceptibilityPpm: overrides.susceptibilityPpm ?? d.susceptibilityPpm,
    adc: overrides.adc ?? d.adc,
    offResonanceHz: chemicalShiftHz(chemicalShiftPpm, b0),
  };
}

/**
 * The tissue table of a model at field `b0` [T]: one TissueAtField per key, in order, with a lab's custom
 * values (`custom`, by library key or alias) overriding the library.
 */
export function tissueTableAtField(
  keys: readonly TissueKey[],
  b0: Tesla,
  custom: Readonly<Record<TissueKey, TissueOverrides>> = {},
): TissueAtField[] {
  return keys.map((key) => {
    const own = custom[key] ?? custom[tissueDefinition(key).key] ?? {};
    return tissueAtField(key, b0, own);
  });
}
