/**
 * The idle timer of simulator.md §4 on the pure rules of state/idle.ts: activity (pointer, keys, wheel) here or in
 * another tab of this browser (a localStorage mark) restarts it; local activity calls keepalive at most once a
 * minute; the countdown ticks every second; `onExpire` runs once when it reaches zero.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '@larmor/contracts/constants';
import { countdownSeconds, idleReducer, initialIdleState, keepaliveDue } from '../state/idle.ts';
import { localStore } from '#lib/storage.ts';

/** The localStorage key other tabs watch for activity. */
export const ACTIVITY_STORAGE_KEY = 'simulator_last_activity';
/** Activity is noted at most this often [ms] (pointer moves fire far more often). */
const ACTIVITY_THROTTLE_MS = 1_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel'] as const;

export function useIdle(options: { eligible: boolean; keepalive: () => void; onExpire: () => void }): {
  countdown: number | undefined;
  stay: () => void;
} {
  const [state, dispatch] = useReducer(idleReducer, undefined, () => initialIdleState(Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const latest = useRef({ state, options });
  useEffect(() => {
    latest.current = { state, options };
  });

  useEffect(() => {
    let lastNoted = 0;
    const onActivity = () => {
      const nowMs = Date.now();
      if (nowMs - lastNoted < ACTIVITY_THROTTLE_MS) return;
      lastNoted = nowMs;
      dispatch({ type: 'activity', nowMs, local: true });
      localStore.setItem(ACTIVITY_STORAGE_KEY, String(nowMs));
      if (keepaliveDue(latest.current.state, nowMs)) {
        dispatch({ type: 'keptAlive', nowMs });
        latest.current.options.keepalive();
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACTIVITY_STORAGE_KEY) dispatch({ type: 'activity', nowMs: Date.now(), local: false });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener('storage', onStorage);
    const timer = setInterval(() => {
      const nowMs = Date.now();
      setNow(nowMs);
      dispatch({ type: 'tick', nowMs, eligible: latest.current.options.eligible });
    }, COUNTDOWN_TICK_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('storage', onStorage);
      clearInterval(timer);
    };
  }, []);

  const countdown = countdownSeconds(state, now);
  const expired = useRef(false);
  useEffect(() => {
    if (countdown === 0 && !expired.current) {
      expired.current = true;
      latest.current.options.onExpire();
    }
  }, [countdown]);

  return {
    countdown,
    stay: () => {
      const nowMs = Date.now();
      dispatch({ type: 'stay', nowMs });
      localStore.setItem(ACTIVITY_STORAGE_KEY, String(nowMs));
      latest.current.options.keepalive();
    },
  };
}
