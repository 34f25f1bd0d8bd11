import { describe, expect, it } from 'vitest';
import {
  ARTERIAL_ARRIVAL_S,
  PARKER_AIF,
  VENOUS_DELAY_S,
  arterialPlasmaConcentration,
  bolusConcentrationCurve,
  bolusEnhancedTissue,
  bolusTissueConcentration,
  exponentialConvolution,
  parkerBloodConcentration,
  scanDelayFor,
  timeToPeak,
  toftsConcentrationCurve,
} from './bolus.ts';
import { HAEMATOCRIT, plasmaConcentration, tissueConcentration, tissueKinetics } from './contrast.ts';
import { tissueAtField } from './library.ts';

const times = (n: number, h: number) => Array.from({ length: n }, (_, i) => i * h);

describe('exponential convolution (exact for inputs linear between samples, 1e-12)', () => {
  it('of a constant: k·(1 − e^(−r·t))/r', () => {
    const h = 0.5;
    const out = exponentialConvolution(new Array<number>(41).fill(1), 0.3, 0.2, h);
    times(41, h).forEach((t, i) => {
      expect(out[i]).toBeCloseTo((0.3 * (1 - Math.exp(-0.2 * t))) / 0.2, 12);
    });
  });

  it('of a ramp x = t: k·(t/r − (1 − e^(−r·t))/r²)', () => {
    const h = 0.25;
    const t = times(81, h);
    const out = exponentialConvolution(t, 2, 0.5, h);
    t.forEach((ti, i) => {
      expect(out[i]).toBeCloseTo(2 * (ti / 0.5 - (1 - Math.exp(-0.5 * ti)) / 0.25), 12);
    });
  });
});

describe('Tofts tissue curve on a sampled plasma curve', () => {
  it('matches the closed form of Tofts & Kermode on the biexponential plasma curve (liver, tumour; 1e-4 relative)', () => {
    const dose = 0.1;
    const h = 0.25;
    const t = times(4 * 600 + 1, h); // 10 min
    const plasma = t.map((ti) => plasmaConcentration(dose, ti));
    for (const key of ['liver', 'tumour', 'muscle']) {
      const curve = toftsConcentrationCurve(plasma, tissueKinetics(key), h);
      for (const i of [40, 240, 1200, 2400]) {
        const exact = tissueConcentration(key, dose, t[i] as number);
        expect(Math.abs((curve[i] as number) - exact) / exact, `${key} at ${t[i]} s`).toBeLessThan(1e-4);
      }
    }
  });
});

describe('Parker arterial input function', () => {
  it('is zero before arrival, scales with dose, and carries A1 + A2 plus the tail in its area (0.5 %)', () => {
    expect(parkerBloodConcentration(0.1, -1)).toBe(0);
    expect(parkerBloodConcentration(0.2, 12)).toBeCloseTo(2 * parkerBloodConcentration(0.1, 12), 12);
    // Area over 0–60 min [mmol·min/l]: the Gaussians' A1 + A2, and the gated tail ≈ α·e^(−β·τ)·(1 − e^(−β·(60−τ)))/β
    // (the sigmoid's width 1/s is short against 1/β; its symmetric error cancels to first order).
    const h = 0.05;
    let area = 0;
    for (let t = 0; t < 3_600; t += h) area += parkerBloodConcentration(0.1, t + h / 2) * (h / 60);
    const p = PARKER_AIF;
    const tail = (p.alpha * Math.exp(-p.beta * p.tau) * (1 - Math.exp(-p.beta * (60 - p.tau)))) / p.beta;
    expect(Math.abs(area - (p.a1 + p.a2 + tail)) / (p.a1 + p.a2 + tail)).toBeLessThan(0.005);
  });

  it('peaks in the aorta near arrival + 0.17 min (first Gaussian) and in plasma 1/(1 − Hct) higher', () => {
    const t = times(241, 0.25);
    const blood = t.map((ti) => parkerBloodConcentration(0.1, ti - ARTERIAL_ARRIVAL_S));
    expect(Math.abs(timeToPeak(t, blood) - (ARTERIAL_ARRIVAL_S + 60 * PARKER_AIF.t1))).toBeLessThan(0.5);
    expect(arterialPlasmaConcentration(0.1, 18)).toBeCloseTo(
      parkerBloodConcentration(0.1, 18 - ARTERIAL_ARRIVAL_S) / (1 - HAEMATOCRIT),
      12,
    );
  });
});

describe('bolus curves of the model’s vessels and tissues', () => {
  const dose = 0.1;

  it('venous blood peaks after arterial blood by more than the venous delay, with the same area (1 %)', () => {
    const arterial = bolusConcentrationCurve('blood', dose, 600);
    const venous = bolusConcentrationCurve('venousBlood', dose, 600);
    const t = times(arterial.values.length, arterial.stepS);
    const delay = timeToPeak(t, Array.from(venous.values)) - timeToPeak(t, Array.from(arterial.values));
    expect(delay).toBeGreaterThan(VENOUS_DELAY_S);
    expect(delay).toBeLessThan(VENOUS_DELAY_S + 12);
    const sum = (v: Float64Array) => v.reduce((a, b) => a + b, 0);
    expect(Math.abs(sum(venous.values) / sum(arterial.values) - 1)).toBeLessThan(0.01);
  });

  it('blood carries (1 − Hct)·Cp: the whole-blood AIF; a tissue without a barrier leak only its plasma share', () => {
    expect(bolusTissueConcentration('blood', dose, 18)).toBeCloseTo(
      parkerBloodConcentration(dose, 18 - ARTERIAL_ARRIVAL_S),
      9,
    );
    const { vp } = tissueKinetics('whiteMatter');
    expect(bolusTissueConcentration('whiteMatter', dose, 30)).toBeCloseTo(
      vp * arterialPlasmaConcentration(dose, 30),
      9,
    );
    expect(bolusTissueConcentration('liver', dose, 0)).toBe(0);
    expect(bolusTissueConcentration('liver', dose, 5)).toBe(0);
  });

  it('shortens blood T1 at the arterial peak and leaves it unchanged before the bolus arrives', () => {
    const blood = tissueAtField('blood', 1.5);
    const settings = { concentrationMmolPerMl: 0.5, volumeMl: 16 };
    const early = bolusEnhancedTissue(blood, { ...settings, secondsAfterInjection: 2 }, 1.5);
    const peak = bolusEnhancedTissue(blood, { ...settings, secondsAfterInjection: 18 }, 1.5);
    expect(early.t1).toBe(blood.t1);
    expect(peak.t1).toBeLessThan(blood.t1 / 10);
  });
});

describe('timing', () => {
  it('the parabola through the highest sample finds a sampled parabola’s vertex exactly', () => {
    const t = times(30, 1);
    expect(
      timeToPeak(
        t,
        t.map((ti) => 5 - (ti - 12.3) ** 2),
      ),
    ).toBeCloseTo(12.3, 12);
    expect(timeToPeak([0, 1, 2], [3, 2, 1])).toBe(0);
  });

  it('the scan delay puts the k-space centre on the peak, never below zero', () => {
    expect(scanDelayFor(18, 10)).toBe(8);
    expect(scanDelayFor(18, 0)).toBe(18);
    expect(scanDelayFor(5, 10)).toBe(0);
  });
});
