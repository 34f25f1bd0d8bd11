import { describe, expect, it } from 'vitest';
import { primaryRole, rolesInScope } from './roles.ts';

describe('roles', () => {
  it('primaryRole picks Admin, then Teacher, then Student from a space-separated scope', () => {
    expect(primaryRole('Student Teacher')).toBe('Teacher');
    expect(primaryRole('Student Admin Teacher')).toBe('Admin');
    expect(primaryRole('Student')).toBe('Student');
  });

  it('primaryRole is null for a scope with no known role', () => {
    expect(primaryRole('')).toBeNull();
    expect(primaryRole('Superuser admin')).toBeNull();
  });

  it('rolesInScope drops unknown names', () => {
    expect(rolesInScope('Admin foo Student')).toEqual(['Admin', 'Student']);
  });
});
