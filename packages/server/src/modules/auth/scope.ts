import { ROLE_PRIORITY, type Role } from '@larmor/contracts';

/**
 * The token scope of a user acting in an identity: the identity's role, plus Admin for a platform admin
 * (users.role = Admin), who stays an admin in every workspace. Space-separated, highest priority first.
 */
export function scopeFor(platformRole: Role, identityRole: Role | null): string {
  const roles = new Set<Role>([identityRole ?? platformRole]);
  if (platformRole === 'Admin') roles.add('Admin');
  return [...roles].sort((a, b) => ROLE_PRIORITY[a] - ROLE_PRIORITY[b]).join(' ');
}
