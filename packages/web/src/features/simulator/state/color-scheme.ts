/**
 * The simulator's colour scheme (issue 15): dark by default, as reading rooms are, switchable in Preferences and
 * remembered in this browser. It is imposed only while the simulator is shown (lib/forced-color-scheme.ts).
 */
import { useSyncExternalStore } from 'react';
import type { ForcedColorScheme } from '#lib/forced-color-scheme.ts';
import { localStore } from '#lib/storage.ts';

export const SIMULATOR_COLOR_SCHEME_KEY = 'simulator_color_scheme';

/** The stored scheme; dark unless the user chose light. */
export function storedSimulatorScheme(local: Pick<Storage, 'getItem'>): ForcedColorScheme {
  return local.getItem(SIMULATOR_COLOR_SCHEME_KEY) === 'light' ? 'light' : 'dark';
}

const listeners = new Set<() => void>();

export function setSimulatorScheme(scheme: ForcedColorScheme): void {
  localStore.setItem(SIMULATOR_COLOR_SCHEME_KEY, scheme);
  for (const listener of listeners) listener();
}

export function useSimulatorScheme(): ForcedColorScheme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => storedSimulatorScheme(localStore),
  );
}
