import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert.tsx';

function renderAlert(element: ReactElement) {
  return render(<MantineProvider env="test">{element}</MantineProvider>);
}

describe('ErrorAlert (a failed request shown to the user)', () => {
  it("announces the error's message as an alert", () => {
    renderAlert(<ErrorAlert error={new Error('offline')} />);
    expect(screen.getByRole('alert').textContent).toContain('offline');
  });

  it('shows the text `describe` gives for the error', () => {
    renderAlert(<ErrorAlert error={new Error('409')} describe={(e) => `taken (${e.message})`} />);
    expect(screen.getByRole('alert').textContent).toContain('taken (409)');
  });

  it('renders nothing without an error', () => {
    renderAlert(<ErrorAlert error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
