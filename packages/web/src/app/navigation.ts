/**
 * Top-navigation items by role, new-platform-UI flag and environment (platform-shell.md §2, §6).
 * Old UI: Courses, My Scan Results, Manage Courses; new UI: Catalog, Scan Results, Manage Programs. Analytics in
 * both for teachers and admins outside production.
 */
import type { Role } from '../lib/roles.ts';
import type { Environment } from '../lib/config.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Roles that see the item; absent: every signed-in user. */
  roles?: readonly Role[];
}

export interface NavContext {
  role: Role | undefined;
  newUi: boolean;
  environment: Environment;
}

const TEACHING: readonly Role[] = ['Teacher', 'Admin'];
const ADMIN: readonly Role[] = ['Admin'];

/** The items the top navigation shows, in order. */
export function navigationItems(context: NavContext): NavItem[] {
  const production = context.environment === 'production';
  const items: Array<NavItem & { when: boolean }> = [
    { label: 'Dashboard', to: '/dashboard', when: context.newUi },
    { label: 'Courses', to: '/courses', when: !context.newUi },
    { label: 'Catalog', to: '/catalog', when: context.newUi },
    { label: context.newUi ? 'Scan Results' : 'My Scan Results', to: '/scan-results', when: true },
    { label: 'Manage Courses', to: '/courses-management', roles: TEACHING, when: !context.newUi },
    { label: 'Manage Programs', to: '/programs-management', roles: TEACHING, when: context.newUi },
    { label: 'Students', to: '/students', roles: TEACHING, when: true },
    // Teachers and admins find Analytics in the menu in either UI (issue 21.5: the old UI left it reachable only by
    // typing its URL); not in production (platform-shell.md §6).
    { label: 'Analytics', to: '/analytics', roles: TEACHING, when: !production },
    { label: 'Achievements', to: '/achievements', roles: ['Student'], when: !production },
    { label: 'Client Courses', to: '/client-courses-management', roles: ADMIN, when: true },
    { label: 'Global Courses', to: '/global-courses-management', roles: ADMIN, when: true },
    { label: 'Admin', to: '/admin', roles: ADMIN, when: true },
  ];
  return items
    .filter(
      (item) =>
        item.when &&
        (item.roles === undefined || (context.role !== undefined && item.roles.includes(context.role))),
    )
    .map(({ label, to, roles }) => (roles === undefined ? { label, to } : { label, to, roles }));
}

/** The test id of a navigation item: built from its lower-cased label. */
export function navTestId(label: string): string {
  return `nav-${label.toLowerCase().replace(/\s+/g, '-')}`;
}

/** A navigation item is active when the current path is its path or below it. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
