import { describe, expect, it } from 'vitest';
import { ecgAt, phaseStart } from './ecg.ts';

describe('the synthetic ECG of the Show ECG option (McSharry et al. 2003)', () => {
  it('peaks at the R wave (t = 0) with the sum of the events there, within 1e-9', () => {
    // At θ = 0 only R counts fully; Q and S (Δθ = π/12, b = 0.1) and P and T add their tails.
    const tail = (a: number, d: number, b: number) => a * Math.exp(-(d * d) / (2 * b * b));
    const expected =
      30 +
      tail(-5, Math.PI / 12, 0.1) +
      tail(-7.5, Math.PI / 12, 0.1) +
      tail(1.2, Math.PI / 3, 0.25) +
      tail(0.75, Math.PI / 2, 0.4);
    expect(ecgAt(0)).toBeCloseTo(expected, 9);
    for (let i = 1; i < 100; i++) expect(ecgAt(i / 100)).toBeLessThan(ecgAt(0));
  });

  it('has the T wave after the R wave and the P wave before the next one', () => {
    expect(ecgAt(0.25)).toBeGreaterThan(0.5);
    expect(ecgAt(5 / 6)).toBeGreaterThan(1);
    expect(ecgAt(0.6)).toBeLessThan(0.1);
  });

  it('cardiac phase p starts at (p − 1)/20 of the interval, within 1–20', () => {
    expect(phaseStart(1)).toBe(0);
    expect(phaseStart(17)).toBeCloseTo(0.8, 12);
    expect(phaseStart(25)).toBeCloseTo(0.95, 12);
  });
});
