/**
 * Roles come from the access token's scope claim (platform-shell.md §6): one role is chosen by priority
 * Admin, then Teacher, then Student, or none (@larmor/contracts/roles); a route with a permission list opens
 * to holders of any of them.
 */
import { primaryRole as primaryRoleOfScope, rolesInScope, type Role } from '@larmor/contracts/roles';

export type { Role };

/** The single role by priority Admin > Teacher > Student; undefined without a scope or a known role. */
export function primaryRole(scope: string | undefined): Role | undefined {
  return scope === undefined ? undefined : (primaryRoleOfScope(scope) ?? undefined);
}

/** The student flag: the user's role (by priority) is Student. */
export function isStudent(scope: string | undefined): boolean {
  return primaryRole(scope) === 'Student';
}

/** True when no permission is required or the scope holds at least one of `permissions`. */
export function holdsAnyPermission(
  scope: string | undefined,
  permissions: readonly Role[] | undefined,
): boolean {
  if (permissions === undefined || permissions.length === 0) return true;
  const held = new Set(rolesInScope(scope ?? ''));
  return permissions.some((p) => held.has(p));
}
