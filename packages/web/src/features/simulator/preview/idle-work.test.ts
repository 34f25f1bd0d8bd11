import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleWork } from './idle-work.ts';

describe('idle work of the preview worker (a moved slice prepared while no request waits)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work once after the delay without a request', () => {
    const idle = idleWork(150);
    const work = vi.fn();
    idle.schedule(work);
    vi.advanceTimersByTime(149);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a request cancels it, and a new schedule replaces the old work (a drag never waits for it)', () => {
    const idle = idleWork(150);
    const first = vi.fn();
    const second = vi.fn();
    idle.schedule(first);
    vi.advanceTimersByTime(100);
    idle.cancel();
    vi.advanceTimersByTime(1000);
    expect(first).not.toHaveBeenCalled();
    idle.schedule(first);
    vi.advanceTimersByTime(100);
    idle.schedule(second);
    vi.advanceTimersByTime(149);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
