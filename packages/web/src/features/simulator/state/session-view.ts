/**
 * What the screen reads from the active-session payload (simulator.md §3), as pure functions: the scanner of the
 * configuration (b0field [T], maxGr [mT/m], coil), the noise level, the preferred units, the System card's
 * settings with their locks, and a pulse sequence's protocol for @larmor/mri.
 */
import type { ConfigurationItem, PulseSequence } from '@larmor/contracts/sessions';
import { configurationItem } from '#entities/session/configuration.ts';
import {
  SEQUENCE_FAMILIES,
  type Protocol,
  type Scanner,
  type SequenceFamily,
} from '@larmor/mri/sequence/protocol';
import type { NoiseLevel } from '@larmor/mri/simulate/noise';
import type { PreviewModelSettings } from '../preview/preview-model.ts';
import { DEFAULT_UNITS, type UnitPreferences } from './units.ts';

/** Scanner defaults of simulator.md §9: 1.5 T, 45 mT/m; slew rate as @larmor/mri's reference scanner [T/m/s]. */
export const DEFAULT_B0_T = 1.5;
export const DEFAULT_MAX_GRADIENT_MT_PER_M = 45;
export const SCANNER_SLEW_RATE_T_PER_M_PER_S = 200;
export const DEFAULT_COIL = 'body';

const NOISE_NAMES = ['Off', 'Low', 'Medium', 'High'] as const;

function numberOf(configuration: readonly ConfigurationItem[], name: string, fallback: number): number {
  const value = configurationItem(configuration, name)?.selectedValue;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : fallback;
}

export function scannerOf(configuration: readonly ConfigurationItem[]): Scanner {
  const coil = configurationItem(configuration, 'coil')?.selectedValue;
  return {
    b0: numberOf(configuration, 'b0field', DEFAULT_B0_T),
    maxGradient: numberOf(configuration, 'maxGr', DEFAULT_MAX_GRADIENT_MT_PER_M) / 1000,
    maxSlewRate: SCANNER_SLEW_RATE_T_PER_M_PER_S,
    coil: typeof coil === 'string' && coil !== '' ? coil : DEFAULT_COIL,
  };
}

/** The patient settings that change the model's labels (what a scan's snapshot builds it with), for the preview. */
export function previewSettingsOf(configuration: readonly ConfigurationItem[]): PreviewModelSettings {
  const text = (name: string) => {
    const value = configurationItem(configuration, name)?.selectedValue;
    return typeof value === 'string' ? value : undefined;
  };
  return {
    brainCondition: text('brainStateMode'),
    heartCondition: text('heartCondition'),
    cardiacPhase: numberOf(configuration, 'defaultCardiacPhase', 1),
    breathingMode: text('breathingMode'),
  };
}

export function noiseLevelOf(configuration: readonly ConfigurationItem[]): NoiseLevel {
  const level = Math.round(numberOf(configuration, 'noise', 1));
  return (level >= 0 && level <= 3 ? level : 1) as NoiseLevel;
}

export function unitsOf(configuration: readonly ConfigurationItem[]): UnitPreferences {
  const time = configurationItem(configuration, 'time_unit')?.selectedValue;
  const distance = configurationItem(configuration, 'distance_unit')?.selectedValue;
  return {
    time: time === 's' ? 's' : DEFAULT_UNITS.time,
    distance: distance === 'cm' ? 'cm' : DEFAULT_UNITS.distance,
  };
}

export function isSequenceFamily(family: string): family is SequenceFamily {
  return (SEQUENCE_FAMILIES as readonly string[]).includes(family);
}

/** A pulse sequence's protocol (SI), or undefined when its family is not one the engine offers. */
export function protocolOf(sequence: PulseSequence): Protocol | undefined {
  if (!isSequenceFamily(sequence.family)) return undefined;
  return { ...sequence.parameters, family: sequence.family, geometry: sequence.spatials } as Protocol;
}

/** The System card: field, gradient, coil and noise, each with the module's lock. */
export function systemSettings(
  configuration: readonly ConfigurationItem[],
  coilName: (uniqueName: string) => string = (n) => n,
): { label: string; value: string; locked: boolean }[] {
  const scanner = scannerOf(configuration);
  const locked = (name: string) => configurationItem(configuration, name)?.locked === true;
  return [
    { label: 'Field strength', value: `${scanner.b0} T`, locked: locked('b0field') },
    {
      label: 'Gradient limit',
      value: `${Math.round(scanner.maxGradient * 1000)} mT/m`,
      locked: locked('maxGr'),
    },
    { label: 'Coil', value: coilName(scanner.coil), locked: locked('coil') },
    { label: 'Noise', value: NOISE_NAMES[noiseLevelOf(configuration)], locked: locked('noise') },
  ];
}
