/**
 * Auth state (platform-shell.md §4): access token, refresh token and profile, loaded from local storage at
 * start. `authenticate` stores both tokens, `setProfile` stores the profile, `logout` clears the logout keys
 * and session storage. Components read it through useSession (a useSyncExternalStore subscription).
 */
import { useSyncExternalStore } from 'react';
import { profileSchema, type Profile } from '@larmor/contracts/me';
import type { TokenPair } from '@larmor/contracts/auth';
import { clearSessionStorage, readJson, STORAGE_KEYS, localStore, sessionStore } from './storage.ts';
import { isExpired, tokenScope, tryDecodeToken, type TokenClaims } from './token.ts';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  profile: Profile | null;
  claims: TokenClaims | null;
  /** The access token's scope claim (space-separated roles), when it is a string. */
  scope: string | undefined;
}

function load(): SessionState {
  const accessToken = localStore.getItem(STORAGE_KEYS.accessToken);
  const parsedProfile = profileSchema.safeParse(readJson(localStore, STORAGE_KEYS.profile));
  const claims = tryDecodeToken(accessToken) ?? null;
  return {
    accessToken,
    refreshToken: localStore.getItem(STORAGE_KEYS.refreshToken),
    profile: parsedProfile.success ? parsedProfile.data : null,
    claims,
    scope: tokenScope(claims),
  };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function emit(): void {
  state = load();
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) emit();
});

export const session = {
  get(): SessionState {
    return state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a fresh token pair (sign-in, identity switch). */
  authenticate(tokens: TokenPair): void {
    localStore.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
    localStore.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    emit();
  },
  setProfile(profile: Profile): void {
    localStore.setItem(STORAGE_KEYS.profile, JSON.stringify(profile));
    emit();
  },
  /** Clears tokens, profile, next_maintenance_at, instance_id, isLoginModalAcknowledged and session storage. */
  logout(): void {
    clearSessionStorage(localStore, sessionStore);
    emit();
  },
  /** Re-reads local storage (after code outside the store changed it, e.g. the API client's refresh). */
  reload(): void {
    emit();
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** Signed in: an access token that decodes and has not expired. */
export function isSignedIn(current: SessionState, nowMs: number = Date.now()): boolean {
  return current.claims !== null && !isExpired(current.claims, nowMs);
}
