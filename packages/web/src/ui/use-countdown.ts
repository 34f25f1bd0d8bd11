/** A countdown to a moment, ticking every 1 s (platform-shell.md §9 COUNTDOWN_TICK_MS). */
import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '@larmor/contracts/constants';

/** Whole seconds from `nowMs` until `untilMs`, never negative. */
export function secondsUntil(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** Seconds left until `untilMs` [ms since the epoch], re-rendering every tick until it reaches 0. */
export function useCountdown(untilMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= untilMs) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [untilMs]);
  return secondsUntil(untilMs, now);
}
