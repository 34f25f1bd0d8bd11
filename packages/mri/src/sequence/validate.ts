import { radToDeg } from '../units.ts';
import { SAR_LIMIT_NORMAL_MODE_W_PER_KG, sarEstimate } from './derived.ts';
import type { ParameterDefinition, ParameterKey, ParameterUnit } from './parameters.ts';
import { gradientText, parameterDefinitions } from './parameters.ts';
import { SLICE_TILT_MAX, type Protocol, type Scanner, type SequenceFamily } from './protocol.ts';
import { acquiredPhaseLines, echoSpacingOf, hasInversion, protocolTiming, readoutKind } from './timing.ts';

/**
 * Validation of a protocol against the limits of its family and the scanner (parameters.ts, timing.ts) and,
 * separately, against the free plan. Physics conflicts are rejected with a message that names the broken
 * limit and why ("TE must be at least 4.2 ms for this bandwidth and gradient (45 mT/m)"), not adapted.
 */

/** Where a violation sits: a parameter, or a derived quantity (SAR), or the scanner / family (free plan). */
export type ViolationTarget =
  ParameterKey | 'echoTimes' | 'bValues' | 'sar' | 'b0' | 'family' | 'tiltAboutRow' | 'tiltAboutColumn';

export interface ProtocolViolation {
  parameter: ViolationTarget;
  /** Machine-readable rule: 'min', 'max', 'required', 'integer', 'te-below-tr', 'echo-train', … */
  rule: string;
  message: string;
}

/** A value in the unit a console shows it in, with that unit. */
export function formatValue(value: number, unit: ParameterUnit): string {
  switch (unit) {
    case 's':
      return `${(value * 1000).toFixed(1)} ms`;
    case 'm':
      return `${(value * 1000).toFixed(1)} mm`;
    case 'rad':
      return `${Math.round(radToDeg(value))}°`;
    case 'Hz':
      return `${Math.round(value)} Hz/pixel`;
    case 'count':
      return `${Math.round(value)}`;
    case 'fraction':
      return `${Math.round(value * 1000) / 1000}`;
  }
}

const COUNT_KEYS: ReadonlySet<ParameterKey> = new Set([
  'echoTrainLength',
  'matrixRead',
  'matrixPhase',
  'sliceCount',
  'nex',
]);

/** Floating-point slack on the exact timing minimums [s] (1 ns, far below the 10 µs gradient raster). */
const TIMING_FLOOR_SLACK_S = 1e-9;

/**
 * The exact minimum TE, TR, TI and echo spacing timing.ts reports [s]: below them the builders cannot play the
 * protocol, however close the value is to the minimum rounded up to the console's step (issue 23.4: TE 20 µs
 * below a GRE's minimum fell within the half step `rangeViolations` allows, validated, and failed to build).
 */
function timingFloors(protocol: Protocol, scanner: Scanner): Partial<Record<ParameterKey, number>> {
  const timing = protocolTiming(protocol, scanner);
  return {
    echoTime: timing.minEchoTime,
    repetitionTime: timing.minRepetitionTime,
    inversionTime: timing.minInversionTime,
    echoSpacing: timing.minEchoSpacing,
  };
}

function rangeViolations(
  protocol: Protocol,
  defs: readonly ParameterDefinition[],
  floors: Partial<Record<ParameterKey, number>> = {},
): ProtocolViolation[] {
  const out: ProtocolViolation[] = [];
  for (const def of defs) {
    const value = protocol[def.key];
    if (value === undefined) {
      // Only TI is required among the optional fields; echo spacing defaults to its minimum.
      if (def.key === 'inversionTime') {
        out.push({ parameter: def.key, rule: 'required', message: `TI is required for ${protocol.family}` });
      }
      continue;
    }
    if (!Number.isFinite(value)) {
      out.push({ parameter: def.key, rule: 'required', message: `${def.label} must be a number` });
      continue;
    }
    if (COUNT_KEYS.has(def.key) && !Number.isInteger(value)) {
      out.push({ parameter: def.key, rule: 'integer', message: `${def.label} must be a whole number` });
    }
    // Half a step of tolerance: the console's stepper rounds, and SI values carry float noise.
    const slack = def.step / 2;
    const floor = floors[def.key] ?? -Infinity;
    if (value < def.min - slack || value < floor - TIMING_FLOOR_SLACK_S) {
      out.push({
        parameter: def.key,
        rule: 'min',
        message: `${def.label} must be at least ${formatValue(def.min, def.unit)} ${def.minReason}`,
      });
    } else if (value > def.max + slack) {
      out.push({
        parameter: def.key,
        rule: 'max',
        message: `${def.label} must be at most ${formatValue(def.max, def.unit)} ${def.maxReason}`,
      });
    }
  }
  return out;
}

function crossViolations(protocol: Protocol, scanner: Scanner): ProtocolViolation[] {
  const out: ProtocolViolation[] = [];
  const family = protocol.family;
  const kind = readoutKind(family);
  const te = protocol.echoTime;
  const tr = protocol.repetitionTime;
  if (family !== 'MPRAGE' && family !== 'MOLLI' && te >= tr) {
    out.push({ parameter: 'echoTime', rule: 'te-below-tr', message: 'TE must be shorter than TR' });
  }
  if (kind === 'spinEcho' && protocol.echoTrainLength > 1) {
    const esp = echoSpacingOf(protocol);
    const etl = Math.round(protocol.echoTrainLength);
    const lastEcho = etl * esp;
    if (te > lastEcho + 1e-9) {
      out.push({
        parameter: 'echoTime',
        rule: 'echo-train',
        message: `TE must be at most ${formatValue(lastEcho, 's')}: the echo train (${etl} × ${formatValue(esp, 's')}) ends there`,
      });
    }
    if (etl > acquiredPhaseLines(protocol)) {
      out.push({
        parameter: 'echoTrainLength',
        rule: 'max',
        message: `ETL must be at most ${acquiredPhaseLines(protocol)}, the acquired phase lines`,
      });
    }
  }
  if (hasInversion(family) && family !== 'MOLLI' && protocol.inversionTime !== undefined) {
    if (protocol.inversionTime >= tr) {
      out.push({ parameter: 'inversionTime', rule: 'ti-below-tr', message: 'TI must be shorter than TR' });
    }
  }
  if (protocol.echoTimes && protocol.echoTimes.length > 0) {
    if (MULTI_ECHO_FAMILIES.includes(family)) out.push(...echoTimeViolations(protocol, scanner));
    else {
      out.push({
        parameter: 'echoTimes',
        rule: 'family',
        message: `${family} acquires one echo: echo times are for ${MULTI_ECHO_FAMILIES.join(', ')}`,
      });
    }
  }
  if (family !== 'DWI' && protocol.bValues && protocol.bValues.length > 0) {
    out.push({
      parameter: 'bValues',
      rule: 'family',
      message: `${family} has no diffusion weighting: b-values are for DWI`,
    });
  }
  if (family === 'DWI') {
    const bs = protocol.bValues ?? [];
    if (bs.length === 0) {
      out.push({ parameter: 'bValues', rule: 'required', message: 'DWI needs at least one b-value' });
    }
    for (const b of bs) {
      if (!(b >= 0 && b <= MAX_B_VALUE_S_PER_M2)) {
        out.push({
          parameter: 'bValues',
          rule: 'range',
          message: `b-values must lie between 0 and ${MAX_B_VALUE_S_PER_M2 / 1e6} s/mm²`,
        });
        break;
      }
    }
  }
  const sar = sarEstimate(protocol, scanner);
  if (sar.fractionOfLimit > 1) {
    out.push({
      parameter: 'sar',
      rule: 'sar-limit',
      message:
        `SAR ${sar.wattsPerKilogram.toFixed(1)} W/kg exceeds the normal-mode limit of ${SAR_LIMIT_NORMAL_MODE_W_PER_KG} W/kg: ` +
        'lengthen TR, lower the flip angle or the echo train, or scan fewer slices',
    });
  }
  return out;
}

/** The families whose readout takes a list of echo times (multi-echo spoiled GRE: build/gradientEcho.ts). */
export const MULTI_ECHO_FAMILIES: readonly SequenceFamily[] = ['GRE', 'Dixon', 'SWI'];

/** Largest diffusion weighting offered [s/m²] (3000 s/mm²). */
export const MAX_B_VALUE_S_PER_M2 = 3e9;

/** Slack on the multi-echo gaps [s]: half the 0.1 ms TE step (the first echo has none below timing.ts's minimum). */
const ECHO_TIME_SLACK_S = 5e-5;

function echoTimeViolations(protocol: Protocol, scanner: Scanner): ProtocolViolation[] {
  const out: ProtocolViolation[] = [];
  const timing = protocolTiming(protocol, scanner);
  const echoes = protocol.echoTimes ?? [];
  const first = echoes[0] ?? 0;
  if (first < timing.minEchoTime - TIMING_FLOOR_SLACK_S) {
    out.push({
      parameter: 'echoTimes',
      rule: 'min',
      message: `The first echo time must be at least ${formatValue(timing.minEchoTime, 's')} for this bandwidth and gradient (${gradientText(protocol, scanner)})`,
    });
  }
  for (let i = 1; i < echoes.length; i++) {
    const gap = (echoes[i] ?? 0) - (echoes[i - 1] ?? 0);
    if (gap < timing.minEchoSpacing - ECHO_TIME_SLACK_S) {
      out.push({
        parameter: 'echoTimes',
        rule: 'echo-spacing',
        message: `Echo times must be at least ${formatValue(timing.minEchoSpacing, 's')} apart for this bandwidth and gradient (${gradientText(protocol, scanner)})`,
      });
      break;
    }
  }
  if (echoes.some((t) => t >= protocol.repetitionTime)) {
    out.push({
      parameter: 'echoTimes',
      rule: 'te-below-tr',
      message: 'Every echo time must be shorter than TR',
    });
  }
  return out;
}

/** Tilts of the slice stack beyond ±SLICE_TILT_MAX (45°), or not finite: rule 'min', 'max' or 'type'. */
function tiltViolations(protocol: Protocol): ProtocolViolation[] {
  const out: ProtocolViolation[] = [];
  const words = { tiltAboutRow: 'about the row', tiltAboutColumn: 'about the column' } as const;
  for (const key of ['tiltAboutRow', 'tiltAboutColumn'] as const) {
    const value = protocol.geometry[key];
    if (value === undefined) continue;
    const message = `The stack's tilt ${words[key]} must be within ±${radToDeg(SLICE_TILT_MAX)}°`;
    if (!Number.isFinite(value)) out.push({ parameter: key, rule: 'type', message });
    else if (value > SLICE_TILT_MAX) out.push({ parameter: key, rule: 'max', message });
    else if (value < -SLICE_TILT_MAX) out.push({ parameter: key, rule: 'min', message });
  }
  return out;
}

/**
 * Every limit `protocol` breaks on `scanner`: ranges with their dependencies (minimum TE/TR/TI/echo spacing,
 * bandwidth and FOV from the read gradient, slice thickness from the slice-select gradient), cross-parameter
 * rules, multi-echo and b-value rules, and the SAR limit. Empty when the protocol can run.
 */
export function validateProtocol(protocol: Protocol, scanner: Scanner): ProtocolViolation[] {
  return [
    ...rangeViolations(protocol, parameterDefinitions(protocol, scanner), timingFloors(protocol, scanner)),
    ...crossViolations(protocol, scanner),
    ...tiltViolations(protocol),
  ];
}

/**
 * A protocol an engine refuses to compute: it carries every violation and the API's validation map (each broken
 * field → the rule it broke, contracts' error body), and its message is the violations' messages.
 */
export class InvalidProtocolError extends Error {
  readonly violations: readonly ProtocolViolation[];
  readonly validation: Readonly<Record<string, string>>;

  constructor(violations: readonly ProtocolViolation[]) {
    super(violations.map((v) => v.message).join('; '));
    this.name = 'InvalidProtocolError';
    this.violations = violations;
    const validation: Record<string, string> = {};
    for (const v of violations) validation[v.parameter] ??= v.rule;
    this.validation = validation;
  }
}

/**
 * Throws an InvalidProtocolError when `protocol` breaks any limit on `scanner` (`validateProtocol`): what every
 * entry point (CLI, server, bench) calls before it runs a scan.
 */
export function assertValidProtocol(protocol: Protocol, scanner: Scanner): void {
  const violations = validateProtocol(protocol, scanner);
  if (violations.length > 0) throw new InvalidProtocolError(violations);
}

/** The parameters whose limits are the sequence's timing: what the gradients and RF can physically play. */
const TIMING_TARGETS: ReadonlySet<ViolationTarget> = new Set([
  'repetitionTime',
  'echoTime',
  'inversionTime',
  'echoSpacing',
  'echoTrainLength',
  'echoTimes',
  'bValues',
]);

/**
 * The violations of `validateProtocol` that make a protocol impossible to play (a TE, TR, TI or echo spacing
 * below what the gradients reach, TE beyond the echo train or TR, b-values out of range), as opposed to the
 * console's ranges (matrix, slice count, upper limits of TE and TR) and the SAR limit, which the entry points
 * (CLI, server, bench) enforce with `validateProtocol` but which an engine can compute faithfully.
 */
export function timingViolations(protocol: Protocol, scanner: Scanner): ProtocolViolation[] {
  return validateProtocol(protocol, scanner).filter(
    (v) => TIMING_TARGETS.has(v.parameter) && !(v.rule === 'max' && v.parameter !== 'echoTrainLength'),
  );
}

/**
 * Throws an InvalidProtocolError when `protocol` cannot be played on `scanner` (`timingViolations`): the engines
 * call this at their entry, so such a protocol is never computed (an EPI whose first line would fall before its
 * excitation gave an all-Inf image).
 */
export function assertPlayableProtocol(protocol: Protocol, scanner: Scanner): void {
  const violations = timingViolations(protocol, scanner);
  if (violations.length > 0) throw new InvalidProtocolError(violations);
}

/**
 * Free-plan limits, the one home of them (simulator spec §5, platform-shell.md §9: a 1.5 T scanner, the Brain and
 * Knee models, SE and GRE sequences, limited FOV, matrix and slices). The spec names what is limited but not the
 * numbers; these are ours. The server checks them, the web app shows them.
 */
export const FREE_PLAN_LIMITS = {
  /** Field strength of the only scanner [T]. */
  b0: 1.5,
  /** Engine models' own names (anatomy registry `modelBaseName`) a free-plan identity may use. */
  anatomies: ['Brain', 'Knee'] as readonly string[],
  families: ['SE', 'GRE'] as readonly SequenceFamily[],
  /** FOV range [m]. */
  fovMin: 0.18,
  fovMax: 0.26,
  matrixMax: 256,
  sliceCountMax: 10,
} as const;

/** The free-plan limits `protocol` and `scanner` break (a check separate from the physics). */
export function validateFreePlan(protocol: Protocol, scanner: Scanner): ProtocolViolation[] {
  const lim = FREE_PLAN_LIMITS;
  const out: ProtocolViolation[] = [];
  const plan = (parameter: ViolationTarget, message: string): void => {
    out.push({ parameter, rule: 'free-plan', message: `${message} on the free plan` });
  };
  if (scanner.b0 !== lim.b0) plan('b0', 'Only the 1.5 T scanner is available');
  if (!lim.families.includes(protocol.family)) plan('family', 'Only SE and GRE sequences are available');
  for (const key of ['fovRead', 'fovPhase'] as const) {
    const v = protocol[key];
    if (v < lim.fovMin || v > lim.fovMax) {
      plan(key, `FOV must lie between ${formatValue(lim.fovMin, 'm')} and ${formatValue(lim.fovMax, 'm')}`);
    }
  }
  for (const key of ['matrixRead', 'matrixPhase'] as const) {
    if (protocol[key] > lim.matrixMax) plan(key, `Matrix must be at most ${lim.matrixMax}`);
  }
  if (protocol.sliceCount > lim.sliceCountMax)
    plan('sliceCount', `At most ${lim.sliceCountMax} slices are allowed`);
  return out;
}

/**
 * `defs` (from `parameterDefinitions`) held within the free plan's FOV, matrix and slice limits, so an input's
 * min/max and tooltip show what `validateFreePlan` accepts before the user types (issue 20.6): a value inside
 * these ranges breaks no free-plan limit of its own field.
 */
export function freePlanDefinitions(defs: readonly ParameterDefinition[]): ParameterDefinition[] {
  const lim = FREE_PLAN_LIMITS;
  const reason = 'on the free plan';
  const within = (def: ParameterDefinition, min: number, max: number): ParameterDefinition => ({
    ...def,
    ...(min > def.min ? { min, minReason: reason } : {}),
    ...(max < def.max ? { max, maxReason: reason } : {}),
  });
  return defs.map((def) => {
    switch (def.key) {
      case 'fovRead':
      case 'fovPhase':
        return within(def, lim.fovMin, lim.fovMax);
      case 'matrixRead':
      case 'matrixPhase':
        return within(def, def.min, lim.matrixMax);
      case 'sliceCount':
        return within(def, def.min, lim.sliceCountMax);
      default:
        return def;
    }
  });
}

/** The parameter definitions a session's inputs use: on the free plan, within its limits. */
export function planDefinitions(
  protocol: Protocol,
  scanner: Scanner,
  freePlan: boolean,
): ParameterDefinition[] {
  const defs = parameterDefinitions(protocol, scanner);
  return freePlan ? freePlanDefinitions(defs) : defs;
}

/** Every limit `protocol` breaks where the server checks it: the scanner's, and the free plan's when on it. */
export function planViolations(protocol: Protocol, scanner: Scanner, freePlan: boolean): ProtocolViolation[] {
  return [...validateProtocol(protocol, scanner), ...(freePlan ? validateFreePlan(protocol, scanner) : [])];
}
