import { describe, expect, it } from 'vitest';
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import type { TissueAtField } from '../tissue/types.ts';
import { degToRad } from '../units.ts';
import type { Protocol, Scanner, SequenceFamily } from './protocol.ts';
import { echoTimeOfLine, tissueSignal } from './signal.ts';
import { echoSpacingOf } from './timing.ts';
import { testScanner } from '../scanner.testing.ts';
import { CLINICAL_BRAIN_GRID, testProtocol } from './protocol.testing.ts';

const SCANNER_3T: Scanner = testScanner({ b0: 3 });

/** White matter at 3 T (Stanisz 2005; Peters 2007 for T2*), as the tissue library gives it. */
const WHITE_MATTER: TissueAtField = {
  key: 'whiteMatter',
  pd: 0.69,
  t1: 1.084,
  t2: 0.069,
  t2star: 0.0532,
  chemicalShiftPpm: 0,
  susceptibilityPpm: 0,
  adc: 0.7e-9,
  offResonanceHz: 0,
};

/** Subcutaneous fat at 3 T (de Bazelaire 2004), −3.4 ppm. */
const FAT: TissueAtField = {
  key: 'fat',
  pd: 0.95,
  t1: 0.382,
  t2: 0.068,
  t2star: 0.011,
  chemicalShiftPpm: -3.4,
  susceptibilityPpm: 1.2,
  adc: 0.01e-9,
  offResonanceHz: -3.4e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * 3,
};

function protocol(family: SequenceFamily, overrides: Partial<Protocol> = {}): Protocol {
  return testProtocol({
    family,
    echoTime: 0.08,
    bandwidthPerPixel: 200,
    ...CLINICAL_BRAIN_GRID,
    ...overrides,
  });
}

describe('tissueSignal', () => {
  it('SE puts the reference amplitude 0.10104 along +y (M⊥ = i·S, ±1e-5)', () => {
    const s = tissueSignal(protocol('SE'), WHITE_MATTER, SCANNER_3T);
    expect(Math.abs(s.im - 0.10104)).toBeLessThan(1e-5);
    expect(Math.abs(s.re)).toBeLessThan(1e-12);
  });

  it('a spin echo refocuses the chemical shift: fat has no phase at the echo', () => {
    const s = tissueSignal(protocol('SE'), FAT, SCANNER_3T);
    expect(Math.abs(s.re)).toBeLessThan(1e-12);
    expect(s.im).toBeGreaterThan(0);
  });

  it('GRE turns fat by e^(−i2πΔf·TE): opposed to water at TE = 1/(2|Δf|), in phase at 1/|Δf| (±1e-9 rad)', () => {
    const df = Math.abs(FAT.offResonanceHz);
    const opposed = tissueSignal(
      protocol('Dixon', { echoTime: 1 / (2 * df), repetitionTime: 0.15 }),
      FAT,
      SCANNER_3T,
    );
    const inPhase = tissueSignal(
      protocol('Dixon', { echoTime: 1 / df, repetitionTime: 0.15 }),
      FAT,
      SCANNER_3T,
    );
    expect(Math.atan2(opposed.im, opposed.re)).toBeCloseTo(-Math.PI / 2, 9);
    expect(Math.atan2(inPhase.im, inPhase.re)).toBeCloseTo(Math.PI / 2, 9);
  });

  it('GRE phase follows clockwise precession: Δf < 0 (fat) turns +y onto −x a quarter period later', () => {
    const te = 1 / (4 * Math.abs(FAT.offResonanceHz));
    const s = tissueSignal(protocol('GRE', { echoTime: te, repetitionTime: 0.1 }), FAT, SCANNER_3T);
    // e^(−i·2π·Δf·t) with Δf < 0 turns +y by a quarter period onto −x.
    expect(s.re).toBeLessThan(0);
    expect(Math.abs(s.im)).toBeLessThan(1e-9 * Math.abs(s.re));
  });

  it('fat saturation zeroes fat and leaves water unchanged', () => {
    const sat = protocol('TSE', { fatSaturation: true, repetitionTime: 4, echoTrainLength: 15 });
    expect(tissueSignal(sat, FAT, SCANNER_3T)).toEqual({ re: 0, im: 0 });
    const plain = { ...sat, fatSaturation: false };
    expect(tissueSignal(sat, WHITE_MATTER, SCANNER_3T)).toEqual(
      tissueSignal(plain, WHITE_MATTER, SCANNER_3T),
    );
  });

  it('DWI attenuates the SE-EPI signal by e^(−b·ADC) (±1e-12 relative)', () => {
    const b = 1e9; // 1000 s/mm²
    const seEpi = tissueSignal(
      protocol('SE-EPI', { repetitionTime: 3, echoTime: 0.09 }),
      WHITE_MATTER,
      SCANNER_3T,
    );
    const dwi = tissueSignal(
      protocol('DWI', { repetitionTime: 3, echoTime: 0.09, bValues: [b] }),
      WHITE_MATTER,
      SCANNER_3T,
    );
    expect(dwi.im / seEpi.im).toBeCloseTo(Math.exp(-b * WHITE_MATTER.adc), 12);
  });

  it('FLAIR nulls a tissue at its inversion null time (|S| < 1e-3 of PD)', () => {
    const csf: TissueAtField = { ...WHITE_MATTER, key: 'csf', t1: 4.163, t2: 1.65, t2star: 1.0 };
    const tr = 9;
    const te = 0.01;
    // Null of the SE-readout IR: 1 − 2e^(−TI/T1) + 2e^(−(TR−TE/2)/T1) − e^(−TR/T1) = 0.
    const ti = -csf.t1 * Math.log((1 + 2 * Math.exp(-(tr - te / 2) / csf.t1) - Math.exp(-tr / csf.t1)) / 2);
    const s = tissueSignal(
      protocol('FLAIR', { repetitionTime: tr, echoTime: te, inversionTime: ti }),
      csf,
      SCANNER_3T,
    );
    expect(Math.hypot(s.re, s.im)).toBeLessThan(1e-3);
  });

  it('inversion families without an inversion time are rejected with a message naming it', () => {
    expect(() => tissueSignal(protocol('STIR'), FAT, SCANNER_3T)).toThrow(/inversion time/);
  });

  it('SWI adds the susceptibility phase 2π·γ̄·B0·Δχ/3·TE (vein parallel to B0, ±1e-9 rad)', () => {
    const vein: TissueAtField = { ...WHITE_MATTER, key: 'vein', susceptibilityPpm: 0.4 };
    const te = 0.005;
    const s = tissueSignal(protocol('SWI', { echoTime: te, repetitionTime: 0.05 }), vein, SCANNER_3T);
    const expected = Math.PI / 2 - 2 * Math.PI * GYROMAGNETIC_RATIO_HZ_PER_T * 3 * 0.4e-6 * (1 / 3) * te;
    expect(Math.atan2(s.im, s.re)).toBeCloseTo(expected, 9);
  });

  it('gives a finite value for every family', () => {
    const families: SequenceFamily[] = ['SE', 'TSE', 'GRE', 'bSSFP', 'IR', 'STIR', 'FLAIR', 'MPRAGE'];
    for (const family of [...families, 'GRE-EPI', 'SE-EPI', 'DWI', 'Dixon', 'SWI', 'MOLLI'] as const) {
      const p = protocol(family, {
        inversionTime: 0.3,
        repetitionTime: 2,
        echoTime: 0.002,
        flipAngle: degToRad(20),
      });
      const s = tissueSignal(p, WHITE_MATTER, SCANNER_3T);
      expect(Number.isFinite(s.re) && Number.isFinite(s.im)).toBe(true);
      expect(Math.hypot(s.re, s.im)).toBeGreaterThan(0);
    }
  });
});

describe('echoTimeOfLine', () => {
  const lines = 256;
  const centre = lines / 2;

  it('gives TE for every line of a single-echo family', () => {
    const p = protocol('GRE', { echoTime: 0.005 });
    expect([0, 77, centre, 255].map((l) => echoTimeOfLine(p, l, lines))).toEqual([
      0.005, 0.005, 0.005, 0.005,
    ]);
  });

  it('TSE: the centre line lands at TE and every line at TE + k·ESP, each echo filling lines/ETL lines', () => {
    const esp = 0.01;
    const p = protocol('TSE', { echoTime: 0.1, echoTrainLength: 16, echoSpacing: esp, repetitionTime: 4 });
    expect(echoTimeOfLine(p, centre, lines)).toBeCloseTo(0.1, 12);
    const counts = new Map<number, number>();
    for (let l = 0; l < lines; l++) {
      const k = Math.round(echoTimeOfLine(p, l, lines) / esp);
      expect(echoTimeOfLine(p, l, lines)).toBeCloseTo(k * esp, 12);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect([...counts.values()].every((c) => c === lines / 16)).toBe(true);
  });

  it('TSE with TE = ESP orders centre-out: the echo time grows with distance from the centre line', () => {
    const esp = 0.012;
    const p = protocol('TSE', { echoTime: esp, echoTrainLength: 8, echoSpacing: esp, repetitionTime: 2 });
    expect(echoTimeOfLine(p, centre, lines)).toBeCloseTo(esp, 12);
    expect(echoTimeOfLine(p, 0, lines)).toBeCloseTo(8 * esp, 12);
    expect(echoTimeOfLine(p, centre + 40, lines)).toBeGreaterThan(echoTimeOfLine(p, centre + 10, lines));
  });

  it('single-shot EPI: TE + (line − centre)·ESP (±1e-12 s)', () => {
    const p = protocol('GRE-EPI', {
      echoTime: 0.03,
      echoSpacing: 0.0006,
      matrixPhase: 64,
      bandwidthPerPixel: 1500,
    });
    expect(echoTimeOfLine(p, 32, 64)).toBeCloseTo(0.03, 12);
    expect(echoTimeOfLine(p, 0, 64)).toBeCloseTo(0.03 - 32 * 0.0006, 12);
    expect(echoTimeOfLine(p, 63, 64)).toBeCloseTo(0.03 + 31 * 0.0006, 12);
  });

  it('interleaved EPI: lines of one echo index share a time, ESP apart between echo indices', () => {
    const p = protocol('SE-EPI', {
      echoTime: 0.08,
      echoTrainLength: 16,
      echoSpacing: 0.001,
      matrixPhase: 64,
    });
    // 64 lines in 4 shots: line l is echo floor(l/4).
    expect(echoTimeOfLine(p, 32, 64)).toBeCloseTo(0.08, 12);
    expect(echoTimeOfLine(p, 33, 64)).toBeCloseTo(0.08, 12);
    expect(echoTimeOfLine(p, 36, 64)).toBeCloseTo(0.081, 12);
  });

  it('without an explicit echo spacing, uses the shortest one of the reference scanner', () => {
    const p = protocol('TSE', { echoTime: 0.1, echoTrainLength: 16, repetitionTime: 4 });
    const esp = echoSpacingOf(p);
    expect(esp).toBeGreaterThan(0.004);
    expect(esp).toBeLessThan(0.02);
    expect(echoTimeOfLine(p, centre, lines)).toBeCloseTo(0.1, 12);
  });
});
