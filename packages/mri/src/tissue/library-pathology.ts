import { adcClinical, ms } from './definition.ts';
import type { TissueDefinition } from './definition.ts';

/**
 * Pathology tissues the models add at load time besides the brain's MS lesion, tumour and oedema
 * (library-neuro.ts): the necrotic core of a high-grade tumour, its haemorrhage and the water of bone-marrow oedema. The enhancing
 * rim of a tumour is the library's `tumour` (viable, leaky tumour: its gadolinium uptake follows contrast.ts), its
 * vasogenic oedema `oedema`, a joint effusion `synovialFluid` (Gold et al., AJR 2004;183:343). Flags as in
 * reference/tissue_properties.md: [V] seen in a retrieved source, [M] from the cited paper as recalled, [~]
 * approximate / consensus range.
 */
export const PATHOLOGY_TISSUES: readonly TissueDefinition[] = [
  {
    key: 'necrosis',
    name: 'Necrotic tumour core',
    pd: 0.95,
    t1: [ms(1800), ms(2200)],
    t1FieldExponent: 0.1,
    t2: [ms(200), ms(180)],
    t2star: [ms(120), ms(90)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(2.0),
    sources:
      'Necrotic, cyst-like fluid with debris: T1 and T2 between vasogenic oedema and CSF, T1-dark and T2-bright, ' +
      'not suppressed on FLAIR (Blystad et al., PLoS One 2017;12:e0177135, synthetic MRI of malignant glioma: ' +
      'relaxation times rise from enhancing tumour through oedema to necrosis) [~]; facilitated diffusion, ADC ' +
      '1.8–2.5 (Chang et al., AJNR 2002;23:1369, necrotic glioma vs abscess) [~]; weak field dependence of a ' +
      'fluid [~].',
  },
  {
    // Chronic haemorrhage: haemosiderin (and ferritin) in macrophages, the stage that stays dark on T2 and blooms on
    // a gradient echo for years (Gomori et al., Radiology 1985;157:87; Bradley, Radiology 1993;189:15). High-grade
    // gliomas bleed into the necrotic core and at the rim; on T2*/SWI these are the intratumoural susceptibility
    // signals, dots and fine lines a few mm across (Park et al., AJNR 2009;30:1402).
    key: 'haemorrhage',
    name: 'Haemorrhage (chronic: haemosiderin)',
    pd: 0.8,
    t1: [ms(1000), ms(1250)],
    t1FieldExponent: 0.3,
    t2: [ms(45), ms(20)],
    t2star: [ms(10), ms(5)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 1.5,
    adc: adcClinical(0.7),
    sources:
      'Haemosiderin is insoluble, so it hardly shortens T1: iso- to hypointense on T1 (T1 near that of the ' +
      'tumour) [~]; compartmentalised paramagnetic iron shortens T2 in proportion to B0² (Gomori 1985 [M]): T2 ' +
      '45 ms at 1.5 T, 20 ms at 3 T (1/T2 of 80 ms tissue plus an iron term ×4) [~]; T2* 10/5 ms (R2* 100/200 ' +
      's⁻¹, static dephasing ∝ B0) [~]; Δχ +1.5 ppm SI: packed deoxygenated red cells give 3.39 ppm·Hct (Spees ' +
      'et al., MRM 2001;45:533) [M], ≈ 1.5 ppm at Hct 0.45, and quantitative susceptibility maps of haemorrhage ' +
      'and microbleeds give 0.3–2 ppm (Liu et al., Radiology 2012;262:269: the focus on GRE magnitude grows with TE ' +
      'while its susceptibility does not) [~]; PD 0.8, ADC 0.7 [~].',
  },
  {
    key: 'marrowOedema',
    name: 'Bone-marrow oedema (water)',
    pd: 0.7,
    t1: [ms(950), ms(1150)],
    t1FieldExponent: 0.3,
    t2: [ms(90), ms(80)],
    t2star: [ms(20), ms(12)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0.3,
    adc: adcClinical(1.2),
    sources:
      'The water of oedematous marrow (oedema, haemorrhage, fibrosis in histology: Zanetti et al., Radiology ' +
      '2000;215:835): a water fraction of about 0.5–0.7 in place of yellow marrow fat, water-like T1 near 1 s at ' +
      '1.5 T and T2 80–100 ms (interstitial fluid), so it stays bright on STIR while fat is nulled and dark on T1 [~]; trabecular ' +
      'dephasing as marrow (T2* [~]); ADC 1.0–1.5 (Dietrich et al., Semin Musculoskelet Radiol 2009;13:134) [~].',
  },
];
