/**
 * What the panel shows beside the parameters, computed in the browser with the code the server validates with
 * (@larmor/mri): scan time, relative SNR of the model's reference tissue, SAR, voxel size, minimum TE and TR, and each conflict with the limit it
 * breaks and one-click fixes ("Set TE to 4.8 ms", "Raise bandwidth to 390 Hz/px", "Thicker slice (3.2 mm)").
 * A fix is only offered when applying it clears that conflict without breaking the changed parameter's own range.
 */
import { modelSnrPercent, referenceTissueKey } from '@larmor/mri/anatomy';
import {
  sarEstimate,
  scanTime,
  type SarEstimate,
  parameterDefinitions,
  type ParameterDefinition,
  type ParameterKey,
  protocolTiming,
  planDefinitions,
  planViolations,
  type ProtocolViolation,
} from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import { tissueDefinition } from '@larmor/mri/tissue';
import type { ParameterChange } from './protocol-editor.ts';
import { displayUnit, toDisplay, type UnitPreferences } from './units.ts';

export interface DerivedValues {
  /** Acquisition time [s]. */
  scanTimeS: number;
  /**
   * Relative SNR of the model's reference tissue for this contrast, with the selected coil's gain at the slice
   * centre [%] (100 % = that tissue fully relaxed in a 1 × 1 × 5 mm voxel, 256 lines, 1 average, 200 Hz/px,
   * 1.5 T, body coil at the isocentre; sequence/derived.ts relativeSnrPercent, anatomy/modelCoils.ts).
   */
  snrPercent: number;
  /** The reference tissue's name in words, lower case ("white matter"). */
  snrTissue: string;
  sar: SarEstimate;
  /** Voxel size along read, phase and slice [m]. */
  voxelM: readonly [number, number, number];
  minEchoTimeS: number;
  minRepetitionTimeS: number;
}

/**
 * The derived values of `protocol` on `scanner`, the SNR that of anatomical model `modelId`'s reference tissue
 * received by the scanner's coil of that model.
 */
export function derivedValues(protocol: Protocol, scanner: Scanner, modelId: number): DerivedValues {
  const tissueKey = referenceTissueKey(modelId);
  // The minimum TE and TR the stepper can reach (the limits the inputs and fixes use), not the raw timing.
  const defs = parameterDefinitions(protocol, scanner);
  const timing = protocolTiming(protocol, scanner);
  const minimum = (key: ParameterKey, raw: number) => defs.find((d) => d.key === key)?.min ?? raw;
  return {
    scanTimeS: scanTime(protocol, scanner).seconds,
    snrPercent: modelSnrPercent(protocol, scanner, modelId),
    snrTissue: tissueDefinition(tissueKey).name.toLowerCase(),
    sar: sarEstimate(protocol, scanner),
    voxelM: [
      protocol.fovRead / protocol.matrixRead,
      protocol.fovPhase / protocol.matrixPhase,
      protocol.sliceThickness,
    ],
    minEchoTimeS: minimum('echoTime', timing.minEchoTime),
    minRepetitionTimeS: minimum('repetitionTime', timing.minRepetitionTime),
  };
}

export interface Fix {
  label: string;
  change: ParameterChange;
}

export interface Conflict {
  violation: ProtocolViolation;
  fixes: Fix[];
}

/** Another parameter that can clear a conflict, and which way it must move. */
interface Lever {
  key: ParameterKey;
  direction: 1 | -1;
}

/** Levers per broken rule (`parameter:rule`), in the order they are offered. */
const LEVERS: Readonly<Record<string, readonly Lever[]>> = {
  'echoTime:min': [
    { key: 'bandwidthPerPixel', direction: 1 },
    { key: 'sliceThickness', direction: 1 },
  ],
  'repetitionTime:min': [
    { key: 'echoTime', direction: -1 },
    { key: 'bandwidthPerPixel', direction: 1 },
  ],
  'echoSpacing:min': [{ key: 'bandwidthPerPixel', direction: 1 }],
  'fovRead:min': [
    { key: 'bandwidthPerPixel', direction: -1 },
    { key: 'matrixRead', direction: -1 },
  ],
  'bandwidthPerPixel:max': [
    { key: 'fovRead', direction: 1 },
    { key: 'matrixRead', direction: -1 },
  ],
  'echoTime:te-below-tr': [
    { key: 'repetitionTime', direction: 1 },
    { key: 'echoTime', direction: -1 },
  ],
  'echoTime:echo-train': [
    { key: 'echoTrainLength', direction: 1 },
    { key: 'echoSpacing', direction: 1 },
  ],
  'inversionTime:ti-below-tr': [{ key: 'repetitionTime', direction: 1 }],
  'echoTrainLength:max': [{ key: 'matrixPhase', direction: 1 }],
  'sar:sar-limit': [
    { key: 'repetitionTime', direction: 1 },
    { key: 'flipAngle', direction: -1 },
    // As on 3 T consoles: lower refocusing pulses deposit less energy.
    { key: 'refocusingFlipAngle', direction: -1 },
    { key: 'sliceCount', direction: -1 },
    { key: 'echoTrainLength', direction: -1 },
  ],
};

/** Bisection steps of a lever search: 2⁻⁴⁰ of the range, far below any step. */
const SEARCH_STEPS = 40;

function sameViolation(a: ProtocolViolation, b: ProtocolViolation): boolean {
  return a.parameter === b.parameter && a.rule === b.rule;
}

/** The limits conflicts are checked against: the scanner's, and the free plan's when the session is on it. */
interface Limits {
  scanner: Scanner;
  freePlan: boolean;
}

/** Whether `change` clears `violation` and leaves the changed parameters within their own ranges. */
function clears(protocol: Protocol, limits: Limits, violation: ProtocolViolation, change: ParameterChange) {
  const changed = new Set(Object.keys(change));
  const after = planViolations({ ...protocol, ...change }, limits.scanner, limits.freePlan);
  return !after.some((v) => sameViolation(v, violation) || changed.has(v.parameter));
}

/** Rounds `value` onto the stepper's grid, away from where the search started (so it stays a solution). */
function snap(value: number, step: number, direction: 1 | -1): number {
  const steps = value / step;
  const whole = direction > 0 ? Math.ceil(steps - 1e-9) : Math.floor(steps + 1e-9);
  return Number((whole * step).toPrecision(12));
}

/** The smallest move of `lever` that clears `violation`, or undefined when none within its range does. */
function searchLever(
  protocol: Protocol,
  limits: Limits,
  violation: ProtocolViolation,
  lever: Lever,
  def: ParameterDefinition,
): number | undefined {
  const current = protocol[lever.key] ?? def.absentValue;
  if (current === undefined) return undefined;
  const bound = lever.direction > 0 ? def.max : def.min;
  if ((bound - current) * lever.direction <= 0) return undefined;
  const ok = (v: number) => clears(protocol, limits, violation, { [lever.key]: v });
  if (!ok(bound)) return undefined;
  let bad = current;
  let good = bound;
  for (let i = 0; i < SEARCH_STEPS; i++) {
    const mid = (bad + good) / 2;
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  const snapped = snap(good, def.step, lever.direction);
  if (ok(snapped)) return snapped;
  const next = Number((snapped + lever.direction * def.step).toPrecision(12));
  return ok(next) ? next : undefined;
}

/** A value with the unit it is shown in: "4.8 ms", "390 Hz/px", "60°". */
export function formatParameter(def: ParameterDefinition, valueSi: number, prefs: UnitPreferences): string {
  const unit = displayUnit(def.key, def.unit, prefs);
  const shown = toDisplay(valueSi, def.step, unit);
  if (unit.label === '') return String(shown);
  return unit.label === '°' || unit.label === '%' ? `${shown}${unit.label}` : `${shown} ${unit.label}`;
}

function leverLabel(def: ParameterDefinition, lever: Lever, value: string): string {
  if (lever.key === 'sliceThickness' && lever.direction > 0) return `Thicker slice (${value})`;
  if (lever.key === 'sliceCount' && lever.direction < 0) return `Fewer slices (${value})`;
  const short = def.label.replace(/ \(.*\)$/, '');
  const name = short === 'TE' || short === 'TR' ? short : short.toLowerCase();
  return `${lever.direction > 0 ? 'Raise' : 'Lower'} ${name} to ${value}`;
}

/**
 * The conflicts of `protocol` on `scanner` (and, on the free plan, with its limits), each with the fixes that
 * clear it.
 */
export function conflictsOf(
  protocol: Protocol,
  scanner: Scanner,
  prefs: UnitPreferences,
  freePlan = false,
): Conflict[] {
  const limits: Limits = { scanner, freePlan };
  const defs = new Map(planDefinitions(protocol, scanner, freePlan).map((d) => [d.key, d]));
  return planViolations(protocol, scanner, freePlan).map((violation) => {
    const fixes: Fix[] = [];
    const own = defs.get(violation.parameter as ParameterKey);
    const value = own && ownLimit(protocol, own, violation);
    if (own && value !== undefined) {
      const change = { [own.key]: value };
      if (clears(protocol, limits, violation, change)) {
        const name = own.label.replace(/ \(.*\)$/, '');
        fixes.push({ label: `Set ${name} to ${formatParameter(own, value, prefs)}`, change });
      }
    }
    for (const lever of LEVERS[`${violation.parameter}:${violation.rule}`] ?? []) {
      const def = defs.get(lever.key);
      if (!def) continue;
      const value = searchLever(protocol, limits, violation, lever, def);
      if (value === undefined) continue;
      fixes.push({
        label: leverLabel(def, lever, formatParameter(def, value, prefs)),
        change: { [lever.key]: value },
      });
    }
    return { violation, fixes };
  });
}

/** The bound of its own range a range or free-plan violation asks the parameter to move to, if any. */
function ownLimit(protocol: Protocol, def: ParameterDefinition, violation: ProtocolViolation) {
  if (violation.rule === 'min') return def.min;
  if (violation.rule === 'max') return def.max;
  const current = protocol[def.key];
  if (violation.rule !== 'free-plan' || current === undefined) return undefined;
  return current > def.max ? def.max : current < def.min ? def.min : undefined;
}
