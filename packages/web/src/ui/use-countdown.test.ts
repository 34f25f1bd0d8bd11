import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { secondsUntil, useCountdown } from './use-countdown.ts';

describe('useCountdown', () => {
  it('counts whole seconds down to 0 and never below', () => {
    expect(secondsUntil(10_500, 0)).toBe(11);
    expect(secondsUntil(0, 5_000)).toBe(0);
  });

  it('ticks every second', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const until = Date.now() + 3_000;
      const { result } = renderHook(() => useCountdown(until));
      expect(result.current).toBe(3);
      act(() => vi.advanceTimersByTime(1_000));
      expect(result.current).toBe(2);
      act(() => vi.advanceTimersByTime(5_000));
      expect(result.current).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
