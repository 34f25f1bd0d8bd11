import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { CrashBoundary, crashReportText } from './CrashScreen.tsx';

function Broken(): never {
  throw new TypeError('x is not a function');
}

describe('the crash screen (platform-shell.md §8)', () => {
  it('replaces a crashed page with the apology, the home link and the report, open by default', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider env="test">
        <CrashBoundary>
          <Broken />
        </CrashBoundary>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Oops, something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'click here to go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.getByRole('button', { name: 'Crash report' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('crash-report').textContent).toContain('TypeError: x is not a function');
  });

  it("copies 'Error: <name> - <message>' and the details, then toasts 'Copied to clipboard'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <Notifications />
        <CrashBoundary>
          <Broken />
        </CrashBoundary>
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy crash report' }));
    const copied = await navigator.clipboard.readText();
    expect(copied.startsWith('Error: TypeError - x is not a function\n')).toBe(true);
    await waitFor(() => expect(screen.getByText('Copied to clipboard')).toBeTruthy());
  });

  it('writes the report text from the name, message and details', () => {
    expect(crashReportText(new RangeError('too big'), 'at Page')).toBe(
      'Error: RangeError - too big\nat Page',
    );
  });
});
