/**
 * The session wrapper's state (simulator.md §2, §4, §8) as a pure reducer: the session loads (or is opened for a
 * module when the route's id is −1), then is ready; a closed session or the instance-not-running error (700701)
 * shows Session expired, which Dismiss hides; a browser without WebGL shows WebGL Not Supported.
 */
import { idSchema } from '@larmor/contracts/common';
import { ERROR_CODES } from '@larmor/contracts/errors';

/** The route's session id when it is missing or not a positive whole number (simulator.md §2). */
export const MISSING_SESSION_ID = '-1';

/** The route's session id: the parameter when it is a session id (a UUID), else −1. */
export function routeSessionId(param: string | undefined): string {
  return idSchema.safeParse(param).success ? (param as string) : MISSING_SESSION_ID;
}

export type WebGlSupport = 'unknown' | 'supported' | 'unsupported';

export interface WrapperState<S> {
  load: 'loading' | 'ready' | 'failed';
  session: S | undefined;
  error: string | undefined;
  /** The Session expired dialog is open. */
  expired: boolean;
  webGl: WebGlSupport;
}

export type WrapperAction<S> =
  | { type: 'loaded'; session: S; closed: boolean }
  | { type: 'failed'; message: string; code?: number | string | undefined }
  | { type: 'expired' }
  | { type: 'dismissExpired' }
  | { type: 'webGl'; supported: boolean };

export function initialWrapperState<S>(): WrapperState<S> {
  return { load: 'loading', session: undefined, error: undefined, expired: false, webGl: 'unknown' };
}

/** True for the error that means the session's simulator instance no longer runs (simulator.md §8). */
export function isInstanceNotRunning(code: number | string | undefined): boolean {
  return code === ERROR_CODES.INSTANCE_NOT_RUNNING || code === String(ERROR_CODES.INSTANCE_NOT_RUNNING);
}

export function wrapperReducer<S>(state: WrapperState<S>, action: WrapperAction<S>): WrapperState<S> {
  switch (action.type) {
    case 'loaded':
      return { ...state, load: 'ready', session: action.session, error: undefined, expired: action.closed };
    case 'failed':
      if (isInstanceNotRunning(action.code)) return { ...state, load: 'failed', expired: true };
      return { ...state, load: 'failed', error: action.message };
    case 'expired':
      return { ...state, expired: true };
    case 'dismissExpired':
      return { ...state, expired: false };
    case 'webGl':
      return { ...state, webGl: action.supported ? 'supported' : 'unsupported' };
  }
}
