import { describe, expect, it } from 'vitest';
import { ARTERIAL_ARRIVAL_S, parkerBloodConcentration } from '@larmor/mri/tissue';
import {
  concentrationCurve,
  doseOf,
  enhancingTissues,
  strongestTissues,
  suggestedDelay,
  testBolus,
  valueAt,
} from './bolus-plan.ts';

describe('the timing-bolus plan', () => {
  it('shows the model’s vessels first, then the tissues that take up contrast (not cortical bone or urine)', () => {
    const { vessels, tissues } = enhancingTissues([
      'fat',
      'blood',
      'liver',
      'urine',
      'corticalBone',
      'spleen',
    ]);
    expect(vessels).toEqual(['blood']);
    expect(tissues).toEqual(['fat', 'liver', 'spleen']);
  });

  it('shows first the tissues that take up the most (liver, then spleen and kidney cortex in the model’s order, before skin)', () => {
    expect(strongestTissues(['skin', 'fat', 'spleen', 'liver', 'kidneyCortex', 'muscle'])).toEqual([
      'liver',
      'spleen',
      'kidneyCortex',
    ]);
  });

  it('samples the aortic curve of the mri kinetics (whole blood = Parker’s AIF after arrival)', () => {
    const dose = doseOf(0.5, 16);
    expect(dose).toBeCloseTo(0.1, 12);
    const curve = concentrationCurve('blood', dose);
    expect(curve.times[1]).toBe(0.5);
    const i = curve.times.indexOf(20);
    expect(curve.values[i]).toBeCloseTo(parkerBloodConcentration(dose, 20 - ARTERIAL_ARRIVAL_S), 9);
  });

  it('a 2 ml test bolus sampled every second peaks in the aorta near 18 s; the delay puts the k-space centre there', () => {
    const run = testBolus(0.5);
    expect(run.times[1]).toBe(1);
    expect(run.peakS).toBeGreaterThan(17);
    expect(run.peakS).toBeLessThan(19.5);
    expect(suggestedDelay(run.peakS, 10)).toBeCloseTo(run.peakS - 10, 1);
    expect(suggestedDelay(run.peakS, 30)).toBe(0);
    expect(suggestedDelay(400, 0)).toBe(120);
  });

  it('reads a curve between its samples', () => {
    const curve = { times: [0, 1, 2], values: [0, 10, 4] };
    expect(valueAt(curve, 0.5)).toBe(5);
    expect(valueAt(curve, 1.5)).toBe(7);
    expect(valueAt(curve, 3)).toBe(0);
  });
});
