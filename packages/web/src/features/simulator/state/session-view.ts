/**
 * What the screen reads from the active-session payload (simulator.md §3), as pure functions: the scanner of the
 * configuration (b0field [T], maxGr [mT/m], coil), the noise level, the preferred units, the System card's
 * settings with their locks, and a pulse sequence's protocol for @larmor/mri.
 */
import type { ConfigurationItem, PulseSequence } from '@larmor/contracts/sessions';
import { configurationItem } from '#entities/session/configuration.ts';
import {
  SEQUENCE_FAMILIES,
  protocolOf as protocolOfParts,
  type Protocol,
  type Scanner,
  type SequenceFamily,
  scannerOf as scannerOfValues,
  simulatorSettingsOf,
  type Configuration,
} from '@larmor/mri';
import type { NoiseLevel } from '@larmor/mri/simulate';
import type { PreviewModelSettings } from '../preview/preview-model.ts';
import { DEFAULT_UNITS, type UnitPreferences } from './units.ts';

const NOISE_NAMES = ['Off', 'Low', 'Medium', 'High'] as const;

/** The configuration items as the name → value record @larmor/mri's settings read. */
function configurationValues(configuration: readonly ConfigurationItem[]): Configuration {
  return Object.fromEntries(configuration.map((item) => [item.name, item.selectedValue]));
}

/** The scanner of the configuration (b0field [T], maxGr [mT/m], coil; @larmor/mri `scannerOf`). */
export function scannerOf(configuration: readonly ConfigurationItem[]): Scanner {
  return scannerOfValues(configurationValues(configuration));
}

/** The patient settings that change the model's labels (what a scan's snapshot builds it with), for the preview. */
export function previewSettingsOf(configuration: readonly ConfigurationItem[]): PreviewModelSettings {
  return simulatorSettingsOf(configurationValues(configuration)).patient;
}

/**
 * Whether the session's images show susceptibility: the setting on and the Bloch backend (`censol`), the rule the
 * server's snapshot follows (modules/scans/snapshot.ts); the CPU simulator hides it (simulator.md §6).
 */
export function showsSusceptibility(
  configuration: readonly ConfigurationItem[],
  backend: 'cpusim' | 'censol',
): boolean {
  return backend === 'censol' && simulatorSettingsOf(configurationValues(configuration)).susceptibility;
}

export function noiseLevelOf(configuration: readonly ConfigurationItem[]): NoiseLevel {
  return simulatorSettingsOf(configurationValues(configuration)).noiseLevel;
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
  return protocolOfParts(sequence.family, sequence.parameters, sequence.spatials);
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
