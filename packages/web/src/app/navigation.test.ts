import { describe, expect, it } from 'vitest';
import { isNavItemActive, navigationItems, navTestId } from './navigation.ts';

const labels = (role: 'Admin' | 'Teacher' | 'Student' | undefined, newUi: boolean, production = false) =>
  navigationItems({ role, newUi, environment: production ? 'production' : 'development' }).map(
    (i) => i.label,
  );

describe('navigationItems', () => {
  it('shows the old-UI variants when the new-platform-UI flag is off, with Analytics for teachers (issue 21.5)', () => {
    expect(labels('Teacher', false)).toEqual([
      'Courses',
      'My Scan Results',
      'Manage Courses',
      'Students',
      'Analytics',
    ]);
  });

  it('shows the new-UI variants (Catalog, Scan Results, Manage Programs, Analytics) when the flag is on', () => {
    expect(labels('Teacher', true)).toEqual([
      'Dashboard',
      'Catalog',
      'Scan Results',
      'Manage Programs',
      'Students',
      'Analytics',
    ]);
  });

  it('gives admins every item and students Achievements outside production only', () => {
    expect(labels('Admin', false)).toEqual([
      'Courses',
      'My Scan Results',
      'Manage Courses',
      'Students',
      'Analytics',
      'Client Courses',
      'Global Courses',
      'Admin',
    ]);
    expect(labels('Student', false)).toEqual(['Courses', 'My Scan Results', 'Achievements']);
    expect(labels('Student', false, true)).toEqual(['Courses', 'My Scan Results']);
    expect(labels('Teacher', true, true)).not.toContain('Analytics');
    expect(labels('Teacher', false, true)).not.toContain('Analytics');
  });

  it('builds test ids from the lower-cased label and marks items active on their path and below', () => {
    expect(navTestId('Manage Courses')).toBe('nav-manage-courses');
    expect(isNavItemActive('/admin', '/admin/users')).toBe(true);
    expect(isNavItemActive('/courses', '/courses-management')).toBe(false);
  });
});
