import type { Seconds, Tesla } from '../units.ts';
import { measuredFieldFraction } from './field.ts';
import { tissueDefinition } from './library.ts';
import type { TissueAtField, TissueKey } from './types.ts';

/**
 * Gadolinium contrast: dose, plasma and tissue concentration after a bolus, and the relaxation it adds
 * (1/T1′ = 1/T1 + r1·C, 1/T2′ = 1/T2 + r2·C; the fast-exchange limit, Donahue et al., MRM 1994;32:66).
 */

/** Patient weight the simulator assumes [kg] (simulator spec §9: dose = concentration × volume / 80). */
export const PATIENT_WEIGHT_KG = 80;

/** Haematocrit of large vessels (blood concentration = (1 − Hct)·plasma concentration). */
export const HAEMATOCRIT = 0.42;

/** A gadolinium chelate: relaxivities in plasma at 37 °C [l/(mmol·s)] at 1.5 T and 3 T. */
export interface ContrastAgent {
  name: string;
  /** Formulation concentration [mmol/ml]. */
  concentrationMmolPerMl: number;
  r1: readonly [at1p5T: number, at3T: number];
  r2: readonly [at1p5T: number, at3T: number];
}

/** Rohrer et al., Invest Radiol 2005;40:715, plasma at 37 °C (reference/tissue_properties.md) [M]. */
export const GADOBUTROL: ContrastAgent = {
  name: 'gadobutrol',
  concentrationMmolPerMl: 1,
  r1: [5.2, 5.0],
  r2: [6.1, 7.1],
};

/** Rohrer et al. 2005, plasma at 37 °C [M]. */
export const GADOPENTETATE: ContrastAgent = {
  name: 'gadopentetate',
  concentrationMmolPerMl: 0.5,
  r1: [4.1, 3.7],
  r2: [4.6, 5.2],
};

/** Rohrer et al. 2005, plasma at 37 °C [M]. */
export const GADOTERATE: ContrastAgent = {
  name: 'gadoterate',
  concentrationMmolPerMl: 0.5,
  r1: [3.6, 3.5],
  r2: [4.3, 4.9],
};

/** The agent of each formulation the simulator offers (1 or 0.5 mmol/ml, simulator spec §5). */
export function contrastAgentFor(concentrationMmolPerMl: number): ContrastAgent {
  return concentrationMmolPerMl >= 0.75 ? GADOBUTROL : GADOPENTETATE;
}

/**
 * Relaxivities at field `b0` [T] [l/(mmol·s)]: linear between the 1.5 T and 3 T measurements, held at the
 * 1.5 T value below it (small chelates have a flat NMRD profile from ~0.2 T to 1.5 T; Rohrer 2005, Fig. 2).
 */
export function relaxivitiesAtField(agent: ContrastAgent, b0: Tesla): { r1: number; r2: number } {
  const f = measuredFieldFraction(b0);
  return {
    r1: agent.r1[0] * (1 - f) + agent.r1[1] * f,
    r2: agent.r2[0] * (1 - f) + agent.r2[1] * f,
  };
}

/** Dose [mmol/kg] = concentration [mmol/ml] × volume [ml] / 80 kg (simulator spec §9). */
export function contrastDose(concentrationMmolPerMl: number, volumeMl: number): number {
  return (concentrationMmolPerMl * volumeMl) / PATIENT_WEIGHT_KG;
}

/**
 * Biexponential plasma curve Cp = D·(a1·e^(−m1·t) + a2·e^(−m2·t)) after a bolus: amplitudes a [kg/l], decay
 * rates m [1/min] (Tofts & Kermode, MRM 1991;17:357, from Weinmann et al. 1984).
 */
const PLASMA_A1 = 3.99;
const PLASMA_M1 = 0.144;
const PLASMA_A2 = 4.78;
const PLASMA_M2 = 0.0111;

/** Plasma concentration after a bolus of `dose` [mmol/kg], `time` [s] after injection [mmol/l] (PLASMA_*). */
export function plasmaConcentration(dose: number, time: Seconds): number {
  const minutes = time / 60;
  return dose * (PLASMA_A1 * Math.exp(-PLASMA_M1 * minutes) + PLASMA_A2 * Math.exp(-PLASMA_M2 * minutes));
}

/** Tofts-model kinetics of one tissue: transfer constant [1/min], extravascular-extracellular and plasma fractions. */
export interface TissueKinetics {
  ktrans: number;
  ve: number;
  vp: number;
}

/**
 * Kinetic parameters per tissue [~] (typical values of the DCE-MRI literature; Tofts et al., JMRI 1999;10:223).
 * Intact blood–brain barrier: Ktrans 0, only the plasma volume enhances; tumours, scar and most body
 * tissues leak. Tissues not listed do not enhance.
 */
const KINETICS: Readonly<Record<TissueKey, TissueKinetics>> = {
  blood: { ktrans: 0, ve: 0, vp: 1 - HAEMATOCRIT },
  venousBlood: { ktrans: 0, ve: 0, vp: 1 - HAEMATOCRIT },
  greyMatter: { ktrans: 0, ve: 0, vp: 0.04 * (1 - HAEMATOCRIT) },
  deepGreyMatter: { ktrans: 0, ve: 0, vp: 0.035 * (1 - HAEMATOCRIT) },
  whiteMatter: { ktrans: 0, ve: 0, vp: 0.02 * (1 - HAEMATOCRIT) },
  spinalCord: { ktrans: 0, ve: 0, vp: 0.02 * (1 - HAEMATOCRIT) },
  tumour: { ktrans: 0.1, ve: 0.3, vp: 0.05 },
  msLesion: { ktrans: 0.01, ve: 0.25, vp: 0.02 },
  // Vasogenic oedema: plasma water leaks from the tumour's vessels, but the oedematous brain's own barrier holds:
  // it does not enhance: only its plasma volume, diluted by the oedema water to about half that of white matter [~].
  oedema: { ktrans: 0, ve: 0, vp: 0.01 * (1 - HAEMATOCRIT) },
  // Necrosis has no perfused vessels: the agent only seeps in slowly from the rim.
  necrosis: { ktrans: 0.002, ve: 0.8, vp: 0 },
  // Oedematous marrow enhances moderately (hyperaemic, leaky).
  marrowOedema: { ktrans: 0.1, ve: 0.3, vp: 0.03 },
  muscle: { ktrans: 0.1, ve: 0.12, vp: 0.02 },
  skin: { ktrans: 0.1, ve: 0.2, vp: 0.02 },
  fat: { ktrans: 0.02, ve: 0.1, vp: 0.01 },
  marrow: { ktrans: 0.05, ve: 0.1, vp: 0.03 },
  vertebralMarrow: { ktrans: 0.2, ve: 0.2, vp: 0.05 },
  liver: { ktrans: 1, ve: 0.25, vp: 0.1 },
  spleen: { ktrans: 0.5, ve: 0.2, vp: 0.2 },
  kidneyCortex: { ktrans: 0.5, ve: 0.3, vp: 0.2 },
  kidneyMedulla: { ktrans: 0.3, ve: 0.3, vp: 0.1 },
  pancreas: { ktrans: 0.3, ve: 0.25, vp: 0.05 },
  prostate: { ktrans: 0.2, ve: 0.35, vp: 0.03 },
  bowel: { ktrans: 0.3, ve: 0.25, vp: 0.05 },
  myocardium: { ktrans: 0.5, ve: 0.25, vp: 0.07 },
  infarctedMyocardium: { ktrans: 0.2, ve: 0.6, vp: 0.03 },
  lung: { ktrans: 0.3, ve: 0.1, vp: 0.1 },
  cartilage: { ktrans: 0.01, ve: 0.3, vp: 0 },
  synovialFluid: { ktrans: 0.01, ve: 0.9, vp: 0 },
  tendon: { ktrans: 0.02, ve: 0.1, vp: 0.01 },
  meniscus: { ktrans: 0.02, ve: 0.1, vp: 0.01 },
  nerve: { ktrans: 0.01, ve: 0.15, vp: 0.01 },
  discAnnulus: { ktrans: 0.005, ve: 0.3, vp: 0 },
  discNucleus: { ktrans: 0.005, ve: 0.3, vp: 0 },
};

/** The Tofts kinetics of a tissue (by key or alias); non-enhancing tissues get zeros. */
export function tissueKinetics(key: TissueKey): TissueKinetics {
  return KINETICS[tissueDefinition(key).key] ?? { ktrans: 0, ve: 0, vp: 0 };
}

/**
 * Tissue concentration [mmol/l] `time` [s] after a bolus of `dose` [mmol/kg] (extended Tofts model with the
 * biexponential plasma curve, closed form of Tofts & Kermode 1991):
 * Ct = vp·Cp + D·Ktrans·Σ a_i·(e^(−m_i·t) − e^(−kep·t))/(kep − m_i), kep = Ktrans/ve.
 */
export function tissueConcentration(key: TissueKey, dose: number, time: Seconds): number {
  const { ktrans, ve, vp } = tissueKinetics(key);
  const plasma = plasmaConcentration(dose, time);
  if (ktrans === 0 || ve === 0) return vp * plasma;
  const minutes = time / 60;
  const kep = ktrans / ve;
  const term = (a: number, m: number): number =>
    Math.abs(kep - m) < 1e-9
      ? a * minutes * Math.exp(-m * minutes)
      : (a * (Math.exp(-m * minutes) - Math.exp(-kep * minutes))) / (kep - m);
  return vp * plasma + dose * ktrans * (term(PLASMA_A1, PLASMA_M1) + term(PLASMA_A2, PLASMA_M2));
}

/** The simulator's contrast settings (simulator spec §5): formulation, volume, time after injection. */
export interface ContrastSettings {
  /** [mmol/ml]: 1 or 0.5. */
  concentrationMmolPerMl: number;
  /** Injected volume [ml] (1–30). */
  volumeMl: number;
  /** Time after injection [s] (1–20 min). */
  timeAfterContrast: Seconds;
}

/**
 * A tissue with contrast agent at concentration `concentration` [mmol/l]: R1 += r1·C, R2 += r2·C, and R2*
 * grows by the same r2·C (Donahue et al. 1994; susceptibility effects of the bolus are not modelled).
 */
export function withContrast(
  tissue: TissueAtField,
  concentration: number,
  agent: ContrastAgent,
  b0: Tesla,
): TissueAtField {
  if (concentration <= 0) return tissue;
  const { r1, r2 } = relaxivitiesAtField(agent, b0);
  return {
    ...tissue,
    t1: 1 / (1 / tissue.t1 + r1 * concentration),
    t2: 1 / (1 / tissue.t2 + r2 * concentration),
    t2star: 1 / (1 / tissue.t2star + r2 * concentration),
  };
}

/** `tissue` as the simulator's contrast settings leave it at field `b0` [T]. */
export function contrastEnhancedTissue(
  tissue: TissueAtField,
  settings: ContrastSettings,
  b0: Tesla,
): TissueAtField {
  return withInjection(tissue, settings, b0, (dose) =>
    tissueConcentration(tissue.key, dose, settings.timeAfterContrast),
  );
}

/**
 * `tissue` at field `b0` [T] after an injection of `volumeMl` [ml] of agent at `concentrationMmolPerMl`
 * [mmol/ml], holding the concentration [mmol/l] that `concentrationOf` gives for the injected dose [mmol/kg].
 */
export function withInjection(
  tissue: TissueAtField,
  injection: { concentrationMmolPerMl: number; volumeMl: number },
  b0: Tesla,
  concentrationOf: (dose: number) => number,
): TissueAtField {
  const dose = contrastDose(injection.concentrationMmolPerMl, injection.volumeMl);
  return withContrast(tissue, concentrationOf(dose), contrastAgentFor(injection.concentrationMmolPerMl), b0);
}
