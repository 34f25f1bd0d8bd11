import { Anchor, Flex, UnstyledButton } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { config } from '../../lib/config.ts';
import { isNavItemActive, navTestId, navigationItems } from '../navigation.ts';
import type { Role } from '../../lib/roles.ts';
import { startTour, type TourStep } from '../../ui/product-tour.ts';

const SHELL_TOUR: readonly TourStep[] = [
  {
    element: '[aria-label="Main navigation"]',
    title: 'Navigation',
    description: 'Your courses, scan results and, for teachers, course management.',
  },
  {
    element: '[data-testid="nav-help"]',
    title: 'Help',
    description: 'The knowledge base opens in a new tab.',
  },
  {
    element: '[data-testid="user-menu"]',
    title: 'Your account',
    description: 'Profile, preferences, workspaces and logout.',
  },
];

/** An item opening an external URL in a new tab (the Help link). */
export function ExternalNavItem(props: { label: string; href: string }) {
  return (
    <Anchor
      href={props.href}
      target="_blank"
      rel="noreferrer"
      data-testid={navTestId(props.label)}
      className="nav-item"
    >
      {props.label}
    </Anchor>
  );
}

/**
 * The top navigation: items by role and UI flag, the active one marked, styled per UI variant; `vertical` lays it
 * out as a column (the drawer of narrow screens).
 */
export function TopNavigation(props: { role: Role | undefined; newUi: boolean; vertical?: boolean }) {
  const { pathname } = useLocation();
  const items = navigationItems({ role: props.role, newUi: props.newUi, environment: config.environment });
  const vertical = props.vertical === true;
  return (
    <Flex
      component="nav"
      aria-label="Main navigation"
      direction={vertical ? 'column' : 'row'}
      align={vertical ? 'flex-start' : 'center'}
      gap={vertical ? 'sm' : props.newUi ? 'xs' : 'md'}
      wrap="wrap"
      className={vertical ? 'nav--vertical' : undefined}
    >
      {items.map((item) => {
        const active = isNavItemActive(item.to, pathname);
        return (
          <NavLink
            key={item.to}
            to={item.to}
            data-testid={navTestId(item.label)}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            className={props.newUi ? 'nav-item nav-item--new' : 'nav-item'}
          >
            {item.label}
          </NavLink>
        );
      })}
      <ExternalNavItem label="Help" href={config.helpUrl} />
      <UnstyledButton
        fz="sm"
        c="inherit"
        data-testid={navTestId('Guided tour')}
        onClick={() => void startTour(SHELL_TOUR)}
      >
        Guided tour
      </UnstyledButton>
    </Flex>
  );
}
