/**
 * Feedback that teaches (issue 20.3): a failed check says what was measured (number and unit), why that fails and
 * what to change (the parameters), in words: no tissue or artifact key reaches the student; one weighting
 * classification for every check.
 */
import { describe, expect, it } from 'vitest';
import type { Protocol } from '../sequence/protocol.ts';
import { checkObjective } from './grade.ts';
import { KNEE_ID, SPINE_ID, T1_SE, scan } from './grading.testing.ts';
import type { Objective } from './objectives.ts';

const SLOW = 60_000;
const CAMEL_CASE = /\b[a-z]+[A-Z][a-zA-Z]*\b/;
const SAGITTAL_SPINE: Partial<Protocol> = {
  geometry: { orientation: 'sagittal', center: [0, 0, 0] },
  fovRead: 0.3,
  fovPhase: 0.3,
  phaseDirection: 'row',
};
/** TR 2000 ms, TE 15 ms: the scan that one card called PD and another T1. */
const PD_SE: Partial<Protocol> = { family: 'SE', repetitionTime: 2, echoTime: 0.015 };

describe('failed objectives teach in words, with the number, the unit and the parameter', () => {
  it(
    'TR 2000 ms / TE 15 ms is named the same weighting by the weighting check and by the contrast check',
    () => {
      const series = scan(SPINE_ID, { ...PD_SE, ...SAGITTAL_SPINE });
      const weighting = checkObjective({ kind: 'weighting', id: 'w', points: 1, weighting: 'T2' }, series);
      const contrast = checkObjective(
        { kind: 'contrastOrder', id: 'c', points: 1, brighter: 'csf', darker: 'spinalCord' },
        series,
      );
      expect(weighting.measured).toBe('TR 2000 ms, TE 15 ms: proton-density (PD) weighting');
      expect(contrast.hint).toMatch(/TR 2000 ms, TE 15 ms give proton-density \(PD\) weighting/);
      expect(contrast.hint).not.toMatch(/T1 weighting here/);
      expect(weighting.adjust).toEqual(['repetitionTime', 'echoTime']);
    },
    SLOW,
  );

  it(
    'a FLAIR whose TI does not null CSF fails with the TI in ms, the null point and TI to change',
    () => {
      const flair: Partial<Protocol> = {
        family: 'FLAIR',
        repetitionTime: 9,
        echoTime: 0.12,
        inversionTime: 1,
        echoTrainLength: 15,
        ...SAGITTAL_SPINE,
      };
      const objective: Objective = {
        kind: 'contrastOrder',
        id: 'n',
        points: 3,
        brighter: 'spinalCord',
        darker: 'csf',
      };
      const failed = checkObjective(objective, scan(SPINE_ID, flair));
      expect(failed.passed).toBe(false);
      expect(failed.measured).toMatch(/^signal ratio spinal cord : CSF = \d+\.\d\d at TI 1000 ms$/);
      expect(failed.target).toBe('Spinal cord brighter than CSF');
      expect(failed.hint).toMatch(/CSF \(T1 ≈ \d+ ms\) recovers through zero at .* ≈ (2[34]\d\d) ms/);
      expect(failed.hint).toMatch(/TI is 1000 ms: change TI towards \d+ ms to null CSF/);
      expect(failed.adjust).toEqual(['inversionTime']);
      for (const text of [failed.measured ?? '', failed.target, failed.hint])
        expect(text).not.toMatch(CAMEL_CASE);
      const nulled = checkObjective(objective, scan(SPINE_ID, { ...flair, inversionTime: 2.4 }));
      expect(nulled.passed).toBe(true);
    },
    SLOW,
  );

  it(
    'a STIR suppresses fat only near fat’s null point: TI 600 ms fails with the fat signal in %, TI 240 ms passes',
    () => {
      const stir: Partial<Protocol> = {
        family: 'STIR',
        repetitionTime: 4,
        echoTime: 0.05,
        echoTrainLength: 10,
        inversionTime: 0.6,
      };
      const objective: Objective = { kind: 'fatSuppression', id: 'f', points: 3, required: true };
      const late = checkObjective(objective, scan(KNEE_ID, stir));
      expect(late.passed).toBe(false);
      expect(late.measured).toMatch(/^fat keeps \d+ % of its signal at TI 600 ms$/);
      expect(late.hint).toMatch(/crosses zero at TI ≈ \d+ ms .* change TI/);
      expect(late.adjust).toEqual(['inversionTime']);
      expect(checkObjective(objective, scan(KNEE_ID, { ...stir, inversionTime: 0.24 })).passed).toBe(true);
    },
    SLOW,
  );

  it(
    'image checks name tissues and artifacts in words and carry their numbers with units',
    () => {
      const knee = scan(KNEE_ID, {
        ...T1_SE,
        fovRead: 0.16,
        fovPhase: 0.08,
        matrixPhase: 48,
        bandwidthPerPixel: 100,
      });
      const checks: Objective[] = [
        { kind: 'snrMin', id: 's', points: 1, tissue: 'muscle', minSnr: 10_000 },
        { kind: 'contrastOrder', id: 'c', points: 1, brighter: 'muscle', darker: 'fat' },
        { kind: 'noWrap', id: 'w', points: 1 },
        { kind: 'chemicalShiftMax', id: 'cs', points: 1, maxPixels: 0.5 },
        { kind: 'inPlaneResolutionMax', id: 'r', points: 1, maxMm: 0.5 },
        { kind: 'coverage', id: 'cov', points: 1, tissue: 'corticalBone', minFraction: 0.99 },
      ];
      for (const objective of checks) {
        const outcome = checkObjective(objective, knee);
        expect(outcome.passed, objective.kind).toBe(false);
        for (const text of [outcome.measured ?? '', outcome.target, outcome.hint])
          expect(text, `${objective.kind}: ${text}`).not.toMatch(CAMEL_CASE);
        expect(outcome.adjust.length, objective.kind).toBeGreaterThan(0);
      }
      const [snr, contrast, wrap, shift, pixel] = checks.map((o) => checkObjective(o, knee));
      expect(snr?.measured).toMatch(/^SNR \d+\.\d in muscle$/);
      expect(contrast?.target).toBe('Muscle brighter than fat');
      expect(contrast?.measured).toMatch(/^signal ratio muscle : fat = 0\.\d\d$/);
      expect(wrap?.measured).toMatch(/^\d+\.\d % of the anatomy overlapped/);
      expect(shift?.measured).toMatch(/^fat shifted 2\.\d\d pixels$/);
      expect(shift?.hint).toMatch(/at 100 Hz per pixel/);
      expect(pixel?.measured).toBe('pixels of 1.67 mm');
    },
    SLOW,
  );
});
