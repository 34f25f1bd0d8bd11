/**
 * A session's configuration (simulator.md §3): its items by name, read as the screens compare them, and the
 * active-session payload with one value changed (what the cache holds after a configuration call succeeds).
 */
import type {
  ActiveSession,
  ConfigurationItem,
  ConfigurationValue,
  SessionConfigurationName,
} from '@larmor/contracts/sessions';

export function configurationItem(
  configuration: readonly ConfigurationItem[],
  name: string,
): ConfigurationItem | undefined {
  return configuration.find((c) => c.name === name);
}

/** A setting's current value as a string (how choices are compared in the dialogs). */
export function settingValue(
  configuration: readonly ConfigurationItem[],
  name: string,
  fallback: string,
): string {
  const value = configurationItem(configuration, name)?.selectedValue;
  return value === undefined ? fallback : String(value);
}

/** The payload with `name` set to `value`; unchanged when the session has no such item (the server has it then). */
export function withConfigurationValue(
  active: ActiveSession,
  name: SessionConfigurationName,
  value: ConfigurationValue,
): ActiveSession {
  return {
    ...active,
    configuration: active.configuration.map((c) => (c.name === name ? { ...c, selectedValue: value } : c)),
  };
}
