/**
 * The timing-bolus tool's pure rules (simulator.md §2; issue 13): which of the model's tissues the curves
 * show, their first-pass concentration curves from @larmor/mri's bolus kinetics (tissue/bolus.ts), a test
 * bolus sampled once a second in the aorta, and the scan delay that puts the centre of k-space on the peak.
 */
import {
  bolusConcentrationCurve,
  scanDelayFor,
  timeToPeak,
  contrastDose,
  tissueKinetics,
} from '@larmor/mri/tissue';

/** How long the curves run after the start of the injection [s]. */
export const CURVE_END_S = 90;
/** The test bolus [ml] (a small dose of the same agent, then the same injection rate; Earls et al. 1996). */
export const TEST_BOLUS_ML = 2;
/** Sampling interval of the test-bolus series [s] (a fast 2D GRE over the aorta, one image a second). */
export const TEST_BOLUS_INTERVAL_S = 1;
/** How long the test-bolus series runs [s]. */
export const TEST_BOLUS_END_S = 45;
/** The vessels among library keys, in the order the curves show them. */
export const VESSELS = ['blood', 'venousBlood'] as const;

/** A curve of one tissue: times [s] and concentration [mmol/l]. */
export interface ConcentrationCurve {
  key: string;
  times: number[];
  values: number[];
}

/** The model's vessels, then its tissues that take up contrast (Ktrans or plasma volume above zero). */
export function enhancingTissues(keys: readonly string[]): { vessels: string[]; tissues: string[] } {
  const vessels = VESSELS.filter((v) => keys.includes(v));
  const tissues = keys.filter((k) => {
    if ((VESSELS as readonly string[]).includes(k)) return false;
    const { ktrans, vp } = tissueKinetics(k);
    return ktrans > 0 || vp > 0;
  });
  return { vessels, tissues };
}

/** The `count` tissues that take up the most contrast (Ktrans, then plasma volume): the curves shown first. */
export function strongestTissues(tissues: readonly string[], count = 3): string[] {
  const uptake = (k: string) => {
    const { ktrans, vp } = tissueKinetics(k);
    return ktrans + vp;
  };
  return [...tissues].sort((a, b) => uptake(b) - uptake(a)).slice(0, count);
}

/** The concentration curve of `key` over 0 … `endS` [s] after a bolus of `dose` [mmol/kg], every `stepS`. */
export function concentrationCurve(key: string, dose: number, endS = CURVE_END_S, stepS = 0.5) {
  const curve = bolusConcentrationCurve(key, dose, endS);
  const every = Math.max(1, Math.round(stepS / curve.stepS));
  const times: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < curve.values.length; i += every) {
    times.push(i * curve.stepS);
    values.push(curve.values[i] as number);
  }
  return { key, times, values };
}

/** The injection's dose [mmol/kg] from the configuration's formulation [mmol/ml] and volume [ml]. */
export const doseOf = (concentrationMmolPerMl: number, volumeMl: number) =>
  contrastDose(concentrationMmolPerMl, volumeMl);

/**
 * A test-bolus run: `TEST_BOLUS_ML` of the agent, the aortic (arterial blood) concentration sampled every
 * `TEST_BOLUS_INTERVAL_S` [s], and the time to its peak refined between samples [s].
 */
export function testBolus(concentrationMmolPerMl: number) {
  const curve = concentrationCurve(
    'blood',
    doseOf(concentrationMmolPerMl, TEST_BOLUS_ML),
    TEST_BOLUS_END_S,
    TEST_BOLUS_INTERVAL_S,
  );
  return { ...curve, peakS: timeToPeak(curve.times, curve.values) };
}

/** The suggested scan delay [s], to a tenth, within the configuration's range (0–120 s). */
export function suggestedDelay(peakS: number, kSpaceCentreS: number): number {
  return Math.min(120, Math.round(scanDelayFor(peakS, kSpaceCentreS) * 10) / 10);
}

/**
 * Values of `curve` at `t` [s] (linear between samples; 0 outside): what a scan whose k-space centre falls at
 * `t` sees.
 */
export function valueAt(curve: Pick<ConcentrationCurve, 'times' | 'values'>, t: number): number {
  const { times, values } = curve;
  if (times.length === 0 || t < (times[0] as number) || t > (times.at(-1) as number)) return 0;
  let i = 0;
  while (i < times.length - 2 && (times[i + 1] as number) < t) i += 1;
  const t0 = times[i] as number;
  const t1 = times[i + 1] ?? t0;
  const f = t1 === t0 ? 0 : (t - t0) / (t1 - t0);
  return (values[i] as number) * (1 - f) + (values[i + 1] ?? (values[i] as number)) * f;
}
