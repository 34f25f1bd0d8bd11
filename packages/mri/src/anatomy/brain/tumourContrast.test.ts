import { describe, expect, it } from 'vitest';
import { contrastEnhancedTissue } from '../../tissue/contrast.ts';
import { tissueAtField } from '../../tissue/library.ts';
import type { TissueAtField } from '../../tissue/types.ts';

/**
 * The tumour's compartments on the sequences of the tumour lessons, from the closed forms of
 * reference/analytic_formulas.md: spin echo S = PD·(1 − e^(−TR/T1))·e^(−TE/T2); FLAIR (inversion recovery)
 * S = PD·|1 − 2e^(−TI/T1) + e^(−TR/T1)|·e^(−TE/T2). Gadolinium: 15 ml of 1 mmol/ml (0.19 mmol/kg), 2 min.
 */
const se = (t: TissueAtField, tr: number, te: number): number =>
  t.pd * (1 - Math.exp(-tr / t.t1)) * Math.exp(-te / t.t2);
const flair = (t: TissueAtField): number =>
  t.pd * Math.abs(1 - 2 * Math.exp(-2.5 / t.t1) + Math.exp(-9 / t.t1)) * Math.exp(-0.12 / t.t2);
const GADOLINIUM = { concentrationMmolPerMl: 1, volumeMl: 15, timeAfterContrast: 120 };

describe.each([1.5, 3])('tumour compartments at %s T', (b0) => {
  const t = (key: string): TissueAtField => tissueAtField(key, b0);
  const post = (key: string): TissueAtField => contrastEnhancedTissue(t(key), GADOLINIUM, b0);
  const t1w = (x: TissueAtField): number => se(x, 0.5, 0.012);

  it('shows the oedema bright on T2 and FLAIR beside white matter, with CSF dark on FLAIR', () => {
    expect(se(t('oedema'), 4, 0.1)).toBeGreaterThan(1.5 * se(t('whiteMatter'), 4, 0.1));
    expect(flair(t('oedema'))).toBeGreaterThan(1.3 * flair(t('whiteMatter')));
    expect(flair(t('csf'))).toBeLessThan(0.3 * flair(t('whiteMatter')));
    // The necrotic core is T2-bright and T1-dark.
    expect(se(t('necrosis'), 4, 0.1)).toBeGreaterThan(se(t('oedema'), 4, 0.1));
    expect(t1w(t('necrosis'))).toBeLessThan(t1w(t('whiteMatter')));
  });

  it('enhances the rim (r1 shortening of T1) but not the oedema or the necrotic core', () => {
    const gain = (key: string): number => t1w(post(key)) / t1w(t(key));
    expect(gain('tumour')).toBeGreaterThan(1.3);
    expect(gain('oedema')).toBeLessThan(1.06);
    // The core fills only by slow seepage from the rim.
    expect(gain('necrosis')).toBeLessThan(1.08);
    expect(gain('whiteMatter')).toBeLessThan(1.06);
    // After contrast the rim outshines white matter on T1.
    expect(t1w(post('tumour'))).toBeGreaterThan(1.1 * t1w(post('whiteMatter')));
  });
});
