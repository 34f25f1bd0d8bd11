/**
 * Checks on the images of a submitted series (issue 14), with the model's labels on the image grid: SNR in a
 * tissue, contrast order, wrap-around, chemical shift, motion; and "diagnose and fix" (artifacts.ts measures).
 */
import {
  ARTIFACT_LIMITS,
  chemicalShiftPixels,
  gibbsPixel,
  motionArtifact,
  susceptibilityMeasure,
  wrapOverlap,
} from './artifacts.ts';
import type { GradingContext } from './context.ts';
import { inversionNullTimeWithReadout } from '../sequence/steady-state.ts';
import { tissueName, tissueNameCapitalised } from '../tissue/names.ts';
import { tissueSnr, tissueStats } from './imageStats.ts';
import type { Adjustable, CheckOutcome, Objective, PlantedArtifact } from './objectives.ts';
import { atLeast, atMost, binary, unmeasured } from './score.ts';
import { timingWords, weightingWords } from './weighting.ts';

const percent = (f: number): string => `${(f * 100).toFixed(1)} %`;

/** Words a student may use for each artifact (lower case; matched as substrings of the answer). */
export const ARTIFACT_NAMES: Record<PlantedArtifact, readonly string[]> = {
  wrap: ['wrap', 'alias', 'fold'],
  chemicalShift: ['chemical shift', 'chemical-shift', 'fat shift', 'fat-water shift', 'misregistration'],
  motion: ['motion', 'ghost', 'movement', 'breathing', 'pulsation'],
  susceptibility: ['susceptib', 'metal', 'blooming', 'dephas', 'distortion'],
  gibbs: ['gibbs', 'truncation', 'ringing'],
};

/** Each artifact in the words a student reads. */
export const ARTIFACT_WORDS: Record<PlantedArtifact, string> = {
  wrap: 'wrap-around (aliasing)',
  chemicalShift: 'chemical shift',
  motion: 'motion ghosts',
  susceptibility: 'susceptibility artifact',
  gibbs: 'Gibbs ringing (truncation)',
};

/** The artifacts an answer names (ARTIFACT_NAMES matched as lower-case substrings), in catalogue order. */
export function artifactsNamed(answer: string): PlantedArtifact[] {
  const text = answer.toLowerCase();
  return (Object.keys(ARTIFACT_NAMES) as PlantedArtifact[]).filter((artifact) =>
    ARTIFACT_NAMES[artifact].some((word) => text.includes(word)),
  );
}

/** Whether an artifact shows in the series, with what was measured. */
export function artifactPresence(
  ctx: GradingContext,
  artifact: PlantedArtifact,
): { present: boolean; measured: string } {
  switch (artifact) {
    case 'wrap': {
      const f = wrapOverlap(ctx);
      return {
        present: f > ARTIFACT_LIMITS.wrapOverlap,
        measured: `${percent(f)} of the anatomy overlapped by folded anatomy`,
      };
    }
    case 'chemicalShift': {
      const { pixels } = chemicalShiftPixels(ctx);
      return {
        present: pixels > ARTIFACT_LIMITS.chemicalShiftPixels,
        measured: `fat shifted ${pixels.toFixed(2)} pixels`,
      };
    }
    case 'motion': {
      const m = motionArtifact(ctx);
      return {
        present: m > ARTIFACT_LIMITS.motion,
        measured: `motion ghosts at ${percent(m)} of the anatomy’s signal`,
      };
    }
    case 'susceptibility': {
      const m = susceptibilityMeasure(ctx);
      return {
        present: m > ARTIFACT_LIMITS.susceptibility,
        measured: `interface dephasing / shift ${m.toFixed(2)}`,
      };
    }
    case 'gibbs': {
      const px = gibbsPixel(ctx);
      return { present: px > ARTIFACT_LIMITS.gibbsPixel, measured: `${(px * 1000).toFixed(2)} mm pixels` };
    }
  }
}

export const FIXES: Record<PlantedArtifact, string> = {
  wrap: 'Enlarge the phase FOV, add phase oversampling, or swap the phase direction to the short axis of the anatomy.',
  chemicalShift: 'Raise the bandwidth per pixel, or suppress fat (fat saturation, STIR).',
  motion:
    'Match TR to the period of the motion (as gating does), shorten the scan, hold the breath, or put the phase direction where ghosts matter least.',
  susceptibility: 'Use a spin echo (refocused), a shorter TE, or fewer lines per EPI shot.',
  gibbs: 'Use a larger matrix (smaller pixels) so ringing is finer and fainter.',
};

/** What to change against each artifact, most decisive first. */
export const FIX_PARAMETERS: Record<PlantedArtifact, readonly Adjustable[]> = {
  wrap: ['fovPhase', 'phaseOversampling', 'phaseDirection'],
  chemicalShift: ['bandwidthPerPixel', 'fatSaturation'],
  motion: ['repetitionTime', 'nex', 'phaseDirection'],
  susceptibility: ['echoTime', 'family'],
  gibbs: ['matrixRead', 'matrixPhase'],
};

/** Families whose inversion pulse nulls a tissue at the right TI. */
const INVERSION_FAMILIES = new Set(['IR', 'STIR', 'FLAIR']);
const ms = (s: number): string => `${Math.round(s * 1000)} ms`;

/** Decides an image check, or returns undefined for a kind that is not one. */
export function checkImages(
  objective: Objective,
  ctx: GradingContext,
  answers: Readonly<Record<string, string>>,
): CheckOutcome | undefined {
  switch (objective.kind) {
    case 'snrMin': {
      const snr = tissueSnr(ctx, objective.tissue);
      const tissue = tissueName(objective.tissue);
      const adjust: Adjustable[] = ['sliceThickness', 'nex', 'bandwidthPerPixel', 'matrixPhase', 'fovPhase'];
      if (snr === null)
        return unmeasured(
          objective,
          `SNR ≥ ${objective.minSnr} in ${tissue}`,
          `No pure ${tissue} pixels or no air in view to measure the noise: include both in the slices.`,
        );
      const got = Number.isFinite(snr) ? snr.toFixed(1) : '∞';
      return atLeast(objective, snr, objective.minSnr, {
        measured: `SNR ${got} in ${tissue}`,
        target: `≥ ${objective.minSnr}`,
        hint: `The signal-to-noise ratio in ${tissue} is ${got}; the task asks for ${objective.minSnr}. SNR grows with voxel volume and with √(phase lines × NEX ÷ bandwidth per pixel): thicker slices, larger pixels, more averages or a lower bandwidth raise it.`,
        adjust,
      });
    }
    case 'contrastOrder': {
      const a = tissueStats(ctx, objective.brighter);
      const b = tissueStats(ctx, objective.darker);
      const brighter = tissueName(objective.brighter);
      const darker = tissueName(objective.darker);
      const target = `${tissueNameCapitalised(objective.brighter)} brighter than ${darker}`;
      if (a.pixels === 0 || b.pixels === 0)
        return unmeasured(
          objective,
          target,
          `The slices show no pure ${a.pixels === 0 ? brighter : darker}: plan them through it.`,
        );
      const ratio = b.mean > 0 ? a.mean / b.mean : Infinity;
      const passed = ratio > 1;
      const { protocol } = ctx.series.snapshot;
      const w = ctx.weighting();
      const relax = (k: string): string =>
        `${tissueName(k)}: T1 ${ms(ctx.tissueAt(k).t1)}, T2 ${ms(ctx.tissueAt(k).t2)}`;
      const measured = `signal ratio ${brighter} : ${darker} = ${ratio.toFixed(2)}`;
      const why = passed
        ? `${tissueNameCapitalised(objective.brighter)} is ${ratio.toFixed(2)} times as bright as ${darker}.`
        : `${tissueNameCapitalised(objective.brighter)} is only ${ratio.toFixed(2)} times as bright as ${darker}; the task asks for more than 1.`;
      if (INVERSION_FAMILIES.has(protocol.family) && protocol.inversionTime !== undefined) {
        const t1 = ctx.tissueAt(objective.darker).t1;
        const nullTime = inversionNullTimeWithReadout(t1, protocol.repetitionTime, protocol.echoTime);
        return binary(objective, {
          passed,
          measured: `${measured} at TI ${ms(protocol.inversionTime)}`,
          target,
          value: ratio,
          hint:
            `${why} After the inversion pulse ${darker} (T1 ≈ ${ms(t1)}) recovers through zero at ` +
            `TI = T1 · ln(2 / (1 + e^(−TR/T1))) ≈ ${ms(nullTime)} for TR ${ms(protocol.repetitionTime)}. ` +
            `TI is ${ms(protocol.inversionTime)}: ${passed ? 'close enough to null it.' : `change TI towards ${ms(nullTime)} to null ${darker}.`}`,
          adjust: ['inversionTime'],
        });
      }
      return binary(objective, {
        passed,
        measured,
        target,
        value: ratio,
        hint:
          `${why} ${timingWords(protocol)} give ${weightingWords(w.weighting)} (${relax(objective.brighter)}; ${relax(objective.darker)}). ` +
          'Under T1 weighting the shorter T1 is brighter; under T2 weighting the longer T2 is brighter: long TR and long TE make fluid bright.',
        adjust:
          protocol.family === 'GRE'
            ? ['repetitionTime', 'echoTime', 'flipAngle']
            : ['repetitionTime', 'echoTime'],
      });
    }
    case 'noWrap': {
      const f = wrapOverlap(ctx);
      return binary(objective, {
        passed: f <= ARTIFACT_LIMITS.wrapOverlap,
        measured: `${percent(f)} of the anatomy overlapped by folded anatomy`,
        target: `≤ ${percent(ARTIFACT_LIMITS.wrapOverlap)}`,
        value: f,
        hint: `Anatomy beyond the phase FOV folds back onto the image: ${percent(f)} of it is overlapped, ${percent(ARTIFACT_LIMITS.wrapOverlap)} at most is allowed. ${FIXES.wrap}`,
        adjust: FIX_PARAMETERS.wrap,
      });
    }
    case 'chemicalShiftMax': {
      const { pixels, fatInView, hz } = chemicalShiftPixels(ctx);
      const bandwidth = ctx.series.snapshot.protocol.bandwidthPerPixel;
      return atMost(objective, pixels, objective.maxPixels, {
        measured: fatInView ? `fat shifted ${pixels.toFixed(2)} pixels` : '0 pixels (no fat in view)',
        target: `≤ ${objective.maxPixels} pixels`,
        hint: `Fat resonates ${Math.round(hz)} Hz below water here: at ${Math.round(bandwidth)} Hz per pixel it shifts Δf ÷ bandwidth per pixel = ${pixels.toFixed(2)} pixels along the readout. ${FIXES.chemicalShift}`,
        adjust: FIX_PARAMETERS.chemicalShift,
      });
    }
    case 'noMotion': {
      const m = motionArtifact(ctx);
      return binary(objective, {
        passed: m <= ARTIFACT_LIMITS.motion,
        measured: `motion ghosts at ${percent(m)} of the anatomy’s signal`,
        target: `≤ ${percent(ARTIFACT_LIMITS.motion)}`,
        value: m,
        hint: `Motion during the scan repeats the anatomy as ghosts along the phase direction: they reach ${percent(m)} of the anatomy’s signal, ${percent(ARTIFACT_LIMITS.motion)} at most is allowed. ${FIXES.motion}`,
        adjust: FIX_PARAMETERS.motion,
      });
    }
    case 'diagnoseFix': {
      const named = artifactsNamed(answers[objective.questionId] ?? '');
      const right = named.length === 1 && named[0] === objective.artifact;
      const { present, measured } = artifactPresence(ctx, objective.artifact);
      const fixed = !present;
      const points = (right ? objective.points / 2 : 0) + (fixed ? objective.points / 2 : 0);
      const answered =
        named.length === 0
          ? 'the answer names no artifact'
          : `the answer names ${named.map((n) => ARTIFACT_WORDS[n]).join(', ')}`;
      let naming: string;
      if (right) naming = 'You named the right artifact.';
      else if (named.length > 1)
        naming = `The answer names ${named.length} artifacts (${named.map((n) => ARTIFACT_WORDS[n]).join(', ')}): name the one artifact you saw.`;
      else if (named.length === 1)
        naming = `The answer names ${ARTIFACT_WORDS[named[0] ?? objective.artifact]}, which is not the artifact in these images: compare them with the knowledge base’s artifact pages.`;
      else naming = 'The answer names no artifact: say which artifact you saw.';
      // Until the artifact is named, the feedback does not say which one it is (nor how to remove it).
      const still = right
        ? `It still shows: ${FIXES[objective.artifact]}`
        : 'The artifact still shows in it.';
      return {
        passed: right && fixed,
        measured: right ? `${answered}; ${measured}` : answered,
        target: 'name the artifact you saw, then submit a series without it',
        value: null,
        points,
        maxPoints: objective.points,
        hint: `${naming} ${fixed ? 'The submitted series is free of it.' : still}`,
        adjust: right ? FIX_PARAMETERS[objective.artifact] : ['answer'],
      };
    }
    default:
      return undefined;
  }
}
