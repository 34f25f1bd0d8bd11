/**
 * Local-storage keys of the shell (platform-shell.md §4). Logout removes LOGOUT_KEYS and clears session storage.
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
