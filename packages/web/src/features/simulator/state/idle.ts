/**
 * Idle handling (simulator.md §4) as pure functions of time: after SESSION_IDLE_TIMEOUT_MS without activity (in any
 * tab) while the simulator may idle (ready, no images loading, no scan running, not model 100001), the Inactivity
 * notice counts down SESSION_IDLE_COUNTDOWN_S; Stay resets the timer and calls keepalive, as activity does at most
 * once a minute (so an active session is never reaped); zero closes the session.
 */
import { SESSION_IDLE_COUNTDOWN_S, SESSION_IDLE_TIMEOUT_MS } from '@larmor/contracts/sessions';

/** Least time between two keepalive calls caused by activity [ms]. */
export const KEEPALIVE_MIN_INTERVAL_MS = 60_000;
/** The model that never idles out (simulator.md §2, §4). */
export const NO_IDLE_MODEL_ID = 100001;

export interface IdleState {
  lastActivityMs: number;
  lastKeepaliveMs: number;
  /** When the Inactivity notice opened, or undefined while it is closed. */
  noticeSinceMs: number | undefined;
}

export type IdleAction =
  /** Activity here (`local`) or in another tab. */
  | { type: 'activity'; nowMs: number; local: boolean }
  /** The clock ticked; `eligible`: the simulator may idle now. */
  | { type: 'tick'; nowMs: number; eligible: boolean }
  | { type: 'stay'; nowMs: number }
  | { type: 'keptAlive'; nowMs: number };

export function initialIdleState(nowMs: number): IdleState {
  return { lastActivityMs: nowMs, lastKeepaliveMs: nowMs, noticeSinceMs: undefined };
}

export function idleReducer(state: IdleState, action: IdleAction): IdleState {
  switch (action.type) {
    case 'activity':
      // Activity does not close the notice: only Stay does, as the spec says.
      return state.noticeSinceMs === undefined ? { ...state, lastActivityMs: action.nowMs } : state;
    case 'tick':
      if (!action.eligible) return { ...state, lastActivityMs: action.nowMs, noticeSinceMs: undefined };
      if (
        state.noticeSinceMs === undefined &&
        action.nowMs - state.lastActivityMs >= SESSION_IDLE_TIMEOUT_MS
      ) {
        return { ...state, noticeSinceMs: action.nowMs };
      }
      return state;
    case 'stay':
      return { lastActivityMs: action.nowMs, lastKeepaliveMs: action.nowMs, noticeSinceMs: undefined };
    case 'keptAlive':
      return { ...state, lastKeepaliveMs: action.nowMs };
  }
}

/** Whether local activity at `nowMs` should call keepalive (at most once a minute, never under the notice). */
export function keepaliveDue(state: IdleState, nowMs: number): boolean {
  return state.noticeSinceMs === undefined && nowMs - state.lastKeepaliveMs >= KEEPALIVE_MIN_INTERVAL_MS;
}

/** Seconds left on the notice's countdown, or undefined while it is closed. */
export function countdownSeconds(state: IdleState, nowMs: number): number | undefined {
  if (state.noticeSinceMs === undefined) return undefined;
  return Math.max(0, SESSION_IDLE_COUNTDOWN_S - Math.floor((nowMs - state.noticeSinceMs) / 1000));
}

/** The countdown in words (simulator.md §4): "2 minutes", "1 minute", "N seconds". */
export function countdownText(seconds: number): string {
  if (seconds >= 120) return `${Math.floor(seconds / 60)} minutes`;
  if (seconds >= 60) return '1 minute';
  return `${seconds} seconds`;
}

/** Whether the simulator may idle out now. */
export function mayIdle(flags: {
  ready: boolean;
  imagesLoading: boolean;
  scanRunning: boolean;
  modelId: number;
}) {
  return flags.ready && !flags.imagesLoading && !flags.scanRunning && flags.modelId !== NO_IDLE_MODEL_ID;
}
