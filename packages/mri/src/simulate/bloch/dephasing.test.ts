import { describe, expect, it } from 'vitest';
import { DEPHASING_PERIOD, T2_STAR_ISOCHROMATS, dephasingNodes, dephasingSignal } from './dephasing.ts';

/** The largest |S(t) − exp(−t)| (t in units of T2′) over [from, to] on a fine grid. */
function largestError(count: number, from: number, to: number): number {
  const nodes = dephasingNodes(count);
  let worst = 0;
  for (let i = 0; i <= 6000; i++) {
    const t = from + ((to - from) * i) / 6000;
    worst = Math.max(worst, Math.abs(dephasingSignal(nodes, t) - Math.exp(-t)));
  }
  return worst;
}

describe('isochromat nodes of a Lorentzian spread (T2′ dephasing)', () => {
  it('T2_STAR_ISOCHROMATS (89) nodes: Σw_j·cos(ω_j·t) matches exp(−t/T2′) within 2 % of M0 over 0–3·T2′ and within 1 % up to 0.5·T2′', () => {
    expect(T2_STAR_ISOCHROMATS).toBe(89);
    expect(largestError(T2_STAR_ISOCHROMATS, 0, 3)).toBeLessThan(0.02);
    expect(largestError(T2_STAR_ISOCHROMATS, 0, 0.5)).toBeLessThan(0.01);
  });

  it('no revival before 6·T2′ (|S| < exp(−t/T2′) + 3.5 %), and the one revival at the chosen period', () => {
    const nodes = dephasingNodes(89);
    for (let i = 0; i <= 3000; i++) {
      const t = 3 + (3 * i) / 3000;
      expect(Math.abs(dephasingSignal(nodes, t))).toBeLessThan(Math.exp(-t) + 0.035);
    }
    expect(dephasingSignal(nodes, DEPHASING_PERIOD)).toBeCloseTo(1, 12);
  });

  it('nodes sit on the grid of the period (k·Δω, or (k + ½)·Δω for even counts), symmetric, with non-negative weights summing to 1 (M0 kept)', () => {
    const step = (2 * Math.PI) / DEPHASING_PERIOD;
    for (const count of [2, 3, 16, 24, 48, 49, 64, 73, 81, 89]) {
      const { frequencies, weights } = dephasingNodes(count);
      expect(frequencies.length).toBe(count);
      for (let j = 0; j < count; j++) {
        const k = (frequencies[j] ?? NaN) / step + (count % 2 === 0 ? 0.5 : 0);
        expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-9);
        expect(frequencies[j]).toBeCloseTo(-(frequencies[count - 1 - j] ?? NaN), 12);
        expect(weights[j]).toBeCloseTo(weights[count - 1 - j] ?? NaN, 12);
        expect(weights[j]).toBeGreaterThanOrEqual(0);
        if (j > 0) expect(frequencies[j]).toBeGreaterThan(frequencies[j - 1] ?? Infinity);
      }
      expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('the error over 0–3·T2′ falls with the count: 13.6 % (16), 5.9 % (32), 2.3 % (65)', () => {
    const measured = [16, 32, 65].map((n) => largestError(n, 0, 3));
    expect(measured[0]).toBeGreaterThan(0.13);
    expect(measured[0]).toBeLessThan(0.14);
    expect(measured[1]).toBeLessThan(0.06);
    expect(measured[2]).toBeLessThan(0.024);
  });

  it('one isochromat is the single node ω = 0; invalid counts are refused', () => {
    expect(Array.from(dephasingNodes(1).frequencies)).toEqual([0]);
    expect(() => dephasingNodes(0)).toThrow(RangeError);
    expect(() => dephasingNodes(2.5)).toThrow(RangeError);
  });
});
