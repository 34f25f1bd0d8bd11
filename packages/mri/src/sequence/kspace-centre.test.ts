import { describe, expect, it } from 'vitest';
import { testScanner } from '../scanner.testing.ts';
import { snapshotTissueAt } from '../simulate/snapshot.ts';
import { testSnapshot } from '../simulate/snapshot.testing.ts';
import { bolusEnhancedTissue } from '../tissue/bolus.ts';
import { tissueAtField } from '../tissue/library.ts';
import { defaultProtocol } from './defaults.ts';
import { scanTime } from './derived.ts';
import { centreFractionOfPass, kSpaceCentreTime } from './kspace-centre.ts';
import type { Protocol } from './protocol.ts';

const SCANNER = testScanner();
const TR = 0.15;
/** One slice, one average, every phase line once: each line of k-space read exactly once per scan. */
const ONE_PASS = {
  phaseOversampling: 0,
  partialFourier: 1,
  nex: 1,
  sliceCount: 1,
} satisfies Partial<Protocol>;

/** A one-slice spoiled GRE of `lines` phase lines, no oversampling: one line per TR, linear from −ky. */
function gre(lines: number, overrides: Partial<Protocol> = {}): Protocol {
  return {
    ...defaultProtocol('GRE', SCANNER),
    repetitionTime: TR,
    echoTime: 0.0046,
    matrixPhase: lines,
    ...ONE_PASS,
    ...overrides,
  };
}

describe('kSpaceCentreTime: when a scan reads the centre of k-space (closed forms, ±1e-9 s)', () => {
  it('a linear full-Fourier GRE reads line N/2 at excitation N/2: (N/2 + ½)·TR, half the scan and half a TR', () => {
    const p = gre(128);
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(128 * TR, 9);
    expect(kSpaceCentreTime(p, SCANNER)).toBeCloseTo(64.5 * TR, 9);
  });

  it('two averages read the centre twice, at 64.5·TR and (128 + 64.5)·TR: their mean, 128.5·TR', () => {
    expect(kSpaceCentreTime(gre(128, { nex: 2 }), SCANNER)).toBeCloseTo(128.5 * TR, 9);
  });

  it('partial Fourier 3/4 keeps the negative half first: 96 lines, the centre still at excitation 64 (φ = 64.5/96)', () => {
    const p = gre(128, { partialFourier: 0.75 });
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(96 * TR, 9);
    expect(centreFractionOfPass(p)).toBeCloseTo(64.5 / 96, 12);
    expect(kSpaceCentreTime(p, SCANNER)).toBeCloseTo(64.5 * TR, 9);
  });

  it('a centric echo train (TE the first echo) reads the centre in its first shot: within the first shot’s TR', () => {
    const tse: Protocol = {
      ...defaultProtocol('TSE', SCANNER),
      repetitionTime: 2,
      echoTrainLength: 8,
      matrixPhase: 64,
      ...ONE_PASS,
    };
    const centric = { ...tse, echoTime: 0.01, echoSpacing: 0.01 };
    // 64 lines / 8 echoes = 8 shots of TR 2 s.
    expect(scanTime(centric, SCANNER).seconds).toBeCloseTo(16, 9);
    expect(kSpaceCentreTime(centric, SCANNER)).toBeLessThanOrEqual(2);
  });
});

describe('a bolus-timed snapshot shows the first pass at its k-space centre', () => {
  it('the tissue of a scan started D s after the injection is bolusEnhancedTissue at D + kSpaceCentreTime', () => {
    const contrast = { concentrationMmolPerMl: 0.5, volumeMl: 15, secondsAfterInjection: 6, firstPass: true };
    const snapshot = testSnapshot({
      protocol: { matrixPhase: 64, repetitionTime: TR, sliceCount: 1 },
      simulation: { noiseLevel: 0, contrast },
    });
    const centre = kSpaceCentreTime(snapshot.protocol, snapshot.scanner);
    expect(centre).toBeGreaterThan(4);
    const shown = snapshotTissueAt(snapshot)('blood');
    const plain = tissueAtField('blood', snapshot.scanner.b0);
    const expected = bolusEnhancedTissue(plain, { ...contrast, secondsAfterInjection: 6 + centre }, 1.5);
    expect(shown.t1).toBeCloseTo(expected.t1, 12);
    // Not the tissue at the scan's start: the first pass has moved on by then.
    const atStart = bolusEnhancedTissue(plain, contrast, 1.5);
    expect(Math.abs(shown.t1 - atStart.t1)).toBeGreaterThan(1e-3);
  });
});
