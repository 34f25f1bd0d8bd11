import { describe, expect, it } from 'vitest';
import { defaultProtocol } from '../../sequence/defaults.ts';
import type { Scanner } from '../../sequence/protocol.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { staticDephasingRate } from '../../tissue/field.ts';
import { lineEchoTimes, tissueLineWeights } from './weights.ts';
import { testScanner } from '../../scanner.testing.ts';

const scanner: Scanner = testScanner({ coil: 'head' });

function weights(family: 'SE-EPI' | 'GRE-EPI', key: string) {
  const protocol = defaultProtocol(family, scanner);
  const tissue = tissueAtField(key, scanner.b0);
  const lines = protocol.matrixPhase;
  const times = lineEchoTimes(protocol, lines);
  const re = new Float64Array(lines);
  const im = new Float64Array(lines);
  tissueLineWeights(protocol, scanner, tissue, times, re, im);
  const magnitude = Array.from(re, (r, i) => Math.hypot(r, im[i] ?? 0));
  return { protocol, tissue, times, magnitude };
}

describe('fast-engine line weights', () => {
  it('spin-echo EPI peaks at the spin echo and decays by T2 and T2′ on both sides (analytic_formulas §1, §5)', () => {
    const { protocol, tissue, times, magnitude } = weights('SE-EPI', 'whiteMatter');
    const centre = magnitude[times.findIndex((t) => t === protocol.echoTime)] ?? NaN;
    for (let line = 0; line < times.length; line++) {
      const dt = (times[line] ?? 0) - protocol.echoTime;
      const expected =
        centre * Math.exp(-dt / tissue.t2 - Math.abs(dt) * staticDephasingRate(tissue.t2, tissue.t2star));
      // Tolerance 1e-12 relative: the closed form evaluated in double precision.
      expect(magnitude[line]).toBeCloseTo(expected, 12);
      if (dt < 0) expect(magnitude[line]).toBeLessThanOrEqual(centre * Math.exp(-dt / tissue.t2) + 1e-15);
    }
  });

  it('gradient-echo EPI decays by T2* from excitation, so earlier lines are stronger', () => {
    const { protocol, tissue, times, magnitude } = weights('GRE-EPI', 'whiteMatter');
    const first = magnitude[0] ?? NaN;
    const last = magnitude[times.length - 1] ?? NaN;
    expect(first).toBeGreaterThan(last);
    const dt = (times[times.length - 1] ?? 0) - (times[0] ?? 0);
    // Tolerance 1e-9 relative.
    expect(last / first).toBeCloseTo(Math.exp(-dt / tissue.t2star), 9);
    expect(protocol.family).toBe('GRE-EPI');
  });

  it('never extrapolates decay to before the excitation: lines the protocol would place at t < 0 weigh no more than M0', () => {
    // An invalid protocol (the render CLI's old default: 130 Hz/pixel at 256² puts the first EPI line about
    // 1 s before TE 80 ms); the engines refuse it at their entry, and the weights stay bounded regardless.
    const protocol = {
      ...defaultProtocol('SE-EPI', scanner),
      bandwidthPerPixel: 130,
      matrixRead: 256,
      matrixPhase: 256,
      echoTime: 0.08,
    };
    const lines = protocol.matrixPhase;
    const times = lineEchoTimes(protocol, lines);
    expect(times[0]).toBeLessThan(0);
    for (const family of ['SE-EPI', 'GRE-EPI', 'DWI'] as const) {
      for (const key of ['corticalBone', 'csf', 'fat']) {
        const tissue = tissueAtField(key, scanner.b0);
        const re = new Float64Array(lines);
        const im = new Float64Array(lines);
        tissueLineWeights({ ...protocol, family, bValues: [0] }, scanner, tissue, times, re, im);
        for (let line = 0; line < lines; line++) {
          const magnitude = Math.hypot(re[line] ?? NaN, im[line] ?? NaN);
          expect(Number.isFinite(magnitude)).toBe(true);
          // M⊥ never exceeds the proton density (1e-12 relative: rounding).
          expect(magnitude).toBeLessThanOrEqual(tissue.pd * (1 + 1e-12));
        }
      }
    }
  });
});
