/**
 * Artifacts held under a teacher's limit (issue 24): Gibbs ringing amplitude, motion ghost level and geometric
 * distortion in pixels, measured as artifacts.ts defines them (`gibbsRipple`, `motionArtifact`,
 * `distortionPixels`), each with what to change when it is too strong.
 */
import {
  distortionPixels,
  gibbsPixel,
  gibbsRipple,
  GIBBS_RIPPLE_DISTANCE_M,
  motionArtifact,
} from './artifacts.ts';
import type { GradingContext } from './context.ts';
import { FIX_PARAMETERS, FIXES } from './imageChecks.ts';
import type { CheckOutcome, Objective } from './objectives.ts';
import { atMost } from './score.ts';

const PERCENT = 100;
const MM_PER_M = 1000;
const pct = (fraction: number): string => `${(fraction * PERCENT).toFixed(1)} %`;

/** Decides an artifact-limit check, or returns undefined for a kind that is not one. */
export function checkArtifactLimits(objective: Objective, ctx: GradingContext): CheckOutcome | undefined {
  switch (objective.kind) {
    case 'gibbsMax': {
      const ripple = gibbsRipple(ctx);
      const pixelMm = (gibbsPixel(ctx) * MM_PER_M).toFixed(2);
      const distanceMm = GIBBS_RIPPLE_DISTANCE_M * MM_PER_M;
      return atMost(objective, ripple * PERCENT, objective.maxPercent, {
        measured: `ringing ${pct(ripple)} of an edge’s step, ${distanceMm} mm from it (pixels of ${pixelMm} mm)`,
        target: `≤ ${objective.maxPercent} % of the step`,
        hint:
          `Truncating k-space at the matrix’s edge rings beside every sharp edge: ${distanceMm} mm from it the ripple is ` +
          `pixel ÷ (π² × distance) = ${pct(ripple)} of the step with ${pixelMm} mm pixels; the task allows ${objective.maxPercent} %. ` +
          FIXES.gibbs,
        adjust: ['matrixPhase', 'matrixRead', 'fovPhase'],
      });
    }
    case 'ghostMax': {
      const level = motionArtifact(ctx);
      const moving = ctx.series.snapshot.simulation.motion !== undefined;
      return atMost(objective, level * PERCENT, objective.maxPercent, {
        measured: moving
          ? `ghosts at ${pct(level)} of the anatomy’s signal`
          : 'no ghosts (the patient did not move)',
        target: `≤ ${objective.maxPercent} % of the anatomy’s signal`,
        hint: `Motion during the scan repeats the anatomy as ghosts along the phase direction: they reach ${pct(level)} of the anatomy’s signal, ${objective.maxPercent} % at most is allowed. ${FIXES.motion}`,
        adjust: FIX_PARAMETERS.motion,
      });
    }
    case 'distortionMax': {
      const d = distortionPixels(ctx);
      const words = d.along === 'phase' ? 'along the phase direction' : 'along the readout';
      return atMost(objective, d.pixels, objective.maxPixels, {
        measured: d.simulated
          ? `tissue at air interfaces shifted ${d.pixels.toFixed(2)} pixels ${words}`
          : '0 pixels (the scan does not simulate the field map)',
        target: `≤ ${objective.maxPixels} pixels`,
        hint:
          d.along === 'phase'
            ? `Air next to tissue shifts its frequency by about ${Math.round(d.hz)} Hz; an EPI readout moves it Δf × echo spacing × lines per shot = ${d.pixels.toFixed(2)} pixels along phase, ${objective.maxPixels} at most is allowed. A shorter echo spacing (higher bandwidth), fewer phase lines or more shots (segments) shrink it.`
            : `Air next to tissue shifts its frequency by about ${Math.round(d.hz)} Hz: ${d.pixels.toFixed(2)} pixels along the readout at ${Math.round(ctx.series.snapshot.protocol.bandwidthPerPixel)} Hz per pixel, ${objective.maxPixels} at most is allowed. A higher bandwidth per pixel shrinks it.`,
        adjust:
          d.along === 'phase'
            ? ['echoSpacing', 'bandwidthPerPixel', 'matrixPhase', 'family']
            : ['bandwidthPerPixel'],
      });
    }
    default:
      return undefined;
  }
}
