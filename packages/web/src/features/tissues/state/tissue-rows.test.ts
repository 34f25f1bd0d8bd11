import { describe, expect, it } from 'vitest';
import { tissueAtField } from '@larmor/mri/tissue';
import {
  decayCurves,
  editError,
  recoveryCurves,
  signalAt,
  t1Recovery,
  t2Decay,
  tissueName,
  tissueRows,
} from './tissue-rows.ts';

const server = [
  { id: 'greyMatter', type: 'greyMatter', t1: 1_100, t2: 95, overridden: false },
  { id: 'whiteMatter', type: 'whiteMatter', t1: 600, t2: 80, overridden: true },
  { id: ' ', type: '', t1: 1, t2: 1, overridden: false },
];

describe('tissue rows at the session’s field', () => {
  it('leave out tissues without a name and keep the server’s T1 and T2 [ms]', () => {
    const rows = tissueRows(server, 1.5);
    expect(rows.map((r) => r.id)).toEqual(['greyMatter', 'whiteMatter']);
    expect(rows[1]).toMatchObject({ name: 'White matter', t1Ms: 600, t2Ms: 80, overridden: true });
  });

  it('take PD from the library and T2* from the edited T2 with the library’s static dephasing', () => {
    const [grey] = tissueRows(server, 3);
    const library = tissueAtField('greyMatter', 3);
    expect(grey?.pd).toBe(library.pd);
    // 1/T2* = 1/T2 + R2′, with R2′ the library's at 3 T (mri field.ts).
    const r2Prime = 1 / library.t2star - 1 / library.t2;
    expect(1_000 / (grey?.t2StarMs ?? 0)).toBeCloseTo(1_000 / 95 + r2Prime, 6);
    expect(grey?.t2StarMs).toBeLessThanOrEqual(95);
  });

  it('take the module’s PD and T2* when it sets them', () => {
    const [muscle] = tissueRows(
      [{ id: 'muscle', type: 'muscle', t1: 900, t2: 50, overridden: true, pd: 0.7, t2star: 30 }],
      1.5,
    );
    expect(muscle?.pd).toBe(0.7);
    expect(muscle?.t2StarMs).toBeCloseTo(30, 9);
  });

  it('name a camel-case key in words', () => {
    expect(tissueName('deepGreyMatter')).toBe('Deep grey matter');
    expect(tissueName('csf')).toBe('CSF');
    expect(tissueName('msLesion')).toBe('MS lesion');
  });
});

describe('an edit of T1 and T2', () => {
  it('accepts positive values with T2 ≤ T1 (equal included)', () => {
    expect(editError(900, 900)).toBeNull();
    expect(editError(900, 80)).toBeNull();
  });

  it('refuses empty, zero, negative, too long, and T2 longer than T1', () => {
    expect(editError('', 80)).toBe('Enter T1 in ms');
    expect(editError(900, '')).toBe('Enter T2 in ms');
    expect(editError(0, 80)).toBe('T1 and T2 must be positive');
    expect(editError(900, -1)).toBe('T1 and T2 must be positive');
    expect(editError(10_001, 80)).toBe('T1 is at most 10000 ms');
    expect(editError(9_000, 5_001)).toBe('T2 is at most 5000 ms');
    expect(editError(80, 90)).toBe('T2 cannot be longer than T1');
  });
});

describe('relaxation curves (closed forms, 1e-12)', () => {
  const row = { id: 'x', name: 'X', pd: 0.8, t1Ms: 1_000, t2Ms: 100, t2StarMs: 50, overridden: false };

  it('recover to PD·(1 − 1/e) at T1 and decay to PD/e at T2', () => {
    expect(t1Recovery(row, 1_000)).toBeCloseTo(0.8 * (1 - Math.exp(-1)), 12);
    expect(t2Decay(row, 100)).toBeCloseTo(0.8 * Math.exp(-1), 12);
    expect(t1Recovery(row, 0)).toBe(0);
    expect(t2Decay(row, 0)).toBe(0.8);
  });

  it('span three time constants of the middle tissue and three TR, never beyond five of the longest', () => {
    const csf = { ...row, id: 'csf', t1Ms: 4_000 };
    const grey = { ...row, id: 'g', t1Ms: 1_000 };
    const white = { ...row, id: 'w', t1Ms: 600 };
    const r = recoveryCurves([csf, grey, white], 500);
    expect(r.times[0]).toBe(0);
    // Median T1 1 s → 3 s; CSF's 4 s does not stretch it to 20 s.
    expect(r.times.at(-1)).toBe(3_000);
    expect(recoveryCurves([grey], 2_000).times.at(-1)).toBe(5_000);
    expect(recoveryCurves([grey], 8_000).times.at(-1)).toBe(9_600);
    expect(decayCurves([row], 30).times.at(-1)).toBe(300);
    expect(r.series[1]?.at(-1)).toBeCloseTo(0.8 * (1 - Math.exp(-3)), 12);
  });

  it('give the spin-echo signal PD·(1 − e^(−TR/T1))·e^(−TE/T2), so a shorter T1 is brighter on T1 weighting', () => {
    const s = signalAt(row, 500, 15);
    expect(s.signal).toBeCloseTo(0.8 * (1 - Math.exp(-0.5)) * Math.exp(-0.15), 12);
    const shorter = signalAt({ ...row, t1Ms: 600 }, 500, 15);
    expect(shorter.signal).toBeGreaterThan(s.signal);
  });
});
