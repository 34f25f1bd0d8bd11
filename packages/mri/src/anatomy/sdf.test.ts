import { describe, expect, it } from 'vitest';
import { box, capsule, cylinder, ellipsoid, roughen, smoothUnion, sphere, subtract } from './sdf.ts';

describe('signed-distance shapes', () => {
  it('give exact distances for sphere, capsule, box and cylinder (closed form, 1e-12)', () => {
    expect(sphere([0, 0, 0], 1).distance(3, 0, 0)).toBeCloseTo(2, 12);
    expect(capsule([0, 0, 0], [0, 0, 2], 0.5).distance(1, 0, 1)).toBeCloseTo(0.5, 12);
    expect(capsule([0, 0, 0], [0, 0, 2], 0.5).distance(0, 0, 3)).toBeCloseTo(0.5, 12);
    expect(box([0, 0, 0], [1, 2, 3]).distance(2, 0, 0)).toBeCloseTo(1, 12);
    expect(box([0, 0, 0], [1, 2, 3]).distance(0, 0, 0)).toBeCloseTo(-1, 12);
    expect(box([0, 0, 0], [1, 1, 1]).distance(2, 2, 1)).toBeCloseTo(Math.SQRT2, 12);
    expect(cylinder([0, 0, -1], [0, 0, 1], 1).distance(0, 3, 0)).toBeCloseTo(2, 12);
    expect(cylinder([0, 0, -1], [0, 0, 1], 1).distance(0, 0, 1.5)).toBeCloseTo(0.5, 12);
  });

  it('places the ellipsoid surface at its semi-axes', () => {
    const e = ellipsoid([1, 2, 3], [0.1, 0.2, 0.3]);
    expect(e.distance(1.1, 2, 3)).toBeCloseTo(0, 12);
    expect(e.distance(1, 2.2, 3)).toBeCloseTo(0, 12);
    expect(e.distance(1, 2, 3.3)).toBeCloseTo(0, 12);
    expect(e.distance(1, 2, 3)).toBeLessThan(0);
  });

  it('smooth union is never larger than the hard union, and subtraction carves', () => {
    const a = sphere([0, 0, 0], 1);
    const b = sphere([1.5, 0, 0], 1);
    const s = smoothUnion(0.5, a, b);
    expect(s.distance(0.75, 0.9, 0)).toBeLessThan(
      Math.min(a.distance(0.75, 0.9, 0), b.distance(0.75, 0.9, 0)),
    );
    expect(subtract(a, b).distance(0.9, 0, 0)).toBeGreaterThan(0);
  });

  it('roughens a surface by at most its amplitude, identically for the same seed', () => {
    const r1 = roughen(sphere([0, 0, 0], 1), 0.05, 0.3, 7);
    const r2 = roughen(sphere([0, 0, 0], 1), 0.05, 0.3, 7);
    for (let t = 0; t < 50; t++) {
      const x = Math.cos(t) * 1.2;
      const y = Math.sin(t * 1.7) * 0.8;
      const d = r1.distance(x, y, 0.1 * t);
      expect(Math.abs(d - Math.hypot(x, y, 0.1 * t) + 1)).toBeLessThanOrEqual(0.05 + 1e-12);
      expect(r2.distance(x, y, 0.1 * t)).toBe(d);
    }
  });
});
