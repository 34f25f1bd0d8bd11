/**
 * Local-storage keys of the shell (platform-shell.md §4). Logout removes LOGOUT_KEYS and clears session storage.
 *
 * The app reads and writes the browser's storage through `localStore` and `sessionStore`: the real local and
 * session storage where the page may use them, else a storage in memory for the page's life. A browser that
 * blocks third-party storage (Chromium does when third-party cookies are blocked) throws a SecurityError on the
 * first touch of `window.localStorage` in a cross-site frame, which is how an LTI launch inside a learning
 * platform's iframe (issue 27.2) runs Larmor: there the launch's tokens, handed over in /auth/callback's fragment,
 * live in memory, and a relaunch from the platform signs the user in again.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  profile: 'profile',
  nextMaintenanceAt: 'next_maintenance_at',
  instanceId: 'instance_id',
  loginModalAcknowledged: 'isLoginModalAcknowledged',
  /** 'true' switches the navigation and user dropdown to the new platform UI. */
  newPlatformUi: 'isNewPlatformUI',
  /** The path a signed-out visitor asked for, restored after sign-in. */
  redirectAfterLogin: 'redirectAfterLogin',
} as const;

/** What logout removes from local storage (platform-shell.md §4), before clearing session storage. */
export const LOGOUT_KEYS: readonly string[] = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.profile,
  STORAGE_KEYS.nextMaintenanceAt,
  STORAGE_KEYS.instanceId,
  STORAGE_KEYS.loginModalAcknowledged,
];

/** Removes the logout keys from `local` and empties `session`. */
export function clearSessionStorage(local: Storage, session: Storage): void {
  for (const key of LOGOUT_KEYS) local.removeItem(key);
  session.clear();
}

/** The new-platform-UI flag: on only when the stored value is exactly 'true'. */
export function isNewPlatformUi(local: Pick<Storage, 'getItem'>): boolean {
  return local.getItem(STORAGE_KEYS.newPlatformUi) === 'true';
}

/** Parses a stored JSON value, or undefined when missing or malformed. */
export function readJson(local: Pick<Storage, 'getItem'>, key: string): unknown {
  const raw = local.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** A Storage kept in memory: what a page without access to the browser's storage uses. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  const storage = {
    get length(): number {
      return items.size;
    },
    key: (index: number): string | null => [...items.keys()][index] ?? null,
    getItem: (key: string): string | null => items.get(key) ?? null,
    setItem: (key: string, value: string): void => {
      items.set(key, String(value));
    },
    removeItem: (key: string): void => {
      items.delete(key);
    },
    clear: (): void => {
      items.clear();
    },
  };
  return storage;
}

/** The storage `open` answers when it may be read and written, else a storage in memory. */
export function usableStorage(open: () => Storage): Storage {
  try {
    const storage = open();
    const probe = '__larmor_storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

/** The browser's local storage, or one in memory where this page may not use it (a cross-site frame). */
export const localStore: Storage = usableStorage(() => window.localStorage);
/** The browser's session storage, or one in memory where this page may not use it. */
export const sessionStore: Storage = usableStorage(() => window.sessionStorage);
