import { FAT_WATER_SHIFT_PPM } from '../constants.ts';
import { adcClinical, ms } from './definition.ts';
import type { TissueDefinition } from './definition.ts';

/**
 * Head and neuro tissues, including the brain conditions. Values from reference/tissue_properties.md unless
 * stated: Stanisz et al., MRM 2005;54:507 (T1, T2 at 1.5/3 T); Peters et al., MRI 2007;25:748 (T2*);
 * Rooney et al., MRM 2007;57:308 (CSF T1, field dependence); Gach et al. 2008 / Bottomley et al. 1984 (field
 * exponents); Schenck, Med Phys 1996;23:815 (susceptibility). ADC: typical adult in-vivo values [~]
 * (Helenius et al., Acta Radiol 2002;43:462 for brain; Le Bihan, Radiology 2013 for free water at 37 °C).
 */
export const NEURO_TISSUES: readonly TissueDefinition[] = [
  {
    key: 'air',
    name: 'Air / background',
    pd: 0,
    t1: [ms(1), ms(1)],
    t1FieldExponent: 0,
    t2: [ms(0.1), ms(0.1)],
    t2star: [ms(0.1), ms(0.1)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 9.41,
    adc: 0,
    sources: 'No signal (PD 0). χ air +0.36 ppm vs water −9.05 ppm → Δχ +9.41 (Schenck 1996) [M].',
  },
  {
    key: 'csf',
    name: 'Cerebrospinal fluid',
    pd: 1,
    t1: [ms(4163), ms(4163)],
    t1FieldExponent: 0,
    t2: [ms(1800), ms(1650)],
    // CSF sits in a nearly homogeneous field: ventricular T2* 234.5 ms at 3 T (Shin et al., MRM 2025;94:2057,
    // echo-shifted multi-echo GRE); at 1.5 T the static dephasing R2′ = 1/T2* − 1/T2 = 3.66 s⁻¹ halves (R2′ ∝ B0).
    t2star: [ms(420), ms(235)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(3.0),
    sources:
      'T1 4163 (Rooney 2007, 3 T, field-independent) [V]; T2 1.5 T 1500–2000 [~], 3 T 1650 (MRzero) [V]; ' +
      'T2* 3 T 234.5 ventricular (Shin et al., Magn Reson Med 2025;94:2057, doi:10.1002/mrm.30624) [V], 1.5 T 420 ' +
      'from its R2′ scaled with B0 [~] (BrainWeb/MRzero 57–58 ms are numerical-phantom values); ' +
      'field-independent T1 (Rooney 2007); ADC free water 37 °C.',
  },
  {
    key: 'greyMatter',
    name: 'Grey matter',
    pd: 0.82,
    t1: [ms(998), ms(1607)],
    t1FieldExponent: 0.376,
    t2: [ms(95), ms(99)],
    t2star: [ms(84), ms(66)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0.02,
    adc: adcClinical(0.8),
    sources:
      'T1 in vivo: 3 T 1607 (Rooney 2007) [V], 1.5 T 0.857·1.5^0.376 s = 998 ms (Gach 2008, after Bottomley 1984) ' +
      '[V] (Stanisz 2005 ex vivo 1124/1820 [M]); T2 Stanisz 2005 [M]; T2* Peters 2007 [V]; PD 0.80–0.86 [~]; ' +
      'Δχ small positive (iron) [~]; ADC Helenius 2002 [~].',
  },
  {
    key: 'whiteMatter',
    name: 'White matter',
    pd: 0.72,
    t1: [ms(681), ms(838)],
    t1FieldExponent: 0.382,
    t2: [ms(72), ms(69)],
    t2star: [ms(66.2), ms(53.2)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: -0.03,
    adc: adcClinical(0.7),
    sources:
      'T1 in vivo: 3 T 838 (Rooney 2007) [V], 1.5 T 0.583·1.5^0.382 s = 681 ms (Gach 2008) [V] (Stanisz 2005 ' +
      'ex vivo 884/1084 [M]); T2 Stanisz 2005 [M]; T2* Peters 2007 [V]; PD 0.69–0.77 [~]; ' +
      'Δχ slightly diamagnetic (myelin) [~]; ADC Helenius 2002 [~].',
  },
  {
    key: 'deepGreyMatter',
    name: 'Deep grey nuclei',
    pd: 0.82,
    t1: [ms(850), ms(1250)],
    t1FieldExponent: 0.376,
    t2: [ms(85), ms(70)],
    t2star: [ms(55), ms(35)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0.08,
    adc: adcClinical(0.75),
    sources:
      'Basal ganglia: T1 between white and cortical grey matter, shorter T2/T2* from iron [~] (Wansapura et al., ' +
      'JMRI 1999;9:531; Gelman et al., Radiology 1999;210:759); Δχ +0.05–0.15 ppm from QSM [~]; GM field exponent.',
  },
  {
    key: 'skin',
    name: 'Skin / scalp',
    pd: 0.7,
    t1: [ms(1000), ms(1350)],
    t1FieldExponent: 0.137,
    t2: [ms(40), ms(35)],
    t2star: [ms(25), ms(20)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(1.0),
    sources:
      'No reliable primary source; muscle-like T1 and T2 30–50 ms as tissue_properties.md suggests [~]; ' +
      'exponent 0.137 (Gach 2008 scalp) [V].',
  },
  {
    key: 'fat',
    name: 'Fat (subcutaneous)',
    pd: 0.95,
    t1: [ms(343), ms(382)],
    t1FieldExponent: 0.15,
    t2: [ms(58), ms(68)],
    t2star: [ms(18), ms(11)],
    chemicalShiftPpm: FAT_WATER_SHIFT_PPM,
    susceptibilityPpm: 1.25,
    adc: adcClinical(0.02),
    sources:
      'T1, T2 de Bazelaire et al., Radiology 2004;230:652 (3 T [V], 1.5 T [M]); T2* 3 T 10–11 (MRzero) [V], ' +
      '1.5 T from R2′ ∝ B0 [~]; exponent: weak field dependence [~]; χ fat −7.8 ppm (Schenck 1996) [M]; ' +
      'lipid ADC ≈ 0 [~].',
  },
  {
    key: 'corticalBone',
    name: 'Cortical bone / skull',
    pd: 0.15,
    t1: [ms(200), ms(240)],
    t1FieldExponent: 0.3,
    t2: [ms(0.4), ms(0.4)],
    t2star: [ms(0.4), ms(0.35)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: -2.25,
    adc: adcClinical(0.1),
    sources:
      'UTE literature: T1 140–260 ms, T2/T2* 0.3–0.5 ms, PD 0.15–0.2 (Reichert 2005, Du 2010) [~]; ' +
      'χ −11.3 ppm (Hopkins & Wehrli 1997) [M].',
  },
  {
    key: 'marrow',
    name: 'Fatty (yellow) bone marrow',
    pd: 0.9,
    t1: [ms(370), ms(400)],
    t1FieldExponent: 0.088,
    t2: [ms(55), ms(50)],
    t2star: [ms(15), ms(8)],
    chemicalShiftPpm: FAT_WATER_SHIFT_PPM,
    susceptibilityPpm: 0.8,
    adc: adcClinical(0.05),
    sources:
      'Yellow marrow is ~80 % fat: fat-like T1/T2 [~]; trabecular dephasing shortens T2* [~]; ' +
      'exponent 0.088 (Gach 2008 marrow) [V]; Δχ between fat and bone [~].',
  },
  {
    key: 'blood',
    name: 'Blood (arterial)',
    pd: 0.82,
    t1: [ms(1441), ms(1932)],
    t1FieldExponent: 0.3,
    t2: [ms(290), ms(275)],
    t2star: [ms(200), ms(100)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0.03,
    adc: adcClinical(1.6),
    sources:
      'T1, T2 (oxygenated) Stanisz 2005 [M]; T2* [~]; Δχ = Δχ_do·Hct·(1 − Y) with Δχ_do 3.39 ppm SI ' +
      '(Spees et al., MRM 2001;45:533), Hct 0.42, Y 0.98 [M]; ADC [~].',
  },
  {
    key: 'venousBlood',
    name: 'Blood (venous)',
    pd: 0.82,
    t1: [ms(1441), ms(1932)],
    t1FieldExponent: 0.3,
    t2: [ms(120), ms(45)],
    t2star: [ms(45), ms(20)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0.57,
    adc: adcClinical(1.6),
    sources:
      'T1 as arterial (Hct-dependent, Lu et al., MRM 2004;52:679); T2 at Y ≈ 0.6 much shorter (Lu et al., ' +
      'MRM 2012;67:42) [~]; Δχ 3.39 ppm·0.42·(1 − 0.6) (Spees 2001) [M].',
  },
  {
    key: 'vitreous',
    name: 'Vitreous humour',
    pd: 0.98,
    t1: [ms(3800), ms(4000)],
    t1FieldExponent: 0,
    t2: [ms(1200), ms(1100)],
    t2star: [ms(300), ms(150)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(2.8),
    sources: 'Water-like gel: CSF-like T1, long T2 [~]; field-independent like CSF (Rooney 2007).',
  },
  {
    key: 'lens',
    name: 'Lens',
    pd: 0.65,
    t1: [ms(800), ms(1000)],
    t1FieldExponent: 0.3,
    t2: [ms(20), ms(18)],
    t2star: [ms(15), ms(12)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(0.2),
    sources: 'Protein-rich, ~65 % water: short T2, low PD [~].',
  },
  {
    key: 'spinalCord',
    name: 'Spinal cord',
    pd: 0.75,
    t1: [ms(750), ms(950)],
    t1FieldExponent: 0.382,
    t2: [ms(75), ms(70)],
    t2star: [ms(45), ms(35)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: -0.02,
    adc: adcClinical(1.0),
    sources: 'White-matter-like (Smith et al., MRM 2008;60:213, 3 T) [~]; white-matter field exponent.',
  },
  {
    key: 'msLesion',
    name: 'Multiple sclerosis lesion',
    pd: 0.8,
    t1: [ms(1000), ms(1250)],
    t1FieldExponent: 0.382,
    t2: [ms(120), ms(110)],
    t2star: [ms(75), ms(60)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(1.0),
    sources:
      'Demyelinated white matter: T1 ≈ 1.3–1.5× and T2 ≈ 1.5× normal white matter [~] (Vrenken et al., ' +
      'Radiology 2006;240:811); ADC 0.9–1.2 [~].',
  },
  {
    key: 'tumour',
    name: 'Tumour (glioma)',
    pd: 0.9,
    t1: [ms(1011), ms(1175)],
    t1FieldExponent: 0.217,
    t2: [ms(100), ms(100)],
    t2star: [ms(70), ms(50)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(1.1),
    sources:
      'T1 = 0.926·B0^0.217 s, T2 100 ms (Gach 2008 MR Shepp–Logan "tumor") [V]; T2* [~]; ADC high-grade ' +
      'glioma 1.0–1.2 [~].',
  },
  {
    key: 'oedema',
    name: 'Oedema (vasogenic)',
    pd: 0.88,
    t1: [ms(1200), ms(1500)],
    t1FieldExponent: 0.3,
    t2: [ms(130), ms(120)],
    t2star: [ms(90), ms(70)],
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: adcClinical(1.4),
    sources: 'Water-rich white matter: long T1 and T2, raised ADC 1.2–1.6 [~].',
  },
];
