import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultAutoClose, shellToast, toast } from './toast.ts';

describe('toast defaults (platform-shell.md §4, §9)', () => {
  it('closes success and info toasts after 5000 ms and keeps error toasts until closed', () => {
    expect(defaultAutoClose('success')).toBe(5_000);
    expect(defaultAutoClose('info')).toBe(5_000);
    expect(defaultAutoClose('error')).toBe(false);
  });
});

describe('toast lifetimes in the toast area (platform-shell.md §9: shell 3000 ms, generic 5000 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Advances fake time in 250 ms steps so each step's effects (close timers, exit transitions) run. */
  function advance(ms: number): void {
    for (let elapsed = 0; elapsed < ms; elapsed += 250) act(() => vi.advanceTimersByTime(250));
  }

  it("closes the shell's toast after 3000 ms, the generic one after 5000 ms, and keeps the error toast", () => {
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      shellToast.success('Shell says hi');
      toast.success('Generic says hi');
      toast.error('Error stays');
    });
    advance(2_500);
    expect(screen.queryByText('Shell says hi')).not.toBeNull();
    advance(1_000);
    expect(screen.queryByText('Shell says hi')).toBeNull();
    expect(screen.queryByText('Generic says hi')).not.toBeNull();
    advance(2_000);
    expect(screen.queryByText('Generic says hi')).toBeNull();
    expect(screen.queryByText('Error stays')).not.toBeNull();
  });
});
