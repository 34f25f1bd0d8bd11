import { describe, expect, it } from 'vitest';
import { simulateBloch } from '../../simulate/bloch/engine.ts';
import { adcSampleTimes } from '../../simulate/bloch/plan.ts';
import { oneSpin } from '../../simulate/bloch/probe.testing.ts';
import { createWasmKernels } from '../../simulate/bloch/wasmKernels.ts';
import { SEQUENCE_FAMILIES, type Protocol } from '../protocol.ts';
import { BSSFP_REFERENCE_TISSUE } from './gradientEcho.ts';
import { buildTimeline } from './index.ts';
import { gradientLimits } from './raster.ts';
import { gradientExtremes } from './timelineExtremes.testing.ts';
import { InvalidProtocolError } from '../validate.ts';

import { FAMILY_PROTOCOLS, smallProtocol as protocol } from './protocols.testing.ts';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';

describe('protocol timelines', () => {
  const limits = gradientLimits(scanner);
  for (const family of SEQUENCE_FAMILIES) {
    it(`${family}: stays within gradient and slew limits, on the block raster, with matrixRead samples per line`, () => {
      const p = protocol({ family, ...FAMILY_PROTOCOLS[family] });
      const t = buildTimeline(p, scanner);
      const { amplitude, slew } = gradientExtremes(t);
      expect(amplitude).toBeLessThanOrEqual(limits.maxGradient);
      expect(slew).toBeLessThanOrEqual(limits.maxSlew * 1.0001);
      for (const b of t.blocks)
        expect(Math.abs(b.duration / t.raster.block - Math.round(b.duration / t.raster.block))).toBeLessThan(
          1e-6,
        );
      const samples = adcSampleTimes(t).length;
      expect(samples % p.matrixRead).toBe(0);
      expect(samples).toBeGreaterThanOrEqual(p.matrixRead * p.matrixPhase);
    });
  }

  it('refuses a TE shorter than the sequence can reach with the validation message, naming TE', () => {
    const build = () => buildTimeline(protocol({ echoTime: 0.002 }), scanner);
    expect(build).toThrow(InvalidProtocolError);
    expect(build).toThrow(/TE must be at least .* ms for this bandwidth/);
    try {
      build();
    } catch (error) {
      expect(error instanceof InvalidProtocolError && error.validation).toEqual({ echoTime: 'min' });
    }
  });

  it('refuses an EPI whose echo spacing puts TE before the lines that lead to the k-space centre', () => {
    // 130 Hz/pixel at 256²: the minimum TE is about 2 s; TE 80 ms would read lines before the excitation.
    const epi = protocol({
      ...FAMILY_PROTOCOLS['SE-EPI'],
      family: 'SE-EPI',
      bandwidthPerPixel: 130,
      matrixRead: 256,
      matrixPhase: 256,
      echoTime: 0.08,
    });
    expect(() => buildTimeline(epi, scanner)).toThrow(InvalidProtocolError);
  });

  it('EPI lines follow the protocol’s echo spacing where it is set (timing.ts and the fast engine count with it)', () => {
    const lineStarts = (p: Protocol) => {
      const starts = adcSampleTimes(buildTimeline(p, scanner)).filter((_, i) => i % p.matrixRead === 0);
      return starts.slice(1, 4).map((t, i) => t - (starts[i] ?? 0));
    };
    for (const family of ['GRE-EPI', 'SE-EPI'] as const) {
      const base = protocol({ ...FAMILY_PROTOCOLS[family], family });
      const shortest = lineStarts(base)[0] ?? 0;
      const echoSpacing = Math.ceil((shortest + 3e-4) / 1e-4) * 1e-4;
      const spaced = lineStarts({ ...base, echoSpacing, echoTime: base.echoTime + 0.02 });
      for (const step of spaced) expect(step).toBeCloseTo(echoSpacing, 9);
    }
  });
});

/** One spin at the isocentre; the centre sample (k = 0) of the centre line is the echo. */
function centreEcho(p: Protocol, t1: number, t2: number, options = {}): number {
  const t = buildTimeline(p, scanner, options);
  const spins = oneSpin({ t1, t2 });
  const s = simulateBloch({ timeline: t, spins }, { kernels: createWasmKernels }).coils[0];
  const index = (p.matrixPhase / 2) * p.matrixRead + p.matrixRead / 2;
  return Math.hypot(s?.re[index] ?? 0, s?.im[index] ?? 0);
}

/**
 * The closed-form bSSFP echo at TE = TR/2 per unit M0 (T1, T2, TR [s], flip α [rad]):
 * sinα(1−E1)/(1−(E1−E2)cosα−E1E2)·e^(−TE/T2), written here independently of the engine.
 */
function bssfpClosedFormEcho(t1: number, t2: number, tr: number, alpha: number): number {
  const [e1, e2] = [Math.exp(-tr / t1), Math.exp(-tr / t2)];
  return (
    ((Math.sin(alpha) * (1 - e1)) / (1 - (e1 - e2) * Math.cos(alpha) - e1 * e2)) * Math.exp(-tr / 2 / t2)
  );
}

describe('Bloch engine on protocol timelines against closed forms (reference/analytic_formulas.md)', () => {
  it('SE: PD·[1 − 2e^(−(TR−TE/2)/T1) + e^(−TR/T1)]·e^(−TE/T2) within 2 % (relaxation during 2 ms pulses)', () => {
    const [t1, t2] = [0.6, 0.08];
    const p = protocol({ repetitionTime: 0.5, echoTime: 0.03 });
    const expected = (1 - 2 * Math.exp(-(0.5 - 0.015) / t1) + Math.exp(-0.5 / t1)) * Math.exp(-0.03 / t2);
    expect(centreEcho(p, t1, t2) / expected).toBeCloseTo(1, 1);
    expect(Math.abs(centreEcho(p, t1, t2) / expected - 1)).toBeLessThan(0.02);
  });

  it('IR: M0[1 − 2e^(−TI/T1) + 2e^(−(TR−TE/2)/T1) − e^(−TR/T1)]·e^(−TE/T2) within 2 %', () => {
    const [t1, t2, ti, tr, te] = [0.8, 0.08, 0.3, 2, 0.02];
    const p = protocol({ family: 'IR', inversionTime: ti, repetitionTime: tr, echoTime: te });
    const mz = 1 - 2 * Math.exp(-ti / t1) + 2 * Math.exp(-(tr - te / 2) / t1) - Math.exp(-tr / t1);
    const expected = Math.abs(mz) * Math.exp(-te / t2);
    expect(Math.abs(centreEcho(p, t1, t2) / expected - 1)).toBeLessThan(0.02);
  });

  it('spoiled GRE with T2 ≪ TR: sinα(1−E1)/(1−cosα·E1)·e^(−TE/T2) within 2 %', () => {
    const [t1, t2, tr, te, alpha] = [0.3, 0.004, 0.05, 0.005, Math.PI / 6];
    const p = protocol({ family: 'GRE', repetitionTime: tr, echoTime: te, flipAngle: alpha });
    const e1 = Math.exp(-tr / t1);
    const expected = ((Math.sin(alpha) * (1 - e1)) / (1 - Math.cos(alpha) * e1)) * Math.exp(-te / t2);
    expect(Math.abs(centreEcho(p, t1, t2) / expected - 1)).toBeLessThan(0.02);
  });

  it('bSSFP: sinα(1−E1)/(1−(E1−E2)cosα−E1E2)·e^(−TE/T2) within 3 % (2 ms pulses in a 12 ms TR: finite-pulse effect)', () => {
    const [t1, t2, tr, alpha] = [0.3, 0.1, 0.012, Math.PI / 3];
    const p = protocol({ family: 'bSSFP', repetitionTime: tr, echoTime: tr / 2, flipAngle: alpha });
    const expected = bssfpClosedFormEcho(t1, t2, tr, alpha);
    expect(Math.abs(centreEcho(p, t1, t2, { dummyScans: 300 }) / expected - 1)).toBeLessThan(0.03);
  });

  it('bSSFP with the default dummy scans (catalysed α/2 – TR/2 start): the centre echo is within 2 % of the closed-form steady state', () => {
    const [t1, t2, tr, alpha] = [0.3, 0.1, 0.012, Math.PI / 3];
    const p = protocol({ family: 'bSSFP', repetitionTime: tr, echoTime: tr / 2, flipAngle: alpha });
    const expected = bssfpClosedFormEcho(t1, t2, tr, alpha);
    expect(Math.abs(centreEcho(p, t1, t2) / expected - 1)).toBeLessThan(0.02);
  });

  it('bSSFP default dummy scans: the reference tissue (T1 1 s, T2 50 ms) is within 2 % of its signal after 1000 TRs, at TR 12 ms and 8 ms', () => {
    const { t1, t2 } = BSSFP_REFERENCE_TISSUE;
    for (const tr of [0.012, 0.008]) {
      const p = protocol({ family: 'bSSFP', repetitionTime: tr, echoTime: tr / 2, flipAngle: Math.PI / 3 });
      const settled = centreEcho(p, t1, t2, { dummyScans: 1000 });
      expect(Math.abs(centreEcho(p, t1, t2) / settled - 1)).toBeLessThan(0.02);
    }
  });
});
