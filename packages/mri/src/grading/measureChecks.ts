/**
 * Checks that measure a tissue, the RF dose or the plan of a series (issue 24): contrast-to-noise and the signal
 * ratio between two tissues and the ADC of a tissue from the images with the model's labels; the signal a tissue keeps under an
 * inversion or fat saturation, the whole-body SAR and the stack's angle to an anatomical line from the snapshot,
 * with the engines' own physics (sequence/signal.ts, sequence/derived.ts, simulate/geometry.ts).
 */
import { sarEstimate, SAR_LIMIT_NORMAL_MODE_W_PER_KG } from '../sequence/derived.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import { tissueSignal } from '../sequence/signal.ts';
import { inversionNullTimeWithReadout } from '../sequence/steady-state.ts';
import { readoutKind } from '../sequence/timing.ts';
import { dot } from '../simulate/geometry.ts';
import { tissueName, tissueNameCapitalised } from '../tissue/names.ts';
import type { TissueAtField } from '../tissue/types.ts';
import type { Vec3 } from '../units.ts';
import type { GradingContext } from './context.ts';
import { backgroundStats, RAYLEIGH_SD_FACTOR, tissueStats } from './imageStats.ts';
import { fractionOf, labelsOf, PURE_PIXEL_FRACTION } from './labels.ts';
import type { Adjustable, CheckOutcome, Objective } from './objectives.ts';
import { atLeast, atMost, pointsFor, unmeasured } from './score.ts';

const ms = (s: number): string => `${Math.round(s * 1000)} ms`;
const percent = (f: number): string => `${Math.round(f * 100)} %`;
/** A mean image signal in three significant figures (images are on any scale: 0.712, 300, 1230). */
const signalWords = (v: number): string => String(Number(v.toPrecision(3)));
/** ADC in the unit consoles show: 10⁻³ mm²/s [per m²/s]. */
const ADC_DISPLAY_PER_M2_PER_S = 1e9;
/** m²/s per mm²/s. */
const M2_PER_MM2 = 1e-6;
const adcWords = (m2PerS: number): string => `${(m2PerS * ADC_DISPLAY_PER_M2_PER_S).toFixed(2)} × 10⁻³ mm²/s`;
/** Families whose inversion pulse can null a tissue at the right TI. */
const INVERSION_FAMILIES = new Set(['IR', 'STIR', 'FLAIR']);
/** An inversion this many T1 before the readout has recovered (e^−5 < 1 %): the tissue's unsuppressed signal. */
const RECOVERED_T1S = 5;
const DEGREES_PER_RADIAN = 180 / Math.PI;

/** The timing parameters that set contrast for `protocol`'s family, most decisive first. */
function contrastParameters(protocol: Protocol): Adjustable[] {
  if (INVERSION_FAMILIES.has(protocol.family)) return ['inversionTime', 'repetitionTime', 'echoTime'];
  if (['GRE', 'Dixon', 'SWI', 'GRE-EPI', 'bSSFP'].includes(protocol.family))
    return ['flipAngle', 'repetitionTime', 'echoTime'];
  return ['repetitionTime', 'echoTime'];
}

/**
 * Contrast-to-noise ratio of two tissues: |mean₁ − mean₂| / σ over their pure pixels, σ the noise of the far
 * background as for SNR (imageStats.ts: SD / 0.655, Rayleigh). Null when a tissue or the air is not in view.
 */
export function tissueCnr(
  ctx: GradingContext,
  tissue: string,
  otherTissue: string,
): { cnr: number; means: [number, number]; sigma: number } | null {
  const a = tissueStats(ctx, tissue);
  const b = tissueStats(ctx, otherTissue);
  const bg = backgroundStats(ctx);
  if (a.pixels === 0 || b.pixels === 0 || bg.pixels === 0) return null;
  const sigma = bg.sd / RAYLEIGH_SD_FACTOR;
  const difference = Math.abs(a.mean - b.mean);
  return { cnr: sigma > 0 ? difference / sigma : Infinity, means: [a.mean, b.mean], sigma };
}

/**
 * Signal ratio of two tissues: mean₁ / mean₂ over their pure pixels on the magnitude images (the ROIs of the
 * other tissue checks; Infinity when only the second mean is 0). Null when a tissue is not in view.
 *
 * Robust where CNR is not: no noise estimate enters. CNR divides by σ measured in the air, a few far pixels whose
 * spread varies from run to run; a ratio of ROI means does not. Zero-mean noise averages out of each mean (its
 * spread there is σ/√N over N pixels), the magnitude's Rician bias is ≈ σ²/(2S) (Gudbjartsson &
 * Patz, MRM 1995;34:910), well under 1 % of a tissue at SNR ≥ 10, and a receiver's gain scales both means alike.
 */
export function tissueSignalRatio(
  ctx: GradingContext,
  tissue: string,
  otherTissue: string,
): { ratio: number; means: [number, number]; pixels: [number, number] } | null {
  const a = tissueStats(ctx, tissue);
  const b = tissueStats(ctx, otherTissue);
  if (a.pixels === 0 || b.pixels === 0) return null;
  const ratio = b.mean > 0 ? a.mean / b.mean : a.mean > 0 ? Infinity : 0;
  return { ratio, means: [a.mean, b.mean], pixels: [a.pixels, b.pixels] };
}

/**
 * The share of its signal a tissue keeps [0–1]: |S| over |S| of the same protocol with the inversion recovered
 * (TI = 5·T1) and without fat saturation (sequence/signal.ts `tissueSignal`). For an inversion recovery that is
 * |Mz(TI)| / |Mz(5·T1)| with Mz = 1 − 2e^(−TI/T1) + 2e^(−(TR − TE/2)/T1) − e^(−TR/T1) (analytic_formulas.md §2),
 * zero at TI = T1·ln(2 / (1 + e^(−TR/T1))) for TE ≪ TR; fat saturation keeps none of fat.
 */
export function keptSignalFraction(protocol: Protocol, scanner: Scanner, tissue: TissueAtField): number {
  const magnitude = (p: Protocol) => {
    const s = tissueSignal(p, tissue, scanner);
    return Math.hypot(s.re, s.im);
  };
  const reference: Protocol = { ...protocol, fatSaturation: false };
  if (INVERSION_FAMILIES.has(protocol.family)) reference.inversionTime = RECOVERED_T1S * tissue.t1;
  const unsuppressed = magnitude(reference);
  return unsuppressed > 0 ? magnitude(protocol) / unsuppressed : 0;
}

/** Mean ADC [m²/s] of a tissue's pure pixels on the series' ADC map; null without a map or the tissue. */
export function tissueAdc(ctx: GradingContext, tissue: string): { adc: number; pixels: number } | null {
  const maps = ctx.series.adc;
  const labels = labelsOf(ctx.series.model, tissue);
  if (!maps || maps.length !== ctx.geometry.slices.length || labels.length === 0) return null;
  let sum = 0;
  let n = 0;
  maps.forEach((map, i) => {
    const f = fractionOf(ctx.labels(i), labels);
    for (let p = 0; p < f.length; p++) {
      if ((f[p] ?? 0) < PURE_PIXEL_FRACTION) continue;
      sum += map.magnitude[p] ?? 0;
      n++;
    }
  });
  return n === 0 ? null : { adc: sum / n, pixels: n };
}

/** Angle between a line from `from` to `to` and the slice plane of normal `normal` [degrees, 0–90]. */
export function lineToPlaneDegrees(from: Vec3, to: Vec3, normal: Vec3): number {
  const d: Vec3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  const length = Math.hypot(...d) * Math.hypot(...normal);
  if (length === 0) return 0;
  return Math.asin(Math.min(1, Math.abs(dot(d, normal)) / length)) * DEGREES_PER_RADIAN;
}

/** A numeric "min ≤ value ≤ max" outcome with partial credit on either side. */
function within(
  objective: Objective,
  value: number,
  min: number,
  max: number,
  rest: Omit<CheckOutcome, 'passed' | 'value' | 'points' | 'maxPoints'>,
): CheckOutcome {
  const miss = value < min ? (min - value) / min : value > max ? (value - max) / max : 0;
  return {
    ...rest,
    value,
    passed: value >= min && value <= max,
    points: pointsFor(objective, miss),
    maxPoints: objective.points,
  };
}

/** Decides a measured check, or returns undefined for a kind that is not one. */
export function checkMeasures(objective: Objective, ctx: GradingContext): CheckOutcome | undefined {
  const { protocol, scanner } = ctx.series.snapshot;
  switch (objective.kind) {
    case 'cnrMin': {
      const found = tissueCnr(ctx, objective.tissue, objective.otherTissue);
      const one = tissueName(objective.tissue);
      const other = tissueName(objective.otherTissue);
      const target = `CNR ≥ ${objective.minCnr} between ${one} and ${other}`;
      if (found === null)
        return unmeasured(
          objective,
          target,
          `The slices show no pure ${one} or ${other}, or no air to measure the noise: plan them through both tissues with air in view.`,
        );
      const got = Number.isFinite(found.cnr) ? found.cnr.toFixed(1) : '∞';
      return atLeast(objective, found.cnr, objective.minCnr, {
        measured: `CNR ${got} between ${one} and ${other} (mean signals ${found.means[0].toFixed(1)} and ${found.means[1].toFixed(1)}, noise σ ${found.sigma.toFixed(2)})`,
        target: `≥ ${objective.minCnr}`,
        hint:
          `The contrast-to-noise ratio |S(${one}) − S(${other})| ÷ σ is ${got}; the task asks for ${objective.minCnr}. ` +
          'It grows with the signal difference, which TR, TE, TI and flip angle set from the tissues’ T1 and T2, and with SNR: thicker slices, more averages or a lower bandwidth per pixel lower the noise.',
        adjust: [...contrastParameters(protocol), 'sliceThickness', 'nex', 'bandwidthPerPixel'],
      });
    }
    case 'signalRatioMin': {
      const found = tissueSignalRatio(ctx, objective.tissue, objective.otherTissue);
      const one = tissueName(objective.tissue);
      const other = tissueName(objective.otherTissue);
      const target = `signal of ${one} ≥ ${objective.minRatio} × that of ${other}`;
      if (found === null)
        return unmeasured(
          objective,
          target,
          `The slices show no pure ${one} or ${other}: plan them through both tissues.`,
        );
      const got = Number.isFinite(found.ratio) ? found.ratio.toFixed(2) : '∞';
      return atLeast(objective, found.ratio, objective.minRatio, {
        measured: `signal ratio ${got} of ${one} to ${other} (mean signals ${signalWords(found.means[0])} and ${signalWords(found.means[1])})`,
        target: `≥ ${objective.minRatio}`,
        hint:
          `The mean signal of ${one} is ${got} × that of ${other}; the task asks for ${objective.minRatio}. ` +
          'The ratio comes from the tissues’ T1 and T2, which a contrast agent shortens, through TR, TE, TI and flip angle and the moment the scan reads its k-space centre; ' +
          'noise does not move it, so more averages or thicker slices do not help.',
        adjust: contrastParameters(protocol),
      });
    }
    case 'tissueNull': {
      const tissue = ctx.tissueAt(objective.tissue);
      const name = tissueName(objective.tissue);
      const kept = keptSignalFraction(protocol, scanner, tissue);
      const inversion = INVERSION_FAMILIES.has(protocol.family) && protocol.inversionTime !== undefined;
      const nullTime = inversionNullTimeWithReadout(tissue.t1, protocol.repetitionTime, protocol.echoTime);
      const at = inversion ? ` at TI ${ms(protocol.inversionTime ?? 0)}` : '';
      let hint: string;
      if (inversion)
        hint =
          `After the inversion pulse ${name} (T1 ≈ ${ms(tissue.t1)}) recovers through zero at ` +
          `TI = T1 · ln(2 / (1 + e^(−TR/T1))) ≈ ${ms(nullTime)} for TR ${ms(protocol.repetitionTime)}; ` +
          `TI is ${ms(protocol.inversionTime ?? 0)}, so ${name} keeps ${percent(kept)} of its signal` +
          `${kept <= objective.maxFraction ? '.' : `: change TI towards ${ms(nullTime)}.`}`;
      else if (protocol.fatSaturation && kept === 0)
        hint = `Fat saturation removes the signal of ${name}: it keeps ${percent(kept)}.`;
      else
        hint =
          `${tissueNameCapitalised(objective.tissue)} keeps ${percent(kept)} of its signal: only an inversion recovery (IR, STIR, FLAIR) with TI at its null point, ` +
          `≈ ${ms(nullTime)} for TR ${ms(protocol.repetitionTime)}, or fat saturation for fat, nulls a tissue.`;
      return atMost(objective, kept, objective.maxFraction, {
        measured: `${name} keeps ${percent(kept)} of its signal${at}`,
        target: `≤ ${percent(objective.maxFraction)} of its signal`,
        hint,
        adjust: inversion ? ['inversionTime', 'repetitionTime'] : ['family', 'fatSaturation'],
      });
    }
    case 'adcRange': {
      const name = tissueName(objective.tissue);
      const min = objective.minMm2PerS * M2_PER_MM2;
      const max = objective.maxMm2PerS * M2_PER_MM2;
      const target = `ADC of ${name} from ${adcWords(min)} to ${adcWords(max)}`;
      const found = tissueAdc(ctx, objective.tissue);
      if (found === null)
        return unmeasured(
          objective,
          target,
          ctx.series.adc
            ? `The slices show no pure ${name}: plan them through it.`
            : 'The series has no ADC map: a diffusion-weighted scan (DWI) with at least two b-values, such as 0 and 1000 s/mm², gives one.',
          ctx.series.adc ? ['slicePosition'] : ['family', 'bValues'],
        );
      const library = ctx.tissueAt(objective.tissue).adc;
      return within(objective, found.adc / M2_PER_MM2, objective.minMm2PerS, objective.maxMm2PerS, {
        measured: `ADC ${adcWords(found.adc)} in ${name} (${found.pixels} pixels)`,
        target,
        hint:
          `The ADC is the slope of −ln S over b, ln(S₀ / S_b) ÷ b; in ${name} it measures ${adcWords(found.adc)} ` +
          `(the tissue’s own: ${adcWords(library)}). Noise biases it: at a high b the weighted signal sinks towards the noise floor and the ADC reads low; ` +
          'b-values far enough apart (0 and 800–1000 s/mm²) and more averages measure it truly.',
        adjust: ['bValues', 'nex'],
      });
    }
    case 'sarMax': {
      const sar = sarEstimate(protocol, scanner);
      const w = sar.wattsPerKilogram;
      const spinEcho = ['spinEcho', 'epiSpinEcho'].includes(readoutKind(protocol.family));
      return atMost(objective, w, objective.maxWattsPerKg, {
        measured: `SAR ${w.toFixed(2)} W/kg (${percent(sar.fractionOfLimit)} of the ${SAR_LIMIT_NORMAL_MODE_W_PER_KG} W/kg normal-mode limit)`,
        target: `≤ ${objective.maxWattsPerKg} W/kg`,
        hint:
          `The whole-body SAR estimate is ${w.toFixed(2)} W/kg; the task allows ${objective.maxWattsPerKg} W/kg. ` +
          `RF heating grows with B0² (${scanner.b0} T here) and with the energy of every pulse per second, flip angle²: ` +
          (spinEcho
            ? 'lower the refocusing flip angle, shorten the echo train, lengthen TR or scan fewer slices per TR.'
            : 'lower the flip angle, lengthen TR or scan fewer slices per TR.'),
        adjust: spinEcho
          ? ['refocusingFlipAngle', 'echoTrainLength', 'repetitionTime', 'sliceCount']
          : ['flipAngle', 'repetitionTime', 'sliceCount'],
      });
    }
    case 'angulation': {
      const plane = ctx.geometry.slices[0];
      if (!plane) return undefined;
      const mmToM = (p: readonly number[]): Vec3 => [
        (p[0] ?? 0) / 1000,
        (p[1] ?? 0) / 1000,
        (p[2] ?? 0) / 1000,
      ];
      const degrees = lineToPlaneDegrees(mmToM(objective.fromMm), mmToM(objective.toMm), plane.normal);
      const orientation = protocol.geometry.orientation;
      return atMost(objective, degrees, objective.maxDegrees, {
        measured: `the ${objective.line} runs ${degrees.toFixed(1)}° out of the ${orientation} slices`,
        target: `slices along the ${objective.line}, within ${objective.maxDegrees}°`,
        hint:
          `Slices planned along the ${objective.line} contain it: it runs ${degrees.toFixed(1)}° out of the slice plane; ` +
          `the task allows ${objective.maxDegrees}°. On the localiser that shows the line, lay the stack along it: pick the orientation nearest to the line, ` +
          'then tilt the stack (or, on a localiser parallel to the slices, rotate it) until its slices run along the line.',
        adjust: ['orientation', 'sliceTilt', 'sliceRotation'],
      });
    }
    default:
      return undefined;
  }
}
