import { describe, expect, it } from 'vitest';
import { absSincPiProductInto, scaledCosSinInto } from './trig.ts';
import { seededRandom } from './noise.ts';

/** Angles over the field map's range and beyond it (|Δf| up to kHz, TE up to 1 s), exact quadrant edges included. */
function angles(): Float64Array {
  const random = seededRandom(11);
  const values = [
    0,
    -0,
    Math.PI / 4,
    -Math.PI / 4,
    Math.PI / 2,
    Math.PI,
    3 * Math.PI,
    (-7 * Math.PI) / 2,
    1e6,
    -1e7,
  ];
  for (let i = 0; i < 20000; i++) values.push((random() - 0.5) * 2 * 10 ** (random() * 4));
  return Float64Array.from(values);
}

describe('trig.ts: one range reduction for a cosine and a sine (fdlibm kernels)', () => {
  it('gives m·cos θ and m·sin θ within 2.3e-16·max(1, |θ|·2⁻²⁰) of Math.cos and Math.sin', () => {
    const theta = angles();
    const magnitude = Float64Array.from(theta, (_, i) => 0.25 + (i % 7) / 4);
    const cos = magnitude.slice();
    const sin = new Float64Array(theta.length);
    scaledCosSinInto(cos, sin, theta, 1);
    let worst = 0;
    for (let i = 0; i < theta.length; i++) {
      const t = theta[i] as number;
      const m = magnitude[i] as number;
      const tolerance = 2.3e-16 * m * Math.max(1, Math.abs(t) * 2 ** -20);
      worst = Math.max(
        worst,
        Math.abs((cos[i] as number) - m * Math.cos(t)) / tolerance,
        Math.abs((sin[i] as number) - m * Math.sin(t)) / tolerance,
      );
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('scales every angle by the common factor (θ = angle·scale)', () => {
    const cos = Float64Array.of(1, 2);
    const sin = new Float64Array(2);
    scaledCosSinInto(cos, sin, Float64Array.of(Math.PI / 3, -Math.PI), 0.5);
    expect(cos[0]).toBeCloseTo(Math.cos(Math.PI / 6), 15);
    expect(sin[0]).toBeCloseTo(Math.sin(Math.PI / 6), 15);
    expect(cos[1]).toBeCloseTo(0, 15);
    expect(sin[1]).toBeCloseTo(-2, 15);
  });

  it('multiplies three |sinc| within 4.5e-16 of sin(πx)/(πx), 1 at 0, on both sides of the polynomial range', () => {
    const random = seededRandom(5);
    const n = 5000;
    const axes = [0, 1, 2].map(() =>
      Float64Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 0 : (random() - 0.5) * 6)),
    );
    const [a, b, c] = axes as [Float64Array, Float64Array, Float64Array];
    const out = new Float64Array(n);
    const scale = 0.37;
    absSincPiProductInto(out, a, b, c, scale);
    const sinc = (x: number): number => (x === 0 ? 1 : Math.abs(Math.sin(Math.PI * x) / (Math.PI * x)));
    for (let i = 0; i < n; i++) {
      const expected =
        sinc((a[i] as number) * scale) * sinc((b[i] as number) * scale) * sinc((c[i] as number) * scale);
      expect(Math.abs((out[i] as number) - expected)).toBeLessThanOrEqual(4.5e-16);
    }
    absSincPiProductInto(out, new Float64Array(n), new Float64Array(n), new Float64Array(n), scale);
    expect(out.every((v) => v === 1)).toBe(true);
  });
});
