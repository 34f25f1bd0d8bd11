import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { TextField } from './TextField.tsx';

describe('TextField help tooltip (platform-shell.md §5 generic text input)', () => {
  it('shows the help with its unit in brackets when the help icon gets keyboard focus', async () => {
    render(
      <MantineProvider env="test">
        <TextField name="fov" label="Field of view" help="Side of the imaged square" unit="mm" />
      </MantineProvider>,
    );
    await userEvent.setup().tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Help: Field of view');
    expect(await screen.findByText('Side of the imaged square [mm]')).toBeTruthy();
  });
});
