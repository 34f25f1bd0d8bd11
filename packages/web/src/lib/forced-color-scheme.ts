/**
 * A colour scheme a screen imposes while it is shown (issue 15: the simulator, the viewers and the scan-result
 * pages are dark by default, as reading rooms are; the rest of the app follows the system). The providers pass
 * it to Mantine's `forceColorScheme`; a screen sets it on mount and clears it on unmount, so the user's stored
 * app-wide preference is never overwritten.
 */
import { useEffect, useSyncExternalStore } from 'react';

export type ForcedColorScheme = 'light' | 'dark';

let forced: ForcedColorScheme | undefined;
const listeners = new Set<() => void>();

export const forcedColorScheme = {
  get(): ForcedColorScheme | undefined {
    return forced;
  },
  set(scheme: ForcedColorScheme | undefined): void {
    if (scheme === forced) return;
    forced = scheme;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The scheme a screen currently imposes, or undefined (the user's preference applies). */
export function useForcedColorScheme(): ForcedColorScheme | undefined {
  return useSyncExternalStore(forcedColorScheme.subscribe, forcedColorScheme.get);
}

/** Imposes `scheme` while the calling component is mounted. */
export function useImposeColorScheme(scheme: ForcedColorScheme): void {
  useEffect(() => {
    forcedColorScheme.set(scheme);
    return () => forcedColorScheme.set(undefined);
  }, [scheme]);
}
