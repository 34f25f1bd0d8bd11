/**
 * The token policy every call shares (platform-shell.md §7): refresh the access token first when
 * 0 < seconds left < 7200 and a refresh token exists; a 401 outside login ends the session.
 */
import { REFRESH_WINDOW_S, SESSION_EXPIRY_REDIRECT_DELAY_MS } from '@larmor/contracts/constants';
import { secondsLeft, tryDecodeToken } from '../token.ts';

/** True when the access token should be refreshed before a call (0 < seconds left < 7200, refresh token held). */
export function shouldRefresh(
  accessToken: string | null,
  refreshToken: string | null,
  nowMs: number,
): boolean {
  if (accessToken === null || refreshToken === null || refreshToken === '') return false;
  const claims = tryDecodeToken(accessToken);
  const left = claims === undefined ? undefined : secondsLeft(claims, nowMs);
  return left !== undefined && left > 0 && left < REFRESH_WINDOW_S;
}

/** Default session-expiry handling: clear local storage, then after 350 ms go to / (a full page load). */
export function expireSession(
  local: Pick<Storage, 'clear'>,
  goHome: () => void = () => window.location.assign('/'),
): void {
  local.clear();
  setTimeout(goHome, SESSION_EXPIRY_REDIRECT_DELAY_MS);
}
