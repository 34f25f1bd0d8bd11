import { describe, expect, it } from 'vitest';
import {
  GADOBUTROL,
  GADOPENTETATE,
  contrastAgentFor,
  contrastDose,
  contrastEnhancedTissue,
  plasmaConcentration,
  relaxivitiesAtField,
  tissueConcentration,
  withContrast,
} from './contrast.ts';
import { tissueAtField } from './library.ts';

describe('gadolinium contrast', () => {
  it('dose is concentration × volume / 80 kg (15 ml of 1 mmol/ml → 0.1875 mmol/kg)', () => {
    expect(contrastDose(1, 15)).toBeCloseTo(0.1875, 12);
    expect(contrastDose(0.5, 16)).toBeCloseTo(0.1, 12);
  });

  it('picks gadobutrol for 1 mmol/ml and gadopentetate for 0.5 mmol/ml', () => {
    expect(contrastAgentFor(1)).toBe(GADOBUTROL);
    expect(contrastAgentFor(0.5)).toBe(GADOPENTETATE);
  });

  it('uses the Rohrer 2005 relaxivities at 1.5 T and 3 T and the 1.5 T value below it', () => {
    expect(relaxivitiesAtField(GADOBUTROL, 1.5)).toEqual({ r1: 5.2, r2: 6.1 });
    expect(relaxivitiesAtField(GADOBUTROL, 3).r1).toBeCloseTo(5.0, 12);
    expect(relaxivitiesAtField(GADOBUTROL, 0.55)).toEqual({ r1: 5.2, r2: 6.1 });
  });

  it('plasma concentration follows Tofts–Kermode: 0.1 mmol/kg gives 0.647 mM at 5 min (±1e-3)', () => {
    expect(plasmaConcentration(0.1, 300)).toBeCloseTo(
      0.1 * (3.99 * Math.exp(-0.72) + 4.78 * Math.exp(-0.0555)),
      12,
    );
    expect(Math.abs(plasmaConcentration(0.1, 300) - 0.647)).toBeLessThan(1e-3);
    expect(plasmaConcentration(0.1, 1200)).toBeLessThan(plasmaConcentration(0.1, 60));
  });

  it('1/T1 grows by r1·C (fast exchange, ±1e-12)', () => {
    const wm = tissueAtField('whiteMatter', 1.5);
    const enhanced = withContrast(wm, 0.5, GADOBUTROL, 1.5);
    expect(1 / enhanced.t1 - 1 / wm.t1).toBeCloseTo(5.2 * 0.5, 12);
    expect(1 / enhanced.t2 - 1 / wm.t2).toBeCloseTo(6.1 * 0.5, 12);
  });

  it('an intact blood–brain barrier keeps brain enhancement to its plasma volume; tumour enhances more', () => {
    const dose = 0.1;
    const t = 5 * 60;
    expect(tissueConcentration('whiteMatter', dose, t)).toBeCloseTo(
      0.02 * 0.58 * plasmaConcentration(dose, t),
      12,
    );
    expect(tissueConcentration('tumour', dose, t)).toBeGreaterThan(
      5 * tissueConcentration('whiteMatter', dose, t),
    );
    expect(tissueConcentration('csf', dose, t)).toBe(0);
  });

  it('the Tofts closed form matches a numerical convolution of the plasma curve (±1e-4 mM)', () => {
    const dose = 0.1;
    const ktrans = 0.1;
    const ve = 0.3;
    const vp = 0.05;
    const minutes = 10;
    const steps = 20000;
    const dt = minutes / steps;
    let integral = 0;
    for (let i = 0; i < steps; i++) {
      const tau = (i + 0.5) * dt;
      integral += plasmaConcentration(dose, tau * 60) * Math.exp((-ktrans / ve) * (minutes - tau)) * dt;
    }
    const expected = vp * plasmaConcentration(dose, minutes * 60) + ktrans * integral;
    expect(Math.abs(tissueConcentration('tumour', dose, minutes * 60) - expected)).toBeLessThan(1e-4);
  });

  it('late enhancement: infarcted myocardium holds more agent than healthy myocardium at 10 min', () => {
    const settings = { concentrationMmolPerMl: 0.5, volumeMl: 16, timeAfterContrast: 600 };
    const healthy = contrastEnhancedTissue(tissueAtField('myocardium', 1.5), settings, 1.5);
    const scar = contrastEnhancedTissue(tissueAtField('infarctedMyocardium', 1.5), settings, 1.5);
    expect(scar.t1).toBeLessThan(healthy.t1);
  });
});
