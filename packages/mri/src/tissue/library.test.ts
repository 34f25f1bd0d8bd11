import { describe, expect, it } from 'vitest';
import { GYROMAGNETIC_RATIO_HZ_PER_T, SCANNER_FIELD_STRENGTHS_T } from '../constants.ts';
import { TISSUE_LIBRARY, tissueAtField, tissueDefinition, tissueTableAtField } from './library.ts';

/** Tissues the issue names for the models (brain, body, MSK, heart, conditions). */
const REQUIRED = [
  'air',
  'csf',
  'greyMatter',
  'whiteMatter',
  'deepGreyMatter',
  'fat',
  'corticalBone',
  'marrow',
  'muscle',
  'skin',
  'blood',
  'vitreous',
  'lens',
  'cartilage',
  'synovialFluid',
  'tendon',
  'liver',
  'kidneyCortex',
  'kidneyMedulla',
  'spleen',
  'pancreas',
  'prostate',
  'urine',
  'bowel',
  'myocardium',
  'lung',
  'discNucleus',
  'discAnnulus',
  'spinalCord',
  'msLesion',
  'tumour',
  'oedema',
  'infarctedMyocardium',
];

describe('tissue library', () => {
  it('has every tissue the models use, each with a named source', () => {
    for (const key of REQUIRED) {
      expect(TISSUE_LIBRARY.has(key), key).toBe(true);
      expect(tissueDefinition(key).sources.length, key).toBeGreaterThan(10);
    }
  });

  it('gives finite, physical values at every scanner field (0 ≤ PD ≤ 1, T2* ≤ T2 < T1)', () => {
    for (const key of TISSUE_LIBRARY.keys()) {
      for (const b0 of SCANNER_FIELD_STRENGTHS_T) {
        const t = tissueAtField(key, b0);
        expect(t.pd, key).toBeGreaterThanOrEqual(0);
        expect(t.pd, key).toBeLessThanOrEqual(1);
        expect(t.t2star, key).toBeGreaterThan(0);
        expect(t.t2star, key).toBeLessThanOrEqual(t.t2);
        expect(t.t2, key).toBeLessThan(t.t1);
        expect(Number.isFinite(t.adc) && t.adc >= 0, key).toBe(true);
      }
    }
  });

  it('returns the measured values at 1.5 T and 3 T (white matter, Rooney 2007 / Gach 2008 / Peters 2007, ±1e-12 s)', () => {
    const at3 = tissueAtField('whiteMatter', 3);
    expect(at3.t1).toBeCloseTo(0.838, 12);
    expect(at3.t2).toBeCloseTo(0.069, 12);
    expect(at3.t2star).toBeCloseTo(0.0532, 12);
    const at15 = tissueAtField('whiteMatter', 1.5);
    expect(at15.t1).toBeCloseTo(0.681, 12);
    expect(at15.t2star).toBeCloseTo(0.0662, 12);
  });

  it('scales T1 below 1.5 T as (γ̄B0)^B with the tissue exponent (white matter B 0.382, ±1e-12 s)', () => {
    for (const b0 of [0.25, 0.31, 0.4, 0.55]) {
      expect(tissueAtField('whiteMatter', b0).t1).toBeCloseTo(0.681 * Math.pow(b0 / 1.5, 0.382), 12);
    }
  });

  it('T1 of tissues grows with field while CSF T1 stays put (Rooney 2007)', () => {
    const fields = [...SCANNER_FIELD_STRENGTHS_T];
    const wm = fields.map((b0) => tissueAtField('whiteMatter', b0).t1);
    expect(wm.every((t1, i) => i === 0 || t1 > (wm[i - 1] ?? Infinity))).toBe(true);
    expect(tissueAtField('csf', 0.25).t1).toBeCloseTo(tissueAtField('csf', 1.5).t1, 12);
  });

  it('T2* shortens with field as the static dephasing R2′ grows ∝ B0', () => {
    const [low, mid, at15, at3] = [0.25, 0.55, 1.5, 3].map((b0) => tissueAtField('greyMatter', b0));
    const r2prime = (t: typeof low): number => (t ? 1 / t.t2star - 1 / t.t2 : NaN);
    expect(r2prime(mid) / r2prime(low)).toBeCloseTo(0.55 / 0.25, 9);
    expect(at3?.t2star).toBeLessThan(at15?.t2star ?? 0);
  });

  it('fat resonates at −3.4 ppm: −217 Hz at 1.5 T and −434 Hz at 3 T (±1 Hz)', () => {
    expect(tissueAtField('fat', 1.5).offResonanceHz).toBeCloseTo(
      -3.4e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * 1.5,
      9,
    );
    expect(Math.abs(tissueAtField('fat', 1.5).offResonanceHz + 217)).toBeLessThan(1);
    expect(Math.abs(tissueAtField('fat', 3).offResonanceHz + 434)).toBeLessThan(1);
    expect(tissueAtField('whiteMatter', 3).offResonanceHz).toBe(0);
  });

  it("a lab's custom T1 and T2 override the library; T2* keeps the tissue's static dephasing", () => {
    const library = tissueAtField('greyMatter', 3);
    const custom = tissueAtField('greyMatter', 3, { t1: 1.5, t2: 0.08 });
    expect(custom.t1).toBe(1.5);
    expect(custom.t2).toBe(0.08);
    expect(1 / custom.t2star - 1 / custom.t2).toBeCloseTo(1 / library.t2star - 1 / library.t2, 9);
    expect(custom.pd).toBe(library.pd);
  });

  it('builds a model tissue table in label order with custom values by key', () => {
    const table = tissueTableAtField(['air', 'csf', 'grayMatter'], 1.5, { greyMatter: { t1: 1.3 } });
    expect(table.map((t) => t.key)).toEqual(['air', 'csf', 'greyMatter']);
    expect(table[2]?.t1).toBe(1.3);
  });

  it('resolves aliases (tumor → tumour) and rejects an unknown tissue by name', () => {
    expect(tissueAtField('tumor', 1.5).key).toBe('tumour');
    expect(() => tissueAtField('unobtainium', 1.5)).toThrow(/unknown tissue 'unobtainium'/);
    expect(() => tissueAtField('fat', 0)).toThrow(/main field must be positive/);
  });

  it('gives CSF a T2* of hundreds of ms (Shin et al. 2025: 234.5 ms in the ventricles at 3 T), so it is bright on T2*-weighted GRE', () => {
    expect(tissueAtField('csf', 3).t2star).toBeCloseTo(0.235, 3);
    expect(tissueAtField('csf', 1.5).t2star).toBeGreaterThan(0.4);
    // CSF's static dephasing R2′ is the smallest of the brain tissues (it is free water in a homogeneous field).
    const r2prime = (key: string): number => 1 / tissueAtField(key, 3).t2star - 1 / tissueAtField(key, 3).t2;
    for (const key of ['greyMatter', 'whiteMatter']) expect(r2prime('csf')).toBeLessThan(r2prime(key));
  });
});
