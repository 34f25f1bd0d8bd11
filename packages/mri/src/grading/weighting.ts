/**
 * Which relaxation property a protocol's image contrast follows, decided from the physics rather than from the
 * sequence's name: the log-sensitivity ∂ln|S|/∂ln P of each tissue's signal (sequence/signal.ts `tissueSignal`,
 * the fast engine's own signal model) to its T1, T2 and T2*, and b·ADC for diffusion weighting
 * (Stejskal & Tanner 1965: S ∝ e^(−b·ADC), so ∂ln S/∂ln ADC = −b·ADC), which decides when it exceeds the threshold. For a spin echo these are the textbook
 * −(TR/T1)·e^(−TR/T1)/(1 − e^(−TR/T1)) and TE/T2 (reference/analytic_formulas.md §1): short TR against T1 gives T1
 * weighting, TE comparable to T2 gives T2 weighting, neither gives proton-density weighting.
 * The median over the tissues stands for the image (a nulled tissue's huge sensitivity does not decide it).
 *
 * One classification (issue 20.3): a protocol's weighting is what a radiographer calls it, a property of the
 * protocol and the field, so `classifyWeighting` decides it once on the textbook reference tissues (white and grey
 * matter, CSF, fat at the scanner's field) whatever the image shows, and every objective, hint and comparison
 * uses that one answer. Thresholds (docs/physics.md "Weighting"): a median |∂ln S/∂ln P| above
 * WEIGHTING_SENSITIVITY_THRESHOLD (0.35) names the weighting after the largest P; for a spin echo that is
 * TR < ≈1.8·T1 (x·e^(−x)/(1 − e^(−x)) = 0.35 at x = TR/T1 ≈ 1.8) for T1 and TE > 0.35·T2 for T2; below it for
 * every P the image is proton-density weighted; b·ADC above the threshold makes it diffusion weighted.
 */
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import { tissueSignal } from '../sequence/signal.ts';
import { tissueAtField } from '../tissue/library.ts';
import type { TissueAtField, TissueKey } from '../tissue/types.ts';
import type { Weighting } from './objectives.ts';

/** Below this |∂ln S/∂ln P| for every P, relaxation hardly shapes the contrast: proton-density weighting. */
export const WEIGHTING_SENSITIVITY_THRESHOLD = 0.35;
/** Relative step of the central finite difference in ln P. */
const LOG_STEP = 0.02;
/** Tissues with less proton density than this (cortical bone, air-like) are left out. */
const MIN_PD = 0.3;

export interface WeightingAnalysis {
  weighting: Weighting;
  /** Median log-sensitivities of the image's tissues to T1, T2, T2* and ADC (unitless). */
  sensitivity: { t1: number; t2: number; t2star: number; diffusion: number };
  /** Median T1, T2 of those tissues [s] (for hints). */
  typicalT1: number;
  typicalT2: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const magnitude = (protocol: Protocol, tissue: TissueAtField, scanner: Scanner): number => {
  const s = tissueSignal(protocol, tissue, scanner);
  return Math.hypot(s.re, s.im);
};

/** ∂ln|S|/∂ln P for one property of one tissue (central difference; 0 where the signal vanishes). */
function logSensitivity(
  protocol: Protocol,
  tissue: TissueAtField,
  scanner: Scanner,
  property: 't1' | 't2' | 't2star',
): number {
  const up = magnitude(protocol, { ...tissue, [property]: tissue[property] * Math.exp(LOG_STEP) }, scanner);
  const down = magnitude(
    protocol,
    { ...tissue, [property]: tissue[property] * Math.exp(-LOG_STEP) },
    scanner,
  );
  if (!(up > 0 && down > 0)) return 0;
  return (Math.log(up) - Math.log(down)) / (2 * LOG_STEP);
}

/** The weighting of `protocol` for the given tissues (those the images show). */
export function analyseWeighting(
  protocol: Protocol,
  scanner: Scanner,
  tissues: readonly TissueAtField[],
): WeightingAnalysis {
  const soft = tissues.filter((t) => t.pd >= MIN_PD);
  const t1s = soft.map((t) => Math.abs(logSensitivity(protocol, t, scanner, 't1')));
  const t2s = soft.map((t) => Math.abs(logSensitivity(protocol, t, scanner, 't2')));
  const t2stars = soft.map((t) => Math.abs(logSensitivity(protocol, t, scanner, 't2star')));
  const maxB = (protocol.bValues ?? []).reduce((max, b) => Math.max(max, b), 0);
  const diffusions = soft.map((t) => maxB * t.adc);
  const sensitivity = {
    t1: median(t1s),
    t2: median(t2s),
    t2star: median(t2stars),
    diffusion: median(diffusions),
  };
  const ranked: [Weighting, number][] = [
    ['T1', sensitivity.t1],
    ['T2', sensitivity.t2],
    ['T2*', sensitivity.t2star],
  ];
  // A b-value that attenuates the image is what the image is read for (diffusion-weighted, whatever its T2
  // shine-through); otherwise the strongest relaxation sensitivity above the threshold decides.
  let weighting: Weighting = 'PD';
  if (sensitivity.diffusion > WEIGHTING_SENSITIVITY_THRESHOLD) weighting = 'diffusion';
  else {
    let best = WEIGHTING_SENSITIVITY_THRESHOLD;
    for (const [name, value] of ranked) {
      if (value > best) {
        weighting = name;
        best = value;
      }
    }
  }
  return {
    weighting,
    sensitivity,
    typicalT1: median(soft.map((t) => t.t1)),
    typicalT2: median(soft.map((t) => t.t2)),
  };
}

/** The tissues whose median sensitivity names a protocol's weighting: the textbook brain, at the field. */
export const WEIGHTING_REFERENCE_TISSUES: readonly TissueKey[] = ['whiteMatter', 'greyMatter', 'csf', 'fat'];

/**
 * The weighting of `protocol` on `scanner`: the one classification every objective, hint and comparison uses
 * (see the module comment), decided on WEIGHTING_REFERENCE_TISSUES at the scanner's field.
 */
export function classifyWeighting(protocol: Protocol, scanner: Scanner): WeightingAnalysis {
  const tissues = WEIGHTING_REFERENCE_TISSUES.map((key) => tissueAtField(key, scanner.b0));
  return analyseWeighting(protocol, scanner, tissues);
}

const ms = (s: number): string => `${Math.round(s * 1000)} ms`;
const degrees = (rad: number): string => `${Math.round((rad * 180) / Math.PI)}°`;

/** The weighting in words: "T1 weighting", "proton-density (PD) weighting". */
export function weightingWords(weighting: Weighting): string {
  if (weighting === 'PD') return 'proton-density (PD) weighting';
  if (weighting === 'diffusion') return 'diffusion weighting';
  return `${weighting} weighting`;
}

/** The timing that decides the weighting, with units: "TR 2000 ms, TE 15 ms" (TI and flip angle when they matter). */
export function timingWords(protocol: Protocol): string {
  const parts = [`TR ${ms(protocol.repetitionTime)}`, `TE ${ms(protocol.echoTime)}`];
  if (protocol.inversionTime !== undefined) parts.push(`TI ${ms(protocol.inversionTime)}`);
  if (Math.abs(protocol.flipAngle - Math.PI / 2) > 1e-6)
    parts.push(`flip angle ${degrees(protocol.flipAngle)}`);
  return parts.join(', ');
}

/** What makes each weighting, in the words a hint uses. */
const RECIPES: Record<Weighting, string> = {
  T1: 'Short TR (about the tissues’ T1 or less) and short TE give T1 weighting: fat and white matter bright, CSF dark.',
  T2: 'Long TR (three T1 or more) and long TE (about the tissues’ T2) give T2 weighting: CSF and fluid bright.',
  PD: 'Long TR and short TE give proton-density weighting: contrast from water content alone.',
  'T2*':
    'A gradient echo (no refocusing) with a long TE, a long TR or a small flip angle gives T2* weighting: blood products and iron dark.',
  diffusion:
    'A b-value of several hundred s/mm² or more gives diffusion weighting: restricted water stays bright.',
};

/** A hint that teaches: what the protocol gives and why, then what the target needs. */
export function weightingHint(protocol: Protocol, analysis: WeightingAnalysis, target: Weighting): string {
  const tissues = `brain tissues’ T1 ≈ ${ms(analysis.typicalT1)}, T2 ≈ ${ms(analysis.typicalT2)}`;
  const got = `${timingWords(protocol)} give ${weightingWords(analysis.weighting)} (${tissues}).`;
  if (analysis.weighting === target) return got;
  return `${got} ${RECIPES[target]}`;
}

/** The parameters that move an image towards `target` weighting, most decisive first. */
export function weightingParameters(
  target: Weighting,
): ('repetitionTime' | 'echoTime' | 'flipAngle' | 'bValues')[] {
  if (target === 'T2*') return ['echoTime', 'flipAngle', 'repetitionTime'];
  if (target === 'diffusion') return ['bValues'];
  return ['repetitionTime', 'echoTime'];
}
