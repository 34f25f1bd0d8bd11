import { z } from 'zod';

/** The roles of platform-shell.md §6, in priority order: the first one a scope holds is the user's role. */
export const ROLES = ['Admin', 'Teacher', 'Student'] as const;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The role a new user gets when none is given (platform-shell.md §1). */
export const DEFAULT_ROLE: Role = 'Student';

/** Priority of each role: lower wins (Admin, then Teacher, then Student; platform-shell.md §6). */
export const ROLE_PRIORITY: Readonly<Record<Role, number>> = { Admin: 0, Teacher: 1, Student: 2 };

/** The role names held by a token's space-separated `scope` claim, unknown names dropped. */
export function rolesInScope(scope: string): Role[] {
  return scope.split(' ').filter((name): name is Role => (ROLES as readonly string[]).includes(name));
}

/** The single role chosen from a scope by priority Admin, Teacher, Student; null when it holds none. */
export function primaryRole(scope: string): Role | null {
  const held = rolesInScope(scope);
  held.sort((a, b) => ROLE_PRIORITY[a] - ROLE_PRIORITY[b]);
  return held[0] ?? null;
}
