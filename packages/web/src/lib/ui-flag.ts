/** The new-platform-UI flag kept in local storage ('true' or not; platform-shell.md §2). */
import { useSyncExternalStore } from 'react';
import { isNewPlatformUi, STORAGE_KEYS, localStore } from './storage.ts';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === STORAGE_KEYS.newPlatformUi) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useNewPlatformUi(): boolean {
  return useSyncExternalStore(subscribe, () => isNewPlatformUi(localStore));
}

/** Switches the flag (Preferences page) and re-renders the navigation and the user dropdown. */
export function setNewPlatformUi(on: boolean): void {
  localStore.setItem(STORAGE_KEYS.newPlatformUi, on ? 'true' : 'false');
  for (const listener of listeners) listener();
}
