/**
 * The objectives the grading engine decides (issue 14), in the module form's units (names carry them: ms, mm, s,
 * T, pixels). @larmor/contracts' objectives.ts holds the zod schema of the same shape; a server test checks that
 * the contract's type is assignable to this one.
 */
import type { ParameterKey } from '../sequence/parameters.ts';
import type { SequenceFamily } from '../sequence/protocol.ts';
import type { TissueKey } from '../tissue/types.ts';

export type Weighting = 'T1' | 'T2' | 'PD' | 'T2*' | 'diffusion';
/** Phase-encoding direction in patient terms: right–left, anterior–posterior, head–feet. */
export type PatientDirection = 'RL' | 'AP' | 'HF';
export type PlantedArtifact = 'wrap' | 'chemicalShift' | 'motion' | 'susceptibility' | 'gibbs';

interface ObjectiveBase {
  id: string;
  title?: string | undefined;
  points: number;
  /** A miss by less than `marginFraction` of the target earns points falling linearly to none at the margin. */
  partialCredit?: { marginFraction: number } | undefined;
  feedbackPass?: string | undefined;
  feedbackFail?: string | undefined;
}

export type Objective = ObjectiveBase &
  (
    | { kind: 'sequenceFamily'; families: readonly SequenceFamily[] }
    | { kind: 'weighting'; weighting: Weighting }
    | { kind: 'orientation'; orientation: 'axial' | 'sagittal' | 'coronal' }
    | { kind: 'phaseDirection'; direction: PatientDirection }
    | { kind: 'scanTimeMax'; maxSeconds: number }
    | { kind: 'inPlaneResolutionMax'; maxMm: number }
    | { kind: 'sliceThicknessMax'; maxMm: number }
    | { kind: 'coverage'; tissue: TissueKey; minFraction: number }
    | { kind: 'fatSuppression'; required: boolean }
    | { kind: 'fieldStrength'; tesla: number }
    | { kind: 'snrMin'; tissue: TissueKey; minSnr: number }
    | { kind: 'contrastOrder'; brighter: TissueKey; darker: TissueKey }
    | { kind: 'noWrap' }
    | { kind: 'chemicalShiftMax'; maxPixels: number }
    | { kind: 'noMotion' }
    | { kind: 'cnrMin'; tissue: TissueKey; otherTissue: TissueKey; minCnr: number }
    | { kind: 'signalRatioMin'; tissue: TissueKey; otherTissue: TissueKey; minRatio: number }
    | { kind: 'tissueNull'; tissue: TissueKey; maxFraction: number }
    | { kind: 'adcRange'; tissue: TissueKey; minMm2PerS: number; maxMm2PerS: number }
    | { kind: 'sarMax'; maxWattsPerKg: number }
    | {
        kind: 'angulation';
        /** The line's name in words ("AC–PC line"). */
        line: string;
        /** Its ends in patient coordinates (LPS) [mm]. */
        fromMm: readonly [number, number, number];
        toMm: readonly [number, number, number];
        maxDegrees: number;
      }
    | { kind: 'gibbsMax'; maxPercent: number }
    | { kind: 'ghostMax'; maxPercent: number }
    | { kind: 'distortionMax'; maxPixels: number }
    | { kind: 'diagnoseFix'; artifact: PlantedArtifact; questionId: string }
    | {
        kind: 'readingAnswer';
        /** The question the student answers on submission, its words and choices, and the right one. */
        questionId: string;
        prompt: string;
        choices: readonly string[];
        answer: string;
      }
  );

/**
 * What a student changes to meet a check: a numeric parameter of the console (`ParameterKey`), or one of its
 * choices: the b-values, the sequence, the slice orientation, position, rotation or tilt, the phase-encoding direction, fat
 * saturation, the field strength, or the answer to the module's question.
 */
export type Adjustable =
  | ParameterKey
  | 'bValues'
  | 'family'
  | 'orientation'
  | 'slicePosition'
  | 'sliceRotation'
  | 'sliceTilt'
  | 'phaseDirection'
  | 'fatSaturation'
  | 'b0'
  | 'answer';

/** What one check decided for one series. */
export interface CheckOutcome {
  passed: boolean;
  /** What was measured, in words with units; null when nothing could be measured. */
  measured: string | null;
  /** The target in words. */
  target: string;
  /** Numeric measured value in the check's units, where there is one. */
  value: number | null;
  /** Points earned (partial credit included) of `maxPoints`. */
  points: number;
  maxPoints: number;
  /** Why, and how to get there. */
  hint: string;
  /** What to change to meet the check, most decisive first (the hint says how). */
  adjust: readonly Adjustable[];
}
