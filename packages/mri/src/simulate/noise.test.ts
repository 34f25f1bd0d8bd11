import { describe, expect, it } from 'vitest';
import { seededRandom, unitComplexNoise, type RandomSource } from './noise.ts';

describe('unit complex noise', () => {
  const n = 200_000;
  const { re, im } = unitComplexNoise(n, seededRandom(123));
  const moments = (x: Float32Array) => {
    let m1 = 0;
    let m2 = 0;
    let m4 = 0;
    for (const v of x) {
      m1 += v;
      m2 += v * v;
      m4 += v ** 4;
    }
    return { mean: m1 / x.length, variance: m2 / x.length, kurtosis: m4 / x.length / (m2 / x.length) ** 2 };
  };
  // Standard errors at n = 2e5: mean 0.0022, variance 0.0032, kurtosis ≈ 0.011: tolerances of ~5 σ.
  it.each([
    ['real', re],
    ['imaginary', im],
  ] as const)('%s parts have mean 0 (±0.01), variance 1 (±0.015) and kurtosis 3 (±0.06)', (_, x) => {
    const m = moments(x);
    expect(Math.abs(m.mean)).toBeLessThan(0.01);
    expect(Math.abs(m.variance - 1)).toBeLessThan(0.015);
    expect(Math.abs(m.kurtosis - 3)).toBeLessThan(0.06);
  });
  it('has the normal tail: P(|x| > 3) ≈ 0.0027 (±0.0006)', () => {
    let tail = 0;
    for (const v of re) if (Math.abs(v) > 3) tail++;
    expect(Math.abs(tail / n - 0.0027)).toBeLessThan(0.0006);
  });
  it('real and imaginary parts are uncorrelated (|ρ| < 0.01)', () => {
    let c = 0;
    for (let i = 0; i < n; i++) c += (re[i] ?? 0) * (im[i] ?? 0);
    expect(Math.abs(c / n)).toBeLessThan(0.01);
  });
  it('repeats exactly for a seed', () => {
    expect(unitComplexNoise(100, seededRandom(5)).re).toEqual(unitComplexNoise(100, seededRandom(5)).re);
  });
});

/** mulberry32 as published (unsigned state in a closure variable): the reference of seededRandom. */
function referenceMulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('seeded random source', () => {
  it.each([0, 7, 2 ** 31, 4294967295])(
    'draws exactly the published mulberry32 sequence (seed %d)',
    (seed) => {
      const fast = seededRandom(seed);
      const reference = referenceMulberry32(seed);
      for (let i = 0; i < 10_000; i++) expect(fast()).toBe(reference());
    },
  );

  it('unit noise from a seeded source (inlined draws) equals noise from a plain source of the same draws, call after call', () => {
    const seeded = seededRandom(11);
    const plain = referenceMulberry32(11);
    for (let call = 0; call < 3; call++) {
      const inlined = unitComplexNoise(50_000, seeded);
      const reference = unitComplexNoise(50_000, plain);
      expect(inlined.re).toEqual(reference.re);
      expect(inlined.im).toEqual(reference.im);
    }
    expect(seeded()).toBe(plain());
  });
});
