import { describe, expect, it } from 'vitest';
import { cnrOf, snrOf, type MeasurementRow } from './measurements.ts';

function roi(uid: string, mean: number, sd: number, sliceIndex = 0): MeasurementRow {
  return {
    uid,
    kind: 'ellipse',
    sliceIndex,
    stats: { mean, sd, min: mean - sd, max: mean + sd, areaMm2: 100 },
  };
}

describe('one-click SNR and CNR', () => {
  it('SNR takes the lowest-mean ROI as background and divides the signal by SD_bg / 0.655', () => {
    const result = snrOf([roi('white', 400, 12), roi('air', 5, 6.55)], 0);
    expect(result).toMatchObject({ ok: true, uids: ['white', 'air'] });
    expect(result.ok && result.value).toBeCloseTo(40, 10);
    expect(result.ok && result.explanation).toContain('SD_bg / 0.655');
  });

  it('CNR takes the two latest tissue ROIs against the background', () => {
    const result = cnrOf([roi('air', 5, 6.55), roi('grey', 300, 10), roi('white', 400, 10)], 0);
    expect(result).toMatchObject({ ok: true, uids: ['grey', 'white', 'air'] });
    expect(result.ok && result.value).toBeCloseTo(10, 10);
  });

  it('asks for the ROIs it lacks, counting only those on the shown slice', () => {
    expect(snrOf([roi('white', 400, 12), roi('air', 5, 6.55, 1)], 0)).toMatchObject({ ok: false });
    expect(cnrOf([roi('white', 400, 12), roi('air', 5, 6.55)], 0)).toMatchObject({ ok: false });
    expect(snrOf([roi('white', 400, 12), roi('flat', 5, 0)], 0)).toMatchObject({ ok: false });
  });
});
