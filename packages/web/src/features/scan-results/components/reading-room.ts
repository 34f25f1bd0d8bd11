/**
 * The scan-result pages are dark by default, as reading rooms are (issue 15), following the same Preferences
 * choice as the simulator (the simulator feature's `simulator_color_scheme` key in this browser's storage).
 */
import { useImposeColorScheme, type ForcedColorScheme } from '#lib/forced-color-scheme.ts';
import { localStore } from '#lib/storage.ts';

const READING_ROOM_SCHEME_KEY = 'simulator_color_scheme';

export function readingRoomScheme(local: Pick<Storage, 'getItem'>): ForcedColorScheme {
  return local.getItem(READING_ROOM_SCHEME_KEY) === 'light' ? 'light' : 'dark';
}

/** Imposes the reading-room scheme while the calling page is shown. */
export function useReadingRoomScheme(): void {
  useImposeColorScheme(readingRoomScheme(localStore));
}
