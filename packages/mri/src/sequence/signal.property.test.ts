import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCANNER_FIELD_STRENGTHS_T } from '../constants.ts';
import { TISSUE_LIBRARY, tissueAtField } from '../tissue/library.ts';
import { defaultProtocol } from './defaults.ts';
import { SEQUENCE_FAMILIES } from './protocol.ts';
import type { Scanner } from './protocol.ts';
import { echoTimeOfLine, tissueSignal } from './signal.ts';
import { testScanner } from '../scanner.testing.ts';

const TISSUE_KEYS = [...TISSUE_LIBRARY.keys()];

describe('signal model invariants (property-based)', () => {
  it('|M⊥| never exceeds M0 for any family, tissue, field, TR, TE, TI and flip angle', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEQUENCE_FAMILIES),
        fc.constantFrom(...TISSUE_KEYS),
        fc.constantFrom(...SCANNER_FIELD_STRENGTHS_T),
        fc.double({ min: 0.003, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: Math.PI, noNaN: true }),
        (family, key, b0, tr, teFraction, tiFraction, flip) => {
          const scanner: Scanner = testScanner({ b0 });
          const base = defaultProtocol(family, scanner);
          const protocol = {
            ...base,
            repetitionTime: tr,
            echoTime: teFraction * tr * 0.5,
            inversionTime: tiFraction * tr * 0.9,
            flipAngle: flip,
          };
          const s = tissueSignal(protocol, tissueAtField(key, b0), scanner);
          expect(Number.isFinite(s.re) && Number.isFinite(s.im)).toBe(true);
          expect(Math.hypot(s.re, s.im)).toBeLessThanOrEqual(1 + 1e-9);
        },
      ),
      { numRuns: 400, seed: 4 },
    );
  });

  it('every line of every family is acquired at a finite time, and the centre line at TE', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEQUENCE_FAMILIES),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 8, max: 256 }),
        (family, etl, lines) => {
          const scanner: Scanner = testScanner();
          const p = { ...defaultProtocol(family, scanner), echoTrainLength: etl };
          for (let line = 0; line < lines; line++) {
            expect(Number.isFinite(echoTimeOfLine(p, line, lines))).toBe(true);
          }
          expect(echoTimeOfLine(p, Math.floor(lines / 2), lines)).toBeCloseTo(p.echoTime, 12);
        },
      ),
      { numRuns: 200, seed: 4 },
    );
  });
});
