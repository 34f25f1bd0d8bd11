/**
 * A menu item shown but not available (issue 15, keyboard access). Mantine's `disabled` makes the item a disabled
 * button, which the menu's focus trap still picks as the first element to focus, and cannot: a menu whose first
 * item is disabled opens from the keyboard with the focus left on its button, and the arrows never reach the other
 * items. This one stays focusable, as the WAI-ARIA menu pattern has disabled items, says it is disabled
 * (aria-disabled) and does nothing when chosen (it takes no onClick); the arrows skip it.
 */
import type { ReactNode } from 'react';
import { Menu, type MenuItemProps } from '@mantine/core';

export function DisabledMenuItem(
  props: Omit<MenuItemProps, 'disabled' | 'onClick'> & { children: ReactNode },
) {
  return <Menu.Item {...props} data-disabled aria-disabled="true" closeMenuOnClick={false} />;
}
