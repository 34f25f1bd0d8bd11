import { describe, expect, it } from 'vitest';
import { defaultProtocol } from '../sequence/defaults.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import { tissueAtField } from '../tissue/library.ts';
import { analyseWeighting, classifyWeighting, WEIGHTING_SENSITIVITY_THRESHOLD } from './weighting.ts';
import { testScanner } from '../scanner.testing.ts';

const scanner: Scanner = testScanner();
const brain = ['whiteMatter', 'greyMatter', 'csf', 'fat', 'muscle'].map((k) => tissueAtField(k, scanner.b0));
const weighting = (p: Protocol) => analyseWeighting(p, scanner, brain).weighting;

describe('weighting is decided from the signal equation, not the sequence name', () => {
  it('a spin echo with TR 500 ms, TE 15 ms is T1-weighted; TR 4.5 s, TE 100 ms T2; TR 3 s, TE 12 ms PD', () => {
    const se = defaultProtocol('SE', scanner);
    expect(weighting({ ...se, repetitionTime: 0.5, echoTime: 0.015 })).toBe('T1');
    expect(weighting({ ...se, repetitionTime: 4.5, echoTime: 0.1 })).toBe('T2');
    expect(weighting({ ...se, repetitionTime: 3, echoTime: 0.012 })).toBe('PD');
  });

  it('the same TSE becomes T1-weighted when TR and TE are shortened (name alone decides nothing)', () => {
    const tse = defaultProtocol('TSE', scanner);
    expect(weighting(tse)).toBe('T2');
    expect(weighting({ ...tse, repetitionTime: 0.6, echoTime: 0.012 })).toBe('T1');
  });

  it('a gradient echo with a small flip angle and TE 30 ms is T2*-weighted; DWI at b = 1000 s/mm² diffusion', () => {
    const gre = defaultProtocol('GRE', scanner);
    expect(weighting({ ...gre, repetitionTime: 0.6, echoTime: 0.03, flipAngle: (20 * Math.PI) / 180 })).toBe(
      'T2*',
    );
    expect(weighting(defaultProtocol('DWI', scanner))).toBe('diffusion');
  });

  it('the log-sensitivities of a spin echo are the closed forms of reference/analytic_formulas.md §1 (±1e-3)', () => {
    const p = { ...defaultProtocol('SE', scanner), repetitionTime: 0.5, echoTime: 0.015 };
    const wm = tissueAtField('whiteMatter', scanner.b0);
    // S ∝ 1 − 2·e^(−a/T1) + e^(−TR/T1), a = TR − TE/2: ∂ln S/∂ln T1 = −[2(a/T1)e^(−a/T1) − (TR/T1)e^(−TR/T1)]/S.
    const a = (p.repetitionTime - p.echoTime / 2) / wm.t1;
    const x = p.repetitionTime / wm.t1;
    const mz = 1 - 2 * Math.exp(-a) + Math.exp(-x);
    const closed = Math.abs((-2 * a * Math.exp(-a) + x * Math.exp(-x)) / mz);
    const { sensitivity } = analyseWeighting(p, scanner, [wm]);
    expect(sensitivity.t1).toBeCloseTo(closed, 3);
    expect(sensitivity.t2).toBeCloseTo(p.echoTime / wm.t2, 3);
  });
});

describe('one classification of weighting (issue 20.3): classifyWeighting, with the documented thresholds', () => {
  const se = (repetitionTime: number, echoTime: number): Protocol => ({
    ...defaultProtocol('SE', scanner),
    repetitionTime,
    echoTime,
  });
  const classify = (p: Protocol) => classifyWeighting(p, scanner).weighting;

  it('short TR / short TE is T1, long TR / long TE is T2, long TR / short TE is PD (spin echo, 1.5 T)', () => {
    expect(classify(se(0.5, 0.015))).toBe('T1');
    expect(classify(se(4.5, 0.1))).toBe('T2');
    expect(classify(se(3, 0.012))).toBe('PD');
  });

  it('TR 2000 ms / TE 15 ms at 1.5 T is proton-density weighted, once, whatever tissues an image shows', () => {
    expect(classify(se(2, 0.015))).toBe('PD');
    // The former per-check tissue sets (two tissues of a contrast check, the tissues in view) disagreed.
    const pair = ['csf', 'whiteMatter'].map((k) => tissueAtField(k, scanner.b0));
    expect(analyseWeighting(se(2, 0.015), scanner, pair).weighting).toBe('T1');
  });

  it('the T1 threshold is the closed form x·e^(−x)/(1 − e^(−x)) = 0.35 at x = TR/T1: one tissue either side', () => {
    // Solve x·e^(−x)/(1 − e^(−x)) = threshold by bisection (the function falls monotonically in x).
    const f = (x: number) => (x * Math.exp(-x)) / (1 - Math.exp(-x)) - WEIGHTING_SENSITIVITY_THRESHOLD;
    let lo = 0.1;
    let hi = 10;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) > 0) lo = mid;
      else hi = mid;
    }
    expect(lo).toBeCloseTo(1.83, 2);
    const wm = tissueAtField('whiteMatter', scanner.b0);
    // TE short against T2 (sensitivity TE/T2 < 0.35); TR 10 % either side of the boundary.
    const te = 0.1 * wm.t2;
    expect(analyseWeighting(se(0.9 * lo * wm.t1, te), scanner, [wm]).weighting).toBe('T1');
    expect(analyseWeighting(se(1.1 * lo * wm.t1, te), scanner, [wm]).weighting).toBe('PD');
  });

  it('the T2 threshold is TE/T2 = 0.35 at long TR: one tissue either side', () => {
    const wm = tissueAtField('whiteMatter', scanner.b0);
    const tr = 10 * wm.t1;
    const boundary = WEIGHTING_SENSITIVITY_THRESHOLD * wm.t2;
    expect(analyseWeighting(se(tr, 0.85 * boundary), scanner, [wm]).weighting).toBe('PD');
    expect(analyseWeighting(se(tr, 1.15 * boundary), scanner, [wm]).weighting).toBe('T2');
  });
});
