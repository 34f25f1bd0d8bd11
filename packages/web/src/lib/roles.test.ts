import { describe, expect, it } from 'vitest';
import { holdsAnyPermission, isStudent, primaryRole } from './roles.ts';

describe('primaryRole', () => {
  it.each([
    ['Student Teacher Admin', 'Admin'],
    ['Student Teacher', 'Teacher'],
    ['Student', 'Student'],
    ['Student  Teacher', 'Teacher'],
    ['Guest', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('picks by priority Admin > Teacher > Student: %j -> %j', (scope, role) => {
    expect(primaryRole(scope)).toBe(role);
  });

  it('flags students only when Student is the highest role held', () => {
    expect(isStudent('Student')).toBe(true);
    expect(isStudent('Student Teacher')).toBe(false);
  });
});

describe('holdsAnyPermission', () => {
  it('opens a route without a permission list to everyone signed in', () => {
    expect(holdsAnyPermission('Student', undefined)).toBe(true);
    expect(holdsAnyPermission('', [])).toBe(true);
  });

  it('opens a route to holders of at least one listed permission and closes it to others', () => {
    expect(holdsAnyPermission('Teacher', ['Teacher', 'Admin'])).toBe(true);
    expect(holdsAnyPermission('Student', ['Teacher', 'Admin'])).toBe(false);
    expect(holdsAnyPermission(undefined, ['Admin'])).toBe(false);
  });
});
