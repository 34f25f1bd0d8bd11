import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../sequence/build/index.ts';
import { SEQUENCE_FAMILIES, type Protocol, type Scanner } from '../../sequence/protocol.ts';
import { readSeq } from './read.ts';
import { writeSeq } from './write.ts';
import { expectSameTimeline } from './timeline-compare.test-support.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.033, maxSlewRate: 125, coil: 'body' };

/** A small protocol (16×16) of any family, with timing every family can meet (as in sequence/build tests). */
function protocol(p: Partial<Protocol>): Protocol {
  return {
    family: 'SE',
    repetitionTime: 0.5,
    echoTime: 0.02,
    flipAngle: Math.PI / 2,
    echoTrainLength: 1,
    bandwidthPerPixel: 250,
    fovRead: 0.2,
    fovPhase: 0.2,
    matrixRead: 16,
    matrixPhase: 16,
    sliceThickness: 0.005,
    sliceGap: 0,
    sliceCount: 1,
    geometry: { orientation: 'axial', center: [0, 0, 0] },
    phaseDirection: 'column',
    nex: 1,
    phaseOversampling: 0,
    fatSaturation: false,
    partialFourier: 1,
    ...p,
  };
}

const FAMILY_PROTOCOLS: Record<(typeof SEQUENCE_FAMILIES)[number], Partial<Protocol>> = {
  SE: {},
  TSE: { echoTrainLength: 4, echoTime: 0.05, repetitionTime: 2 },
  GRE: { repetitionTime: 0.015, echoTime: 0.005, flipAngle: Math.PI / 6 },
  bSSFP: { repetitionTime: 0.01, echoTime: 0.005, flipAngle: Math.PI / 3 },
  IR: { inversionTime: 0.3, repetitionTime: 2 },
  STIR: { inversionTime: 0.16, repetitionTime: 2 },
  FLAIR: { inversionTime: 1.0, repetitionTime: 3, echoTrainLength: 4, echoTime: 0.08 },
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

describe('writeSeq on our protocols', () => {
  for (const family of SEQUENCE_FAMILIES) {
    it(`${family}: writes a signed .seq file that reads back as the same timeline`, () => {
      const timeline = buildTimeline(protocol({ family, ...FAMILY_PROTOCOLS[family] }), scanner);
      const seq = readSeq(writeSeq(timeline), { strictSignature: true });
      expect(seq.warnings).toEqual([]);
      expectSameTimeline(timeline, seq);
    });
  }
});
