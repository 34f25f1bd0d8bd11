import { describe, expect, it } from 'vitest';
import { tissueOverridesSchema } from '@larmor/contracts/lab-presets';
import {
  newTissueRow,
  tissueOverridesOf,
  tissueRowErrors,
  tissueRowsFrom,
  type TissueOverrideRow,
} from './tissue-overrides-state.ts';

const row = (id: number, over: Partial<TissueOverrideRow>): TissueOverrideRow => ({
  ...newTissueRow([]),
  id,
  ...over,
});

describe('tissue overrides of the module form', () => {
  it('ignores rows without a tissue name, converts the rest to the API list the schema accepts', () => {
    const rows = [
      row(1, { tissue: 'csf', t1Ms: '4000', t2Ms: '2000', pd: '1', t2StarMs: '1500' }),
      row(2, { tissue: '', t1Ms: 'oops' }),
      row(3, { tissue: 'whiteMatter', t1Ms: '800', t2Ms: '70' }),
    ];
    expect(tissueRowErrors(rows).size).toBe(0);
    const list = tissueOverridesOf(rows);
    expect(list).toEqual([
      { tissue: 'csf', t1Ms: 4000, t2Ms: 2000, pd: 1, t2StarMs: 1500 },
      { tissue: 'whiteMatter', t1Ms: 800, t2Ms: 70 },
    ]);
    expect(tissueOverridesSchema.safeParse(list).success).toBe(true);
    expect(tissueRowsFrom(list).map((r) => [r.tissue, r.pd, r.t2StarMs])).toEqual([
      ['csf', '1', '1500'],
      ['whiteMatter', '', ''],
    ]);
  });

  it('needs positive T1 and T2, T2 ≤ T1, T2* ≤ T2, PD in (0, 1], each tissue once', () => {
    const errors = tissueRowErrors([
      row(1, { tissue: 'csf', t1Ms: '', t2Ms: '-5' }),
      row(2, { tissue: 'fat', t1Ms: '200', t2Ms: '300', pd: '1.2' }),
      row(3, { tissue: 'muscle', t1Ms: '900', t2Ms: '50', t2StarMs: '60', pd: '0' }),
      row(4, { tissue: 'csf', t1Ms: '4000', t2Ms: '2000' }),
      row(5, { tissue: 'blood', t1Ms: 'abc', t2Ms: '100' }),
    ]);
    expect(errors.get(1)).toEqual({ t1Ms: 'This field is required', t2Ms: 'Must be positive' });
    expect(errors.get(2)).toEqual({ t2Ms: 'T2 cannot be longer than T1', pd: 'At most 1 (pure water)' });
    expect(errors.get(3)).toEqual({ t2StarMs: 'T2* cannot be longer than T2', pd: 'Must be positive' });
    expect(errors.get(4)).toEqual({ tissue: 'This tissue is overridden already' });
    expect(errors.get(5)).toEqual({ t1Ms: 'Enter a number' });
  });

  it('numbers new rows after the highest id', () => {
    expect(newTissueRow([row(4, {}), row(2, {})]).id).toBe(5);
  });
});
