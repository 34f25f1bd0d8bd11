import { describe, expect, it } from 'vitest';
import { SCANNER_FIELD_STRENGTHS_T } from '../constants.ts';
import { tissueAtField } from '../tissue/library.ts';
import type { TissueKey } from '../tissue/types.ts';
import { defaultProtocol } from './defaults.ts';
import type { Protocol, Scanner } from './protocol.ts';
import { tissueSignal } from './signal.ts';
import { testScanner } from '../scanner.testing.ts';

/** Voxel signal magnitude PD·|M⊥| of a tissue of the library under a protocol (what an image shows). */
function brightness(protocol: Protocol, key: TissueKey, scanner: Scanner): number {
  const tissue = tissueAtField(key, scanner.b0);
  const s = tissueSignal(protocol, tissue, scanner);
  return tissue.pd * Math.hypot(s.re, s.im);
}

const scannerAt = (b0: number): Scanner => testScanner({ b0 });

describe('contrast of the default protocols, per tissue, at every scanner field', () => {
  for (const b0 of SCANNER_FIELD_STRENGTHS_T) {
    const scanner = scannerAt(b0);

    it(`T1-weighted SE (TR 500, TE 15 ms) at ${b0} T: white matter > grey matter > CSF`, () => {
      const p = defaultProtocol('SE', scanner);
      expect(brightness(p, 'whiteMatter', scanner)).toBeGreaterThan(brightness(p, 'greyMatter', scanner));
      expect(brightness(p, 'greyMatter', scanner)).toBeGreaterThan(brightness(p, 'csf', scanner));
    });

    it(`T2-weighted TSE (TR 4–5 s, TE 100 ms) at ${b0} T: CSF is the brightest brain tissue`, () => {
      const p = defaultProtocol('TSE', scanner);
      const csf = brightness(p, 'csf', scanner);
      for (const key of ['greyMatter', 'whiteMatter', 'deepGreyMatter', 'fat', 'muscle']) {
        expect(csf, key).toBeGreaterThan(brightness(p, key, scanner));
      }
      expect(brightness(p, 'greyMatter', scanner)).toBeGreaterThan(brightness(p, 'whiteMatter', scanner));
    });

    it(`FLAIR at ${b0} T nulls CSF: under 2 % of white matter, while lesions stay brighter than white matter`, () => {
      const p = defaultProtocol('FLAIR', scanner);
      const wm = brightness(p, 'whiteMatter', scanner);
      expect(brightness(p, 'csf', scanner)).toBeLessThan(0.02 * wm);
      expect(brightness(p, 'msLesion', scanner)).toBeGreaterThan(wm);
    });

    it(`STIR at ${b0} T nulls fat: under 2 % of muscle`, () => {
      const p = defaultProtocol('STIR', scanner);
      expect(brightness(p, 'fat', scanner)).toBeLessThan(0.02 * brightness(p, 'muscle', scanner));
    });

    it(`MP-RAGE at ${b0} T: white matter > grey matter > CSF`, () => {
      const p = defaultProtocol('MPRAGE', scanner);
      expect(brightness(p, 'whiteMatter', scanner)).toBeGreaterThan(brightness(p, 'greyMatter', scanner));
      expect(brightness(p, 'greyMatter', scanner)).toBeGreaterThan(brightness(p, 'csf', scanner));
    });
  }

  it('Dixon echoes at 1.5 T fall opposed then in phase: a half-fat voxel cancels then adds (±2 %)', () => {
    const scanner = scannerAt(1.5);
    const p = defaultProtocol('Dixon', scanner);
    const [first, second] = p.echoTimes ?? [];
    const voxel = (te: number | undefined): number => {
      const q = { ...p, echoTime: te ?? 0 };
      const water = tissueAtField('muscle', 1.5, { pd: 1, t1: 1, t2: 0.05, t2star: 0.05 });
      const fat = tissueAtField('fat', 1.5, { pd: 1, t1: 1, t2: 0.05, t2star: 0.05 });
      const w = tissueSignal(q, water, scanner);
      const f = tissueSignal(q, fat, scanner);
      return Math.hypot(w.re + f.re, w.im + f.im) / (2 * Math.hypot(w.re, w.im));
    };
    expect(voxel(first)).toBeLessThan(0.02);
    expect(voxel(second)).toBeGreaterThan(0.98);
  });

  it('fat saturation darkens fat on a T1-weighted SE while white matter keeps its signal', () => {
    const scanner = scannerAt(1.5);
    const p = { ...defaultProtocol('SE', scanner), fatSaturation: true };
    expect(brightness(p, 'fat', scanner)).toBe(0);
    expect(brightness(p, 'whiteMatter', scanner)).toBeGreaterThan(0.1);
  });
});
