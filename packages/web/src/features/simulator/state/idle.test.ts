import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS } from '@larmor/contracts/sessions';
import {
  countdownSeconds,
  countdownText,
  idleReducer,
  initialIdleState,
  keepaliveDue,
  mayIdle,
  type IdleState,
} from './idle.ts';

const MIN = 60_000;

function tick(state: IdleState, nowMs: number, eligible = true): IdleState {
  return idleReducer(state, { type: 'tick', nowMs, eligible });
}

describe('idle handling', () => {
  it('the notice opens after 10 minutes without activity and counts down from 300 s', () => {
    let state = initialIdleState(0);
    state = tick(state, SESSION_IDLE_TIMEOUT_MS - 1);
    expect(state.noticeSinceMs).toBeUndefined();
    state = tick(state, SESSION_IDLE_TIMEOUT_MS);
    expect(countdownSeconds(state, SESSION_IDLE_TIMEOUT_MS)).toBe(300);
    expect(countdownSeconds(state, SESSION_IDLE_TIMEOUT_MS + 299_000)).toBe(1);
    expect(countdownSeconds(state, SESSION_IDLE_TIMEOUT_MS + 400_000)).toBe(0);
  });

  it('activity in any tab restarts the timer; under the notice only Stay closes it', () => {
    let state = initialIdleState(0);
    state = idleReducer(state, { type: 'activity', nowMs: 9 * MIN, local: false });
    state = tick(state, 11 * MIN);
    expect(state.noticeSinceMs).toBeUndefined();
    state = tick(state, 19 * MIN);
    expect(state.noticeSinceMs).toBe(19 * MIN);
    state = idleReducer(state, { type: 'activity', nowMs: 19 * MIN + 5, local: true });
    expect(state.noticeSinceMs).toBe(19 * MIN);
    state = idleReducer(state, { type: 'stay', nowMs: 20 * MIN });
    expect(state).toEqual({ lastActivityMs: 20 * MIN, lastKeepaliveMs: 20 * MIN, noticeSinceMs: undefined });
  });

  it('no notice while the simulator may not idle (scan running, images loading, model 100001, not ready)', () => {
    let state = initialIdleState(0);
    state = tick(state, 30 * MIN, false);
    expect(state.noticeSinceMs).toBeUndefined();
    // The ten minutes start again once it may idle.
    expect(tick(state, 39 * MIN).noticeSinceMs).toBeUndefined();
    expect(mayIdle({ ready: true, imagesLoading: false, scanRunning: false, modelId: 1 })).toBe(true);
    expect(mayIdle({ ready: true, imagesLoading: false, scanRunning: true, modelId: 1 })).toBe(false);
    expect(mayIdle({ ready: true, imagesLoading: true, scanRunning: false, modelId: 1 })).toBe(false);
    expect(mayIdle({ ready: true, imagesLoading: false, scanRunning: false, modelId: 100001 })).toBe(false);
  });

  it('activity calls keepalive at most once a minute', () => {
    let state = initialIdleState(0);
    expect(keepaliveDue(state, 59_999)).toBe(false);
    expect(keepaliveDue(state, MIN)).toBe(true);
    state = idleReducer(state, { type: 'keptAlive', nowMs: MIN });
    expect(keepaliveDue(state, MIN + 30_000)).toBe(false);
  });

  it('the countdown reads "2 minutes", "1 minute", "N seconds"', () => {
    expect(countdownText(300)).toBe('5 minutes');
    expect(countdownText(120)).toBe('2 minutes');
    expect(countdownText(119)).toBe('1 minute');
    expect(countdownText(60)).toBe('1 minute');
    expect(countdownText(59)).toBe('59 seconds');
  });
});
