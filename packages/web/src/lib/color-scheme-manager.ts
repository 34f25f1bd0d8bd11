/**
 * Where Mantine keeps the colour scheme the user chose: the app's local store (lib/storage.ts) under Mantine's own
 * key, so a Larmor framed cross-site with third-party storage blocked (an LTI launch, issue 27.2) neither throws on
 * reading it nor on another tab's storage event, which Mantine's localStorageColorSchemeManager does by touching
 * `window.localStorage` in its listener.
 */
import { isMantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { localStore } from './storage.ts';

/** Mantine's key for the chosen scheme (its localStorageColorSchemeManager's default). */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

export function storeColorSchemeManager(
  store: Storage = localStore,
  key: string = COLOR_SCHEME_KEY,
): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  const unsubscribe = (): void => {
    if (listener !== undefined) window.removeEventListener('storage', listener);
    listener = undefined;
  };
  return {
    get: (fallback) => {
      const value = store.getItem(key);
      return isMantineColorScheme(value) ? value : fallback;
    },
    set: (value) => {
      try {
        store.setItem(key, value);
      } catch {
        // A full storage: the scheme holds for this page only.
      }
    },
    subscribe: (onUpdate) => {
      unsubscribe();
      listener = (event) => {
        if (event.storageArea === store && event.key === key && isMantineColorScheme(event.newValue)) {
          onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe,
    clear: () => store.removeItem(key),
  };
}
