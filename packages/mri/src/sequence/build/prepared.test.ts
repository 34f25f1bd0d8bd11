import { describe, expect, it } from 'vitest';
import { adcSampleTimes } from '../../simulate/bloch/plan.ts';
import { adcEchoIndices } from '../../simulate/bloch/recon.ts';
import { defaultProtocol } from '../defaults.ts';
import type { Protocol, Scanner } from '../protocol.ts';
import type { SequenceTimeline } from '../timeline.ts';
import { centrePulseIndex, protocolTiming, readoutPulses } from '../timing.ts';
import { validateProtocol } from '../validate.ts';
import { buildTimeline } from './index.ts';
import { mprageDummyShots, mprageShotLines } from './prepared.ts';

const SCANNER: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'body' };

/** Centre times [s] of the pulses of one use, and of the ADC events' k-space-centre samples. */
function events(t: SequenceTimeline): { rf: Map<string, number[]>; adc: number[] } {
  const rf = new Map<string, number[]>();
  const adc: number[] = [];
  let time = 0;
  for (const b of t.blocks) {
    if (b.rf) rf.set(b.rf.use, [...(rf.get(b.rf.use) ?? []), time + b.rf.delay + b.rf.center]);
    if (b.adc) adc.push(time + b.adc.delay);
    time += b.duration;
  }
  return { rf, adc };
}

describe('MP-RAGE segmentation (issue 23.4)', () => {
  it.each([
    [192, 128, 64],
    [256, 128, 64],
    [16, 1, 0],
    [4, 2, 1],
    [100, 7, 3],
  ])(
    '%i lines, %i pulses per shot, centre %i: every line once, the centre line at the centre pulse',
    (lines, pulses, centre) => {
      const shots = mprageShotLines(lines, pulses, centre);
      const read = shots.flat().filter((l) => l >= 0);
      expect([...read].sort((a, b) => a - b)).toEqual(Array.from({ length: lines }, (_, i) => i));
      expect(shots.some((s) => s[centre] === Math.floor(lines / 2))).toBe(true);
      // Neighbouring lines come from the same or the next excitation: a smooth weighting along ky.
      const pulseOf = new Map<number, number>();
      shots.forEach((s) => s.forEach((l, k) => l >= 0 && pulseOf.set(l, k)));
      for (let l = 1; l < lines; l++)
        expect(Math.abs((pulseOf.get(l) ?? 0) - (pulseOf.get(l - 1) ?? 0))).toBeLessThanOrEqual(1);
    },
  );

  it('refuses a centre outside the shot', () => {
    expect(() => mprageShotLines(16, 4, 4)).toThrow(RangeError);
  });

  it('the default plays readoutPulses excitations per shot, the centre one TI after the inversion, TR apart', () => {
    const p = defaultProtocol('MPRAGE', SCANNER);
    const t = buildTimeline(p, SCANNER);
    const { rf } = events(t);
    const inversions = rf.get('inversion') ?? [];
    const excitations = rf.get('excitation') ?? [];
    const pulses = readoutPulses(p);
    const dummies = mprageDummyShots(pulses, p.flipAngle);
    expect(pulses).toBe(128);
    expect(dummies).toBe(2);
    expect(inversions).toHaveLength(dummies + 2); // 192 lines in 2 shots of 128 excitations
    expect(excitations).toHaveLength(inversions.length * pulses);
    inversions.forEach((tInv, shot) => {
      const centre = excitations[shot * pulses + centrePulseIndex(p)] ?? 0;
      expect(Math.abs(centre - tInv - (p.inversionTime ?? 0))).toBeLessThan(1e-5);
      expect(Math.abs(tInv - (inversions[0] ?? 0) - shot * p.repetitionTime)).toBeLessThan(1e-9);
      const next = excitations[shot * pulses + 1] ?? 0;
      expect(Math.abs(next - (excitations[shot * pulses] ?? 0) - (p.echoSpacing ?? 0))).toBeLessThan(1e-5);
    });
    expect(adcSampleTimes(t).length).toBe(p.matrixPhase * p.matrixRead);
  });
});

describe('MOLLI (issue 23.4)', () => {
  it('the default reads its partial-Fourier lines once, in the first image, the centre line TI after the inversion', () => {
    const p = defaultProtocol('MOLLI', SCANNER);
    const t = buildTimeline(p, SCANNER);
    const { rf, adc } = events(t);
    const inversion = rf.get('inversion')?.[0] ?? 0;
    const acquired = Math.ceil(p.matrixPhase * p.partialFourier);
    expect(adc).toHaveLength(acquired);
    // Lines are read from acquired − 1 down: the centre line (N/2) is event acquired − 1 − N/2.
    const centreAdc = adc[acquired - 1 - p.matrixPhase / 2] ?? 0;
    const excitations = rf.get('excitation') ?? [];
    const centreExcitation = excitations.filter((e) => e < centreAdc).at(-1) ?? 0;
    expect(Math.abs(centreExcitation - inversion - (p.inversionTime ?? 0))).toBeLessThan(1e-5);
  });
});

describe('Dixon: bipolar echoes at the default echo times (issue 23.4)', () => {
  it('reads two echoes per excitation, the second on the negative readout lobe', () => {
    const p = defaultProtocol('Dixon', SCANNER);
    const t = buildTimeline(p, SCANNER);
    const echoes = adcEchoIndices(t);
    expect(echoes.filter((e) => e === 0)).toHaveLength(echoes.filter((e) => e === 1).length);
    expect(Math.max(...echoes)).toBe(1);
  });
});

describe('what validates plays: each family at validation’s shortest TE or TR', () => {
  const atMinimum = (family: Protocol['family'], key: 'echoTime' | 'repetitionTime'): Protocol => {
    const p = defaultProtocol(family, SCANNER);
    const timing = protocolTiming(p, SCANNER);
    if (key === 'echoTime') {
      const te = Math.ceil(timing.minEchoTime / 1e-4 - 1e-9) * 1e-4; // the console's 0.1 ms step
      const shift = te - p.echoTime;
      return { ...p, echoTime: te, ...(p.echoTimes ? { echoTimes: p.echoTimes.map((e) => e + shift) } : {}) };
    }
    const tr = Math.ceil(timing.minRepetitionTime / 1e-4 - 1e-9) * 1e-4;
    return {
      ...p,
      repetitionTime: tr,
      echoTime: family === 'MOLLI' || family === 'bSSFP' ? tr / 2 : p.echoTime,
    };
  };
  it.each([
    ['GRE', 'echoTime'],
    ['MPRAGE', 'echoTime'],
    ['SWI', 'echoTime'],
    ['bSSFP', 'repetitionTime'],
    ['MOLLI', 'repetitionTime'],
  ] as const)('%s at its shortest %s', (family, key) => {
    const p = atMinimum(family, key);
    expect(validateProtocol(p, SCANNER)).toEqual([]);
    expect(() => buildTimeline(p, SCANNER)).not.toThrow();
  });
});
