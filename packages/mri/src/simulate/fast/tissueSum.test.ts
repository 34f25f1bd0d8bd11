import { describe, expect, it } from 'vitest';
import { seededRandom } from '../noise.ts';
import { groupByPhase, sumBlock } from './tissueSum.ts';

const COUNT = 300;

function images(n: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => Float32Array.from({ length: COUNT }, () => random() - 0.2));
}

/** Σ_t (wr_t + i·wi_t)·f_t per pixel, in doubles, tissue by tissue. */
function directSum(f: Float32Array[], wr: number[], wi: number[]): { re: number[]; im: number[] } {
  const re = new Array<number>(COUNT).fill(0);
  const im = new Array<number>(COUNT).fill(0);
  f.forEach((image, t) =>
    image.forEach((v, p) => {
      re[p] = (re[p] as number) + (wr[t] as number) * v;
      im[p] = (im[p] as number) + (wi[t] as number) * v;
    }),
  );
  return { re, im };
}

function blockSum(f: Float32Array[], wr: number[], wi: number[], from = 0, count = COUNT) {
  const weights = groupByPhase(f, wr, wi);
  const re = new Float64Array(count);
  const im = new Float64Array(count);
  sumBlock(weights, from, count, re, im);
  if (weights.kind === 'real') {
    const [a, b] = weights.phaseA;
    re.forEach((v, j) => {
      re[j] = v * a;
      im[j] = v * b;
    });
  }
  return { kind: weights.kind, re, im };
}

function worstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs((a[i] as number) - (b[i] as number)));
  return worst;
}

const polar = (magnitude: number, phase: number): [number, number] => [
  magnitude * Math.cos(phase),
  magnitude * Math.sin(phase),
];

describe('tissueSum.ts: weights grouped by phase give the complex sum Σ w_t·f_t', () => {
  it.each([
    ['one phase (SE: every weight i·|S|)', [Math.PI / 2], 'real'],
    ['two phases (GRE: water, and fat at its chemical shift)', [Math.PI / 2, 1.8294], 'twoPhases'],
    ['three phases (bSSFP, EPI)', [0.3, 1.1, -2], 'complex'],
  ])('%s: within 1e-14 of the direct sum, as the right kind', (_, phases, kind) => {
    for (const n of [1, 3, 5, 11]) {
      const random = seededRandom(n);
      const f = images(n, 40 + n);
      const weights = f.map((__, t) => polar(0.1 + random(), phases[t % phases.length] as number));
      const wr = weights.map(([re]) => re);
      const wi = weights.map(([, im]) => im);
      const direct = directSum(f, wr, wi);
      const summed = blockSum(f, wr, wi);
      expect(summed.kind).toBe(n >= phases.length ? kind : summed.kind);
      expect(worstDifference(summed.re, direct.re)).toBeLessThan(1e-14);
      expect(worstDifference(summed.im, direct.im)).toBeLessThan(1e-14);
    }
  });

  it('sums a block of pixels [from, from + count) into the accumulators from 0', () => {
    const f = images(6, 7);
    const wr = [1, 0.5, 0.2, 0.3, 0.1, 0.7].map((m, t) => polar(m, t % 2 ? 1.8 : 1.57)[0]);
    const wi = [1, 0.5, 0.2, 0.3, 0.1, 0.7].map((m, t) => polar(m, t % 2 ? 1.8 : 1.57)[1]);
    const whole = blockSum(f, wr, wi);
    const part = blockSum(f, wr, wi, 100, 50);
    expect(worstDifference(part.re, whole.re.slice(100, 150))).toBe(0);
    expect(worstDifference(part.im, whole.im.slice(100, 150))).toBe(0);
  });

  it('no tissue: zeros', () => {
    const summed = blockSum([], [], []);
    expect(summed.re.every((v) => v === 0) && summed.im.every((v) => v === 0)).toBe(true);
  });
});
