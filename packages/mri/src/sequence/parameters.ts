import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import { degToRad, mmToM } from '../units.ts';
import { roleScanner } from './gradient-share.ts';
import { RF_TIME_BANDWIDTH_PRODUCT } from './hardware.ts';
import type { Protocol, Scanner } from './protocol.ts';
import {
  acquiredPhaseLines,
  excitationDuration,
  hasInversion,
  isEpiReadout,
  isThreeDimensional,
  protocolTiming,
  readoutKind,
} from './timing.ts';

/**
 * Parameter definitions (name, unit, min, max, step) of a protocol on a scanner. Limits that depend on other
 * parameters or on the scanner come from timing.ts (minimum TE, TR, TI, echo spacing) and from the gradient
 * amplitude (readout bandwidth vs FOV, slice thickness vs RF pulse); the static ranges follow the tested ranges
 * of the research note's parameter table. Everything is SI: the UI converts to ms, mm and degrees.
 */

/** Numeric protocol fields a user edits. */
export type ParameterKey =
  | 'repetitionTime'
  | 'echoTime'
  | 'inversionTime'
  | 'flipAngle'
  | 'refocusingFlipAngle'
  | 'echoTrainLength'
  | 'echoSpacing'
  | 'bandwidthPerPixel'
  | 'fovRead'
  | 'fovPhase'
  | 'matrixRead'
  | 'matrixPhase'
  | 'sliceThickness'
  | 'sliceGap'
  | 'sliceCount'
  | 'nex'
  | 'phaseOversampling'
  | 'partialFourier';

/** SI unit of a parameter ('count' and 'fraction' are dimensionless). */
export type ParameterUnit = 's' | 'rad' | 'm' | 'Hz' | 'count' | 'fraction';

export interface ParameterDefinition {
  key: ParameterKey;
  /** Console label (TR, TE, …). */
  label: string;
  unit: ParameterUnit;
  min: number;
  max: number;
  step: number;
  /** Why the minimum is what it is, for messages ('for this bandwidth and gradient (45 mT/m)'). */
  minReason: string;
  /** Why the maximum is what it is. */
  maxReason: string;
  /** The value the engine uses when the protocol leaves the field out (e.g. 180° refocusing), if any. */
  absentValue?: number;
}

/** Static ranges [SI]: the tested ranges of the research note's parameter table. */
const STATIC = {
  repetitionTime: { min: 0.002, max: 12, step: 1e-4 },
  echoTime: { min: 0.0005, max: 0.3, step: 1e-4 },
  inversionTime: { min: 0.01, max: 4, step: 1e-3 },
  echoSpacing: { min: 0.001, max: 0.03, step: 1e-4 },
  bandwidthPerPixel: { min: 50, max: 2000, step: 10 },
  epiBandwidthPerPixel: { min: 500, max: 5000, step: 10 },
  fov: { min: mmToM(100), max: mmToM(500), step: mmToM(1) },
  matrix: { min: 32, max: 512, step: 2 },
  sliceThickness: { min: mmToM(0.5), max: mmToM(10), step: mmToM(0.1) },
  sliceGap: { min: 0, max: mmToM(10), step: mmToM(0.1) },
  slices2d: { min: 1, max: 50, step: 1 },
  partitions3d: { min: 8, max: 256, step: 1 },
  nex: { min: 1, max: 16, step: 1 },
  phaseOversampling: { min: 0, max: 1, step: 0.1 },
  partialFourier: { min: 0.5, max: 1, step: 0.125 },
} as const;

/** Rounds `value` up to the next multiple of `step` (a minimum must be reachable by the stepper). */
function ceilTo(value: number, step: number): number {
  return Math.ceil(value / step - 1e-9) * step;
}

/** A stepper's range of values [SI]. */
interface StepRange {
  min: number;
  max: number;
  step: number;
}

/** `range` with its minimum raised to `floor` (a limit of this protocol on this scanner), rounded up to its step. */
function raisedMin(range: StepRange, floor: number): StepRange {
  return { min: ceilTo(Math.max(range.min, floor), range.step), max: range.max, step: range.step };
}

/** Rounds `value` down to a multiple of `step`. */
function floorTo(value: number, step: number): number {
  return Math.floor(value / step + 1e-9) * step;
}

/**
 * The gradient limit one role may use in words: '45 mT/m', or on an oblique stack '32 mT/m per direction on this
 * oblique stack' (gradient-share.ts).
 */
export function gradientText(protocol: Protocol, scanner: Scanner): string {
  const roles = roleScanner(protocol, scanner);
  const text = `${Math.round(roles.maxGradient * 1000)} mT/m`;
  return roles === scanner ? text : `${text} per direction on this oblique stack`;
}

/**
 * Thinnest slice the excitation can select within the gradient limit [m]: TBW/(τ·γ̄·Gmax), Gmax the slice
 * role's (gradient-share.ts).
 */
export function minimumSliceThickness(protocol: Protocol, scanner: Scanner): number {
  const tau = excitationDuration(readoutKind(protocol.family));
  const gMax = roleScanner(protocol, scanner).maxGradient;
  const perSlice = RF_TIME_BANDWIDTH_PRODUCT / (tau * GYROMAGNETIC_RATIO_HZ_PER_T * gMax);
  // 3D: the gradient selects the whole slab; partitions are phase encoded.
  return isThreeDimensional(protocol) ? perSlice / Math.max(1, protocol.sliceCount) : perSlice;
}

/**
 * Widest bandwidth per pixel the read gradient allows at this FOV and matrix [Hz]: γ̄·Gmax·FOV/Nx, Gmax the read
 * role's (gradient-share.ts).
 */
export function maximumBandwidthPerPixel(protocol: Protocol, scanner: Scanner): number {
  const gMax = roleScanner(protocol, scanner).maxGradient;
  return (GYROMAGNETIC_RATIO_HZ_PER_T * gMax * protocol.fovRead) / protocol.matrixRead;
}

/** The definitions of the parameters `protocol`'s family uses, with limits for `scanner`. */
export function parameterDefinitions(protocol: Protocol, scanner: Scanner): ParameterDefinition[] {
  const family = protocol.family;
  const kind = readoutKind(family);
  const timing = protocolTiming(protocol, scanner);
  const gradient = gradientText(protocol, scanner);
  const is3d = isThreeDimensional(protocol);
  const isEpi = isEpiReadout(kind);
  const defs: ParameterDefinition[] = [];
  const add = (
    key: ParameterKey,
    label: string,
    unit: ParameterUnit,
    range: StepRange,
    minReason = 'for this sequence',
    maxReason = 'for this sequence',
  ): void => {
    defs.push({ key, label, unit, ...range, minReason, maxReason });
  };

  add(
    'repetitionTime',
    family === 'MPRAGE' ? 'TR (inversion to inversion)' : 'TR',
    's',
    raisedMin(STATIC.repetitionTime, timing.minRepetitionTime),
    hasInversion(family)
      ? `for this TI, TE and readout (gradient ${gradient})`
      : `for this TE, bandwidth and gradient (${gradient})`,
  );
  const trainTe = kind === 'spinEcho' && protocol.echoTrainLength > 1;
  add(
    'echoTime',
    trainTe ? 'TE (effective)' : 'TE',
    's',
    raisedMin(STATIC.echoTime, timing.minEchoTime),
    trainTe
      ? `for this echo spacing (gradient ${gradient})`
      : `for this bandwidth and gradient (${gradient})`,
  );
  if (hasInversion(family)) {
    add(
      'inversionTime',
      'TI',
      's',
      raisedMin(STATIC.inversionTime, timing.minInversionTime),
      family === 'MPRAGE' || family === 'MOLLI'
        ? 'to reach the k-space centre of the readout'
        : 'after the inversion pulse and spoiler',
    );
  }
  const spinEchoFlip = kind === 'spinEcho' || kind === 'epiSpinEcho';
  add('flipAngle', 'Flip angle', 'rad', {
    min: degToRad(spinEchoFlip ? 30 : 1),
    max: degToRad(spinEchoFlip ? 180 : 90),
    step: degToRad(1),
  });
  if (spinEchoFlip) {
    // Every spin echo is refocused: β < 180° cuts SAR (derived.ts); a single echo keeps sin²(β/2) of its signal.
    defs.push({
      key: 'refocusingFlipAngle',
      label: 'Refocusing flip angle',
      unit: 'rad',
      min: degToRad(90),
      max: Math.PI,
      step: degToRad(1),
      minReason: 'for a spin echo',
      maxReason: 'for a spin echo',
      absentValue: Math.PI,
    });
  }
  if (kind === 'spinEcho' || isEpi || family === 'MPRAGE') {
    const lines = acquiredPhaseLines(protocol);
    const maxEtl =
      family === 'MPRAGE' ? STATIC.partitions3d.max : kind === 'spinEcho' ? Math.min(64, lines) : lines;
    add(
      'echoTrainLength',
      isEpi ? 'EPI factor' : family === 'MPRAGE' ? 'Excitations per inversion' : 'ETL',
      'count',
      { min: 1, max: maxEtl, step: 1 },
      'for this sequence',
      'for the acquired phase lines',
    );
  }
  if ((kind === 'spinEcho' && protocol.echoTrainLength > 1) || isEpi || family === 'MPRAGE') {
    add(
      'echoSpacing',
      'Echo spacing',
      's',
      raisedMin(STATIC.echoSpacing, timing.minEchoSpacing),
      `for this bandwidth and gradient (${gradient})`,
    );
  }
  const bw = isEpi ? STATIC.epiBandwidthPerPixel : STATIC.bandwidthPerPixel;
  const maxBw = floorTo(Math.min(bw.max, maximumBandwidthPerPixel(protocol, scanner)), bw.step);
  add(
    'bandwidthPerPixel',
    'Bandwidth',
    'Hz',
    { min: bw.min, max: maxBw, step: bw.step },
    'for this sequence',
    `for the read gradient (${gradient}) at this FOV and matrix`,
  );
  const fov = STATIC.fov;
  const minFovRead =
    (protocol.matrixRead * protocol.bandwidthPerPixel) /
    (GYROMAGNETIC_RATIO_HZ_PER_T * roleScanner(protocol, scanner).maxGradient);
  add(
    'fovRead',
    'FOV read',
    'm',
    raisedMin(fov, minFovRead),
    `for the read gradient (${gradient}) at this bandwidth and matrix`,
  );
  add('fovPhase', 'FOV phase', 'm', fov);
  const matrix = STATIC.matrix;
  add('matrixRead', 'Matrix read', 'count', { ...matrix, max: isEpi ? 256 : matrix.max });
  add('matrixPhase', 'Matrix phase', 'count', { ...matrix, max: isEpi ? 256 : matrix.max });
  add(
    'sliceThickness',
    is3d ? 'Partition thickness' : 'Slice thickness',
    'm',
    raisedMin(STATIC.sliceThickness, minimumSliceThickness(protocol, scanner)),
    `for this RF pulse and gradient (${gradient})`,
  );
  if (!is3d) add('sliceGap', 'Slice gap', 'm', STATIC.sliceGap);
  add('sliceCount', is3d ? 'Partitions' : 'Slices', 'count', is3d ? STATIC.partitions3d : STATIC.slices2d);
  add('nex', 'Averages (NEX)', 'count', STATIC.nex);
  add('phaseOversampling', 'Phase oversampling', 'fraction', STATIC.phaseOversampling);
  add('partialFourier', 'Partial Fourier', 'fraction', STATIC.partialFourier);
  return defs;
}
