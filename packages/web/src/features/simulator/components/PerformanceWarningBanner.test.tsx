import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import * as contexts from '../state/webgl-contexts.ts';
import * as reports from '#entities/error-report/api/report-error.ts';
import { useWebGlWatch } from './use-webgl-watch.ts';
import { PerformanceWarningBanner } from './WrapperDialogs.tsx';

describe('the Performance Warning banner (simulator.md §4)', () => {
  it('says how many WebGL contexts are open, in words, and is absent below the warning level', () => {
    const { rerender } = render(
      <MantineProvider env="test">
        <PerformanceWarningBanner contexts={undefined} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('performance-warning')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <PerformanceWarningBanner contexts={7} />
      </MantineProvider>,
    );
    expect(screen.getByRole('status').textContent).toMatch(/Performance warning.*7 image views/);
  });
});

describe('useWebGlWatch: a check every 10 s', () => {
  let count = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(contexts, 'countWebGlContexts').mockImplementation(() => count);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('warns from the check after 6 contexts, reports once at 12, and clears when they close', () => {
    const report = vi.spyOn(reports, 'reportError').mockImplementation(() => undefined);
    const { result } = renderHook(() => useWebGlWatch());
    count = 6;
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(6);
    count = 12;
    act(() => vi.advanceTimersByTime(20_000));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toMatchObject({ name: 'WebGLContextLimit', context: { contexts: 12 } });
    count = 2;
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBeUndefined();
  });
});
