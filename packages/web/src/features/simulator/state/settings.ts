/**
 * Which session settings the student may change, and why not (simulator.md §5, §6): a module's lock, the CPU
 * simulator's refusals (`cpusim`: scanner settings, physiological motion, chemical shift, susceptibility, T2*,
 * grid), and overwrite_simulation_settings, which disables the simulation toggles. Pure, so the dialogs only lay out.
 */
import {
  CPUSIM_REFUSED_CONFIGURATION,
  type ConfigurationItem,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import { configurationItem } from '#entities/session/configuration.ts';

/** The simulation toggles that overwrite_simulation_settings disables. */
export const SIMULATION_TOGGLES: readonly SessionConfigurationName[] = [
  'activate_cs',
  'susceptibility',
  't2Star',
];

/** Why a setting cannot be changed, or undefined when it can. */
export function settingBlockedReason(
  name: SessionConfigurationName,
  configuration: readonly ConfigurationItem[],
  backend: 'cpusim' | 'censol',
): string | undefined {
  if (configurationItem(configuration, name)?.locked === true) {
    return 'Set by this module: your teacher fixed it for this exercise';
  }
  if (backend === 'cpusim' && CPUSIM_REFUSED_CONFIGURATION.includes(name)) {
    return 'Not available on the CPU simulator';
  }
  const overwritten = configurationItem(configuration, 'overwrite_simulation_settings')?.selectedValue;
  if (SIMULATION_TOGGLES.includes(name) && (overwritten === 1 || overwritten === true)) {
    return 'The module overwrites the simulation settings';
  }
  return undefined;
}
