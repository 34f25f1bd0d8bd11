import type { Seconds, Tesla } from '../units.ts';
import { HAEMATOCRIT, tissueKinetics, withInjection, type TissueKinetics } from './contrast.ts';
import { tissueDefinition } from './library.ts';
import type { TissueAtField, TissueKey } from './types.ts';

/**
 * The first pass of a gadolinium bolus (timing-bolus tool, issue 13): the population arterial input function
 * of Parker et al. (MRM 2006;56:993, two Gaussians and a sigmoid-gated exponential, whole blood, 0.1 mmol/kg),
 * scaled by dose and shifted by the arm-to-artery circulation time; a venous curve later and dispersed; and
 * tissue curves from the extended Tofts model (Tofts et al., JMRI 1999;10:223) convolved numerically with
 * the arterial plasma curve. Concentrations [mmol/l], times [s] from the start of the injection.
 */

/** Parker's population AIF [mmol·min, min, mmol/l, 1/min] at 0.1 mmol/kg (Parker 2006, Table 1). */
export const PARKER_AIF = {
  a1: 0.809,
  a2: 0.33,
  t1: 0.17046,
  t2: 0.365,
  sigma1: 0.0563,
  sigma2: 0.132,
  alpha: 1.05,
  beta: 0.1685,
  s: 38.078,
  tau: 0.483,
  doseMmolPerKg: 0.1,
} as const;

/**
 * Time from the start of an antecubital injection to the bolus's arrival in the aorta [s] (Parker's curve
 * starts rising here): typical arm-to-aorta circulation times are 8–12 s at 2–4 ml/s (Earls et al.,
 * Radiology 1996;201:705), so the aortic peak falls near 18 s.
 */
export const ARTERIAL_ARRIVAL_S = 8;
/** Extra delay of the venous return (portal and systemic veins) after the artery [s]. */
export const VENOUS_DELAY_S = 10;
/** Time constant of the exponential dispersion of the venous curve [s] (a normalised e^(−t/τ) kernel). */
export const VENOUS_DISPERSION_S = 6;

/** Step of the numerical convolutions [s]. */
const STEP_S = 0.25;

/** Parker's whole-blood concentration `t` [s] after arrival for a dose [mmol/kg] (0 before arrival) [mmol/l]. */
export function parkerBloodConcentration(dose: number, t: Seconds): number {
  if (t < 0) return 0;
  const p = PARKER_AIF;
  const m = t / 60;
  const gauss = (a: number, centre: number, sigma: number) =>
    (a / (sigma * Math.sqrt(2 * Math.PI))) * Math.exp(-((m - centre) ** 2) / (2 * sigma ** 2));
  const tail = (p.alpha * Math.exp(-p.beta * m)) / (1 + Math.exp(-p.s * (m - p.tau)));
  return (dose / p.doseMmolPerKg) * (gauss(p.a1, p.t1, p.sigma1) + gauss(p.a2, p.t2, p.sigma2) + tail);
}

/** Arterial plasma concentration `t` [s] after the start of the injection [mmol/l] (blood / (1 − Hct)). */
export function arterialPlasmaConcentration(dose: number, t: Seconds): number {
  return parkerBloodConcentration(dose, t - ARTERIAL_ARRIVAL_S) / (1 - HAEMATOCRIT);
}

/** Samples of `f` at 0, STEP_S, … up to `endS` (inclusive). */
function sampled(endS: Seconds, f: (t: Seconds) => number): Float64Array {
  const n = Math.max(1, Math.ceil(endS / STEP_S)) + 1;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = f(i * STEP_S);
  return out;
}

/**
 * ∫₀ᵗ input(u)·k·e^(−rate·(t−u)) du on the sampled grid (step `STEP_S`, `rate` [1/s]), exact for an input
 * linear between samples: y[i+1] = y[i]·e^(−rate·h) + k·(w0·x[i] + w1·x[i+1]).
 */
export function exponentialConvolution(
  input: ArrayLike<number>,
  k: number,
  rate: number,
  h: Seconds = STEP_S,
): Float64Array {
  const out = new Float64Array(input.length);
  const e = Math.exp(-rate * h);
  // Weights of the linear interpolant's two end samples under the kernel over one step.
  const w1 = rate * h < 1e-8 ? h / 2 : (rate * h - 1 + e) / (rate * rate * h);
  const w0 = rate * h < 1e-8 ? h / 2 : (1 - e) / rate - w1;
  for (let i = 1; i < input.length; i++) {
    out[i] = (out[i - 1] as number) * e + k * (w0 * (input[i - 1] as number) + w1 * (input[i] as number));
  }
  return out;
}

/** The venous plasma curve: the arterial one VENOUS_DELAY_S later, dispersed by e^(−t/τ)/τ [mmol/l]. */
function venousPlasma(arterial: Float64Array): Float64Array {
  const shift = Math.round(VENOUS_DELAY_S / STEP_S);
  const delayed = new Float64Array(arterial.length);
  for (let i = shift; i < arterial.length; i++) delayed[i] = arterial[i - shift] as number;
  return exponentialConvolution(delayed, 1 / VENOUS_DISPERSION_S, 1 / VENOUS_DISPERSION_S);
}

/**
 * Extended Tofts on a sampled plasma curve (step `stepS` [s]): Ct = vp·Cp + Ktrans·(Cp ⊛ e^(−kep·t)), with
 * Ktrans and kep = Ktrans/ve in 1/min converted to 1/s [mmol/l].
 */
export function toftsConcentrationCurve(
  plasma: ArrayLike<number>,
  kinetics: TissueKinetics,
  stepS: Seconds = STEP_S,
): Float64Array {
  const { ktrans, ve, vp } = kinetics;
  const out = new Float64Array(plasma.length);
  if (ktrans > 0 && ve > 0) out.set(exponentialConvolution(plasma, ktrans / 60, ktrans / ve / 60, stepS));
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + vp * (plasma[i] as number);
  return out;
}

/** Whether a tissue's plasma is venous (it is fed after the capillaries: venous blood). */
const isVenous = (key: TissueKey) => tissueDefinition(key).key === 'venousBlood';

/**
 * The concentration in tissue `key` [mmol/l] at 0, 0.25, … `endS` [s] after the start of a bolus of `dose`
 * [mmol/kg]: blood follows the arterial curve, venous blood the venous one, other tissues the Tofts model
 * on the arterial plasma curve (their kinetics from contrast.ts).
 */
export function bolusConcentrationCurve(
  key: TissueKey,
  dose: number,
  endS: Seconds,
): { stepS: Seconds; values: Float64Array } {
  const arterial = sampled(endS, (t) => arterialPlasmaConcentration(dose, t));
  const plasma = isVenous(key) ? venousPlasma(arterial) : arterial;
  return { stepS: STEP_S, values: toftsConcentrationCurve(plasma, tissueKinetics(key)) };
}

/** The concentration in tissue `key` [mmol/l] `t` [s] after the start of a bolus of `dose` [mmol/kg]. */
export function bolusTissueConcentration(key: TissueKey, dose: number, t: Seconds): number {
  if (t <= 0) return 0;
  const { values } = bolusConcentrationCurve(key, dose, t);
  // The grid ends at or just past t: interpolate between its last two samples.
  const i = Math.min(Math.floor(t / STEP_S), values.length - 2);
  const f = t / STEP_S - i;
  return (values[i] as number) * (1 - f) + (values[i + 1] as number) * f;
}

/** Time of the highest sample [s] refined by the parabola through it and its neighbours (test-bolus peak). */
export function timeToPeak(times: readonly Seconds[], values: readonly number[]): Seconds {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] as number) > (values[best] as number)) best = i;
  const t = times[best] as number;
  if (best === 0 || best === values.length - 1) return t;
  const [a, b, c] = [values[best - 1], values[best], values[best + 1]] as [number, number, number];
  const denominator = a - 2 * b + c;
  if (denominator === 0) return t;
  const h = (times[best + 1] as number) - t;
  return t + (h * (a - c)) / (2 * denominator);
}

/**
 * The scan delay [s] that puts the centre of k-space on the arterial peak: test-bolus time to peak minus the
 * time from the scan's start to its k-space centre (half the scan for linear order, ~0 for centric), never
 * negative (Earls et al. 1996).
 */
export function scanDelayFor(peakS: Seconds, kSpaceCentreS: Seconds): Seconds {
  return Math.max(0, peakS - kSpaceCentreS);
}

/** A bolus-timed scan's contrast: formulation [mmol/ml], volume [ml], time after the start of injection [s]. */
export interface BolusSettings {
  concentrationMmolPerMl: number;
  volumeMl: number;
  secondsAfterInjection: Seconds;
}

/** `tissue` during a bolus-timed scan at field `b0` [T] (first-pass concentration, then withContrast). */
export function bolusEnhancedTissue(
  tissue: TissueAtField,
  settings: BolusSettings,
  b0: Tesla,
): TissueAtField {
  return withInjection(tissue, settings, b0, (dose) =>
    bolusTissueConcentration(tissue.key, dose, settings.secondsAfterInjection),
  );
}
