import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, Menu } from '@mantine/core';
import { DisabledMenuItem } from './DisabledMenuItem.tsx';

function renderMenu() {
  render(
    <MantineProvider>
      <Menu opened>
        <Menu.Target>
          <button type="button">Settings</button>
        </Menu.Target>
        <Menu.Dropdown>
          <DisabledMenuItem>Patient settings</DisabledMenuItem>
          <Menu.Item>Scanner settings</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </MantineProvider>,
  );
}

describe('DisabledMenuItem (issue 15: menus open from the keyboard although their first item is disabled)', () => {
  it('says it is disabled (aria-disabled, data-disabled for the style and the arrows) but is no disabled button, which the menu could not focus', async () => {
    renderMenu();
    const patient = await screen.findByRole('menuitem', { name: 'Patient settings' });
    expect(patient.getAttribute('aria-disabled')).toBe('true');
    expect(patient.hasAttribute('data-disabled')).toBe(true);
    expect(patient.hasAttribute('disabled')).toBe(false);
  });
});
