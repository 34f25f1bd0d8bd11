/**
 * Small protocols of every family for tests: 16×16, one slice, timing every family can meet on
 * `GRADIENT_LIMITED_SCANNER` of scanner.testing.ts (33 mT/m, 125 T/m/s at 1.5 T). Shared by the builder,
 * Pulseq and Bloch-agreement tests.
 */
import type { Protocol, SequenceFamily } from '../protocol.ts';
import { testProtocol } from '../protocol.testing.ts';

/** A 16×16 single-slice SE protocol (5 mm, 250 Hz/pixel, TE 20 ms) with `overrides` applied. */
export function smallProtocol(overrides: Partial<Protocol> = {}): Protocol {
  return testProtocol({
    echoTime: 0.02,
    bandwidthPerPixel: 250,
    matrixRead: 16,
    matrixPhase: 16,
    sliceThickness: 0.005,
    ...overrides,
  });
}

/** Per family, the overrides of `smallProtocol` that give it timing it can meet. */
export const FAMILY_PROTOCOLS: Record<SequenceFamily, Partial<Protocol>> = {
  SE: {},
  TSE: { echoTrainLength: 4, echoTime: 0.03, repetitionTime: 2 },
  GRE: { repetitionTime: 0.015, echoTime: 0.005, flipAngle: Math.PI / 6 },
  bSSFP: { repetitionTime: 0.01, echoTime: 0.005, flipAngle: Math.PI / 3 },
  IR: { inversionTime: 0.3, repetitionTime: 2 },
  STIR: { inversionTime: 0.16, repetitionTime: 2 },
  FLAIR: { inversionTime: 1.0, repetitionTime: 3, echoTrainLength: 4, echoTime: 0.03 },
  MPRAGE: { inversionTime: 0.5, repetitionTime: 2, flipAngle: Math.PI / 18 },
  'GRE-EPI': { repetitionTime: 0.1, echoTime: 0.03, bandwidthPerPixel: 1500 },
  'SE-EPI': { repetitionTime: 0.2, echoTime: 0.06, bandwidthPerPixel: 1500 },
  DWI: { repetitionTime: 0.3, echoTime: 0.1, bandwidthPerPixel: 1500, bValues: [0, 1e9] },
  Dixon: { repetitionTime: 0.02, echoTime: 0.005, flipAngle: Math.PI / 9 },
  SWI: { repetitionTime: 0.04, echoTime: 0.02, echoTimes: [0.01, 0.02], flipAngle: Math.PI / 12 },
  MOLLI: {
    inversionTime: 0.12,
    repetitionTime: 0.008,
    bandwidthPerPixel: 1000,
    flipAngle: Math.PI / 5,
    matrixRead: 8,
    matrixPhase: 8,
  },
};
