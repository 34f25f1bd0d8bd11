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
import { tissueSnr, tissueStats } from './imageStats.ts';
import type { CheckOutcome, Objective, PlantedArtifact } from './objectives.ts';
import { atLeast, atMost, binary } from './score.ts';
import { analyseWeighting } from './weighting.ts';

const percent = (f: number): string => `${(f * 100).toFixed(1)} %`;

/** Words a student may use for each artifact (lower case; matched as substrings of the answer). */
export const ARTIFACT_NAMES: Record<PlantedArtifact, readonly string[]> = {
  wrap: ['wrap', 'alias', 'fold'],
  chemicalShift: ['chemical shift', 'chemical-shift', 'fat shift', 'fat-water shift', 'misregistration'],
  motion: ['motion', 'ghost', 'movement', 'breathing', 'pulsation'],
  susceptibility: ['susceptib', 'metal', 'blooming', 'dephas', 'distortion'],
  gibbs: ['gibbs', 'truncation', 'ringing'],
};

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
      return { present: m > ARTIFACT_LIMITS.motion, measured: `motion changes the image by ${percent(m)}` };
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

const FIXES: Record<PlantedArtifact, string> = {
  wrap: 'Enlarge the phase FOV, add phase oversampling, or swap the phase direction to the short axis of the anatomy.',
  chemicalShift: 'Raise the bandwidth per pixel, or suppress fat (fat saturation, STIR).',
  motion: 'Shorten the scan, hold the breath, or put the phase direction where motion matters least.',
  susceptibility: 'Use a spin echo (refocused), a shorter TE, or fewer lines per EPI shot.',
  gibbs: 'Use a larger matrix (smaller pixels) so ringing is finer and fainter.',
};

/** Decides an image check, or returns undefined for a kind that is not one. */
export function checkImages(
  objective: Objective,
  ctx: GradingContext,
  answers: Readonly<Record<string, string>>,
): CheckOutcome | undefined {
  switch (objective.kind) {
    case 'snrMin': {
      const snr = tissueSnr(ctx, objective.tissue);
      if (snr === null)
        return binary(objective, {
          passed: false,
          measured: null,
          target: `SNR ≥ ${objective.minSnr} in ${objective.tissue}`,
          value: null,
          hint: `No pure ${objective.tissue} pixels or no air in view to measure the noise: include both in the slices.`,
        });
      return atLeast(objective, snr, objective.minSnr, {
        measured: `SNR ${Number.isFinite(snr) ? snr.toFixed(1) : '∞'} in ${objective.tissue}`,
        target: `≥ ${objective.minSnr}`,
        hint: 'SNR grows with voxel volume and with √(phase lines × NEX ÷ bandwidth per pixel): thicker slices, larger pixels, more averages or a lower bandwidth raise it.',
      });
    }
    case 'contrastOrder': {
      const a = tissueStats(ctx, objective.brighter);
      const b = tissueStats(ctx, objective.darker);
      const target = `${objective.brighter} brighter than ${objective.darker}`;
      if (a.pixels === 0 || b.pixels === 0)
        return binary(objective, {
          passed: false,
          measured: null,
          target,
          value: null,
          hint: `The slices show no pure ${a.pixels === 0 ? objective.brighter : objective.darker}: plan them through it.`,
        });
      const ratio = b.mean > 0 ? a.mean / b.mean : Infinity;
      const { protocol, scanner } = ctx.series.snapshot;
      const w = analyseWeighting(protocol, scanner, [
        ctx.tissueAt(objective.brighter),
        ctx.tissueAt(objective.darker),
      ]);
      const ms = (s: number): string => `${Math.round(s * 1000)} ms`;
      const t1 = (k: string): string => `${k} T1 ${ms(ctx.tissueAt(k).t1)}, T2 ${ms(ctx.tissueAt(k).t2)}`;
      return binary(objective, {
        passed: ratio > 1,
        measured: `${objective.brighter}/${objective.darker} = ${ratio.toFixed(2)}`,
        target,
        value: ratio,
        hint:
          `TR ${ms(protocol.repetitionTime)}, TE ${ms(protocol.echoTime)} give ${w.weighting} weighting here (${t1(objective.brighter)}; ${t1(objective.darker)}). ` +
          'Under T1 weighting the shorter T1 is brighter; under T2 weighting the longer T2 is brighter: long TR and long TE make fluid bright.',
      });
    }
    case 'noWrap': {
      const f = wrapOverlap(ctx);
      return binary(objective, {
        passed: f <= ARTIFACT_LIMITS.wrapOverlap,
        measured: `${percent(f)} of the anatomy overlapped`,
        target: `≤ ${percent(ARTIFACT_LIMITS.wrapOverlap)}`,
        value: f,
        hint: `Anatomy beyond the phase FOV folds back onto the image. ${FIXES.wrap}`,
      });
    }
    case 'chemicalShiftMax': {
      const { pixels, fatInView, hz } = chemicalShiftPixels(ctx);
      return atMost(objective, pixels, objective.maxPixels, {
        measured: fatInView ? `${pixels.toFixed(2)} pixels` : '0 pixels (no fat in view)',
        target: `≤ ${objective.maxPixels} pixels`,
        hint: `Fat resonates ${Math.round(hz)} Hz below water here: it shifts Δf ÷ bandwidth per pixel = ${pixels.toFixed(2)} pixels along the readout. ${FIXES.chemicalShift}`,
      });
    }
    case 'noMotion': {
      const m = motionArtifact(ctx);
      return binary(objective, {
        passed: m <= ARTIFACT_LIMITS.motion,
        measured: `motion changes the image by ${percent(m)}`,
        target: `≤ ${percent(ARTIFACT_LIMITS.motion)}`,
        value: m,
        hint: `Motion during the scan repeats the anatomy as ghosts along the phase direction and blurs it. ${FIXES.motion}`,
      });
    }
    case 'diagnoseFix': {
      const answer = (answers[objective.questionId] ?? '').toLowerCase();
      const named = ARTIFACT_NAMES[objective.artifact].some((word) => answer.includes(word));
      const { present, measured } = artifactPresence(ctx, objective.artifact);
      const fixed = !present;
      const points = (named ? objective.points / 2 : 0) + (fixed ? objective.points / 2 : 0);
      return {
        passed: named && fixed,
        measured: `${named ? 'named' : 'not named'}; ${measured}`,
        target: `name the ${objective.artifact} artifact and remove it`,
        value: null,
        points,
        maxPoints: objective.points,
        hint: `${named ? 'Right artifact.' : 'The planted artifact is not what the answer names.'} ${fixed ? 'The series is free of it.' : `It still shows: ${FIXES[objective.artifact]}`}`,
      };
    }
    default:
      return undefined;
  }
}
