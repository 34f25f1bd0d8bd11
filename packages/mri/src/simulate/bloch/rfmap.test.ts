import { describe, expect, it } from 'vitest';
import { classPhasors } from './collapsed.ts';
import { relaxationFactors } from './kernels.ts';
import { classifySpins, type ClassSource } from './rfmap.ts';

/** Deterministic pseudo-random integers in [0, n) (a 32-bit LCG, Numerical Recipes constants). */
function randomInt(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

/** Spins drawn from a few values per property, so that many share a class; ±0 and a NaN T2 among them. */
function source(count: number, seed: number): ClassSource {
  const r = randomInt(seed);
  const pick = (values: readonly number[]): Float32Array =>
    Float32Array.from({ length: count }, () => values[r(values.length)] as number);
  return {
    x: pick([-0.01, 0, -0, 0.013, 0.02]),
    y: pick([0.004, -0.007, 0.1]),
    z: pick([0, 0.001]),
    dw: pick([0, 2 * Math.PI * 30, -2 * Math.PI * 30]),
    t1: pick([0.8, 1.5]),
    t2: pick([0.07, 0.2, NaN, Infinity]),
  };
}

/** The grouping classifySpins must give: exact Float32 bit patterns as a string key, first appearance first. */
function referenceClasses(src: ClassSource, count: number, mask: number) {
  const bits = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);
  const [x, y, z, dw, t1, t2] = [src.x, src.y, src.z, src.dw, src.t1, src.t2].map(bits);
  const index = new Map<string, number>();
  const representatives: number[] = [];
  const classOf = Int32Array.from({ length: count }, (_, i) => {
    const key = [
      mask & 1 ? x?.[i] : 0,
      mask & 2 ? y?.[i] : 0,
      mask & 4 ? z?.[i] : 0,
      dw?.[i],
      t1?.[i],
      t2?.[i],
    ].join();
    let c = index.get(key);
    if (c === undefined) {
      index.set(key, (c = representatives.length));
      representatives.push(i);
    }
    return c;
  });
  return { classOf, representatives };
}

describe('Bloch spin classes (numeric hashing)', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])(
    'equal the exact-bit-pattern grouping, classes in order of first appearance: gradient mask %i',
    (mask) => {
      const count = 5000;
      const src = source(count, 11 + mask);
      const classes = classifySpins(src, count, mask);
      const expected = referenceClasses(src, count, mask);
      expect(classes.representatives).toEqual(expected.representatives);
      expect(Array.from(classes.classOf)).toEqual(Array.from(expected.classOf));
      expect(classes.representatives.length).toBeGreaterThan(mask === 0 ? 10 : 40);
    },
  );

  it('gives every spin its own class when all differ (65,536 scattered positions)', () => {
    const count = 65536;
    const r = randomInt(3);
    const src: ClassSource = {
      x: Float32Array.from({ length: count }, (_, i) => i * 1e-5),
      y: Float32Array.from({ length: count }, () => r(1000) * 1e-4),
      z: new Float32Array(count),
      dw: new Float32Array(count),
      t1: new Float32Array(count).fill(0.8),
      t2: new Float32Array(count).fill(0.08),
    };
    const classes = classifySpins(src, count, 1);
    expect(classes.representatives.length).toBe(count);
    expect(classes.classOf.every((c, i) => c === i)).toBe(true);
    expect(classifySpins(src, count, 4).representatives).toEqual([0]);
  });

  it('keeps the readout phasors of a step with the classes: the same numbers again, and new ones for a new step', () => {
    const count = 2000;
    const src = source(count, 5);
    const classes = classifySpins(src, count, 1);
    const first = classPhasors(classes, src, 1e-5, 40, 0, 0, 64);
    const again = classPhasors(classes, src, 1e-5, 40, 0, 0, 64);
    expect(again).toBe(first);
    const fresh = classPhasors(classifySpins(src, count, 1), src, 1e-5, 40, 0, 0, 64);
    expect(Array.from(first.zr)).toEqual(Array.from(fresh.zr));
    expect(Array.from(first.zRunI)).toEqual(Array.from(fresh.zRunI));
    const reversed = classPhasors(classes, src, 1e-5, -40, 0, 0, 64);
    expect(reversed).not.toBe(first);
    expect(Array.from(reversed.zi)).not.toEqual(Array.from(first.zi));
  });

  it('relaxation factors computed once per run of equal T1, T2 are exactly exp(−dt/T) of every spin', () => {
    const t1 = Float32Array.of(0.8, 0.8, 0.8, 1.5, 1.5, 0.8, Infinity, Infinity, NaN, NaN, 0.3, 0.3);
    const t2 = Float32Array.of(0.07, 0.07, 0.2, 0.2, 0.07, 0.07, Infinity, 0.05, 0.05, NaN, 0.03, 0.03);
    const e1 = new Float32Array(t1.length);
    const e2 = new Float32Array(t1.length);
    relaxationFactors(2.5e-3, t1, t2, e1, e2);
    expect(Array.from(e1)).toEqual(Array.from(t1, (t) => Math.fround(Math.exp(-2.5e-3 / t))));
    expect(Array.from(e2)).toEqual(Array.from(t2, (t) => Math.fround(Math.exp(-2.5e-3 / t))));
  });
});
