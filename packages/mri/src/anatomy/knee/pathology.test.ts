import { describe, expect, it } from 'vitest';
import { tissueAtField } from '../../tissue/library.ts';
import { buildKneeVolume, KNEE_TISSUES } from '../procedural/knee.ts';
import { labelComponents, sphereMismatch } from '../shapeMetrics.testing.ts';
import type { LabelVolume } from '../types.ts';
import {
  applyKneePathology,
  kneeTissuesWithPathology,
  PROCEDURAL_KNEE_SITES,
  type KneeSites,
} from './pathology.ts';

/** Checks the pathology painted on `base` (the atlas knee's is checked in the server's kneeAsset.test.ts). */
function checkKnee(base: LabelVolume, keys: readonly string[], sites: KneeSites): void {
  const volume = applyKneePathology(base, keys, sites);
  const tissues = kneeTissuesWithPathology(keys);
  const idx = (k: string): number => tissues.indexOf(k);
  const voxelMl = (volume.voxelSize[0] * volume.voxelSize[1] * volume.voxelSize[2]) / 1e-6;
  const changed = { oedema: 0, fluid: 0, wrong: 0 };
  const [oedema, marrow, fluid, fat, muscle] = [
    'marrowOedema',
    'marrow',
    'synovialFluid',
    'fat',
    'muscle',
  ].map(idx);
  for (let p = 0; p < volume.labels.length; p++) {
    const l = volume.labels[p];
    const was = base.labels[p];
    if (l === was) continue;
    // Oedema only replaces marrow; the effusion only fat and muscle of the recess.
    if (l === oedema && was === marrow) changed.oedema++;
    else if (l === fluid && (was === fat || was === muscle)) changed.fluid++;
    else changed.wrong++;
  }
  expect(changed.wrong).toBe(0);
  // Two contusions of a few millilitres (each ≲ (4/3)π·9·13·8 mm³ ≈ 3.9 ml), an effusion of a few ml more
  // fluid in the recess (moderate effusions are 5–20 ml beyond the 1–4 ml of a normal knee).
  expect(changed.oedema * voxelMl).toBeGreaterThan(1);
  expect(changed.oedema * voxelMl).toBeLessThan(8);
  expect(changed.fluid * voxelMl).toBeGreaterThan(2);
  expect(changed.fluid * voxelMl).toBeLessThan(20);
  const contusions = labelComponents(volume, idx('marrowOedema')).filter((c) => c.volume > 0.2e-6);
  expect(contusions.length).toBeGreaterThanOrEqual(2);
  for (const c of contusions.slice(0, 2)) expect(sphereMismatch(volume, c)).toBeGreaterThan(0.2);
  expect(Buffer.compare(applyKneePathology(base, keys, sites).labels, volume.labels)).toBe(0);
}

describe('knee pathology: bone-marrow oedema and a joint effusion', () => {
  it('paints irregular contusions in the marrow and distends the recess of the procedural knee', () => {
    checkKnee(buildKneeVolume(), KNEE_TISSUES.keys, PROCEDURAL_KNEE_SITES);
  }, 60_000);

  it('is bright on STIR with fat nulled and darker than fatty marrow on T1 (closed forms, 1.5 T)', () => {
    const at = (k: string) => tissueAtField(k, 1.5);
    const [oedema, marrow, muscle, fluid] = ['marrowOedema', 'marrow', 'muscle', 'synovialFluid'].map(at);
    if (!oedema || !marrow || !muscle || !fluid) throw new Error('tissue missing');
    // Inversion recovery magnitude PD·|1 − 2e^(−TI/T1) + e^(−TR/T1)|·e^(−TE/T2) (reference/analytic_formulas.md);
    // STIR at the TI that nulls marrow fat, TI = ln 2 · T1 (TR ≫ T1).
    const tr = 4;
    const te = 0.05;
    const ti = Math.LN2 * marrow.t1;
    const stir = (t: typeof oedema): number =>
      t.pd * Math.abs(1 - 2 * Math.exp(-ti / t.t1) + Math.exp(-tr / t.t1)) * Math.exp(-te / t.t2);
    expect(stir(marrow)).toBeLessThan(0.01);
    expect(stir(oedema)).toBeGreaterThan(10 * stir(marrow));
    expect(stir(oedema)).toBeGreaterThan(1.5 * stir(muscle));
    expect(stir(fluid)).toBeGreaterThan(stir(oedema));
    // T1-weighted spin echo PD·(1 − e^(−TR/T1))·e^(−TE/T2), TR 500 ms, TE 12 ms: oedema darker than fatty marrow.
    const t1w = (t: typeof oedema): number => t.pd * (1 - Math.exp(-0.5 / t.t1)) * Math.exp(-0.012 / t.t2);
    expect(t1w(oedema)).toBeLessThan(0.7 * t1w(marrow));
  });
});
