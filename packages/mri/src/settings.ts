/**
 * The simulator's settings, read once from a session's configuration (simulator.md §3, §5, §9): the scanner, the
 * noise level, patient motion and the patient's state. The configuration is the name → value record both the
 * server (its stored values) and the web app (the session payload's items) hold; its units are the ones the
 * simulator shows (b0field [T], maxGr [mT/m], motion_trans_magn [m], motion_rot_angle [degrees], frequencies
 * [Hz]); the settings are SI. A value that is missing or unreadable takes the simulator's default.
 */
import { DEFAULT_SLEW_RATE_T_PER_M_PER_S, REFERENCE_SCANNER } from './sequence/hardware.ts';
import type { Protocol, Scanner } from './sequence/protocol.ts';
import { acquisitionFrame, scanGeometry } from './simulate/geometry.ts';
import type { Motion } from './simulate/motion.ts';
import type { NoiseLevel } from './simulate/noise.ts';
import type { Hertz, Meters, Radians } from './units.ts';

/** A session configuration: setting name → value, as stored (numbers, strings, 0/1 flags). */
export type Configuration = Readonly<Record<string, unknown>>;

/** Patient motion as the configuration asks for it; the scan's geometry turns it into a `Motion` (`motionOf`). */
export type MotionSetting =
  | { kind: 'none' }
  | {
      kind: 'translation';
      /** Peak displacement [m]. */
      amplitude: Meters;
      frequency: Hertz;
      /** Along the readout or the phase-encoding direction of the scan. */
      axis: 'read' | 'phase';
    }
  | {
      kind: 'rotation';
      /** Peak in-plane rotation [rad]. */
      amplitude: Radians;
      frequency: Hertz;
    };

/** The patient's state that changes the model's labels (the model applies what it has the feature for). */
export interface PatientSettings {
  brainCondition?: string;
  heartCondition?: string;
  /** Cardiac phase shown, 1–20. */
  cardiacPhase: number;
  breathingMode?: string;
}

/** Everything the simulator reads from a session's configuration, SI. */
export interface SimulatorSettings {
  scanner: Scanner;
  noiseLevel: NoiseLevel;
  motion: MotionSetting;
  patient: PatientSettings;
  /** Susceptibility (field-map) effects on the Bloch engine. */
  susceptibility: boolean;
  /** Intravoxel T2* dephasing on the Bloch engine. */
  t2Star: boolean;
}

/** Millitesla per tesla (maxGr is in mT/m, the scanner's gradient in T/m). */
const MT_PER_T = 1_000;
/** The noise level of the simulator's defaults (Low). */
const DEFAULT_NOISE_LEVEL: NoiseLevel = 1;
const DEFAULT_CARDIAC_PHASE = 1;

/** The number `configuration[name]` holds (a number, or a numeric string), else `fallback`. */
function numberOf(configuration: Configuration, name: string, fallback: number): number {
  const value = configuration[name];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : fallback;
}

/** The string `configuration[name]` holds, else undefined. */
function textOf(configuration: Configuration, name: string): string | undefined {
  const value = configuration[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The scanner the configuration names: b0field [T], maxGr [mT/m] and coil, each the reference scanner's where
 * the configuration has none; the reference slew rate [T/m/s].
 */
export function scannerOf(configuration: Configuration): Scanner {
  return {
    b0: numberOf(configuration, 'b0field', REFERENCE_SCANNER.b0),
    maxGradient: numberOf(configuration, 'maxGr', REFERENCE_SCANNER.maxGradient * MT_PER_T) / MT_PER_T,
    maxSlewRate: DEFAULT_SLEW_RATE_T_PER_M_PER_S,
    coil: textOf(configuration, 'coil') || REFERENCE_SCANNER.coil,
  };
}

/** The noise level 0–3 (Off, Low, Medium, High); Low where the value is not one of them. */
function noiseLevelOf(configuration: Configuration): NoiseLevel {
  const level = Math.round(numberOf(configuration, 'noise', DEFAULT_NOISE_LEVEL));
  return (level >= 0 && level <= 3 ? level : DEFAULT_NOISE_LEVEL) as NoiseLevel;
}

/**
 * Patient motion (simulator.md §3, §5): `translational` along the readout (motion_trans_axis 1) or the phase
 * direction (2) [m, Hz], `rotational` by motion_rot_angle [degrees → rad] at motion_rot_freq [Hz]; else none.
 */
function motionSettingOf(configuration: Configuration): MotionSetting {
  const motion = configuration['motion'];
  if (motion === 'rotational') {
    return {
      kind: 'rotation',
      amplitude: (numberOf(configuration, 'motion_rot_angle', NaN) * Math.PI) / 180,
      frequency: numberOf(configuration, 'motion_rot_freq', NaN),
    };
  }
  if (motion !== 'translational') return { kind: 'none' };
  return {
    kind: 'translation',
    amplitude: numberOf(configuration, 'motion_trans_magn', NaN),
    frequency: numberOf(configuration, 'motion_trans_freq', NaN),
    axis: numberOf(configuration, 'motion_trans_axis', 1) === 2 ? 'phase' : 'read',
  };
}

/** The simulator's settings of a session configuration, read once. */
export function simulatorSettingsOf(configuration: Configuration): SimulatorSettings {
  return {
    scanner: scannerOf(configuration),
    noiseLevel: noiseLevelOf(configuration),
    motion: motionSettingOf(configuration),
    patient: {
      brainCondition: textOf(configuration, 'brainStateMode'),
      heartCondition: textOf(configuration, 'heartCondition'),
      cardiacPhase: numberOf(configuration, 'defaultCardiacPhase', DEFAULT_CARDIAC_PHASE),
      breathingMode: textOf(configuration, 'breathingMode'),
    },
    susceptibility: numberOf(configuration, 'susceptibility', 0) === 1,
    t2Star: numberOf(configuration, 't2Star', 0) === 1,
  };
}

/**
 * The motion of a scan of `protocol` under `setting`: a translation runs along the stack's readout or phase
 * direction in patient coordinates, the stack's in-plane rotation and tilts included (simulate/geometry.ts
 * `scanGeometry`, `acquisitionFrame`); undefined for none.
 */
export function motionOf(setting: MotionSetting, protocol: Protocol): Motion | undefined {
  if (setting.kind === 'none') return undefined;
  if (setting.kind === 'rotation') return { ...setting };
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) return undefined;
  const frame = acquisitionFrame(protocol, plane);
  return {
    kind: 'translation',
    amplitude: setting.amplitude,
    frequency: setting.frequency,
    direction: setting.axis === 'phase' ? frame.phaseDirection : frame.readDirection,
  };
}
