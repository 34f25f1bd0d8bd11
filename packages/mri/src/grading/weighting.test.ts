import { describe, expect, it } from 'vitest';
import { defaultProtocol } from '../sequence/defaults.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import { tissueAtField } from '../tissue/library.ts';
import { analyseWeighting } from './weighting.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'body' };
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
