/**
 * Who administers what. A platform administrator (users.role = Admin, see auth/scope.ts) administers every
 * organisation. Anyone else administers an organisation only while acting in an identity that is a
 * membership of it with role Admin; they see and manage that organisation's users, groups and cohorts and
 * nothing of any other organisation.
 */
import type { AuthContext } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { callerMembership, clientExists, platformRoleOf, type Db } from './repository.ts';

export type AdminScope =
  | {
      kind: 'platform';
      userId: string;
      /** The caller's sign-in session. */
      sessionId: string;
      /** The organisation of the caller's active identity, if it is a membership. */
      activeClientId: string | null;
    }
  | {
      kind: 'organisation';
      userId: string;
      sessionId: string;
      /** The one organisation the caller administers: that of the active identity. */
      activeClientId: string;
    };

/** The caller's administration scope; 403 (NOT_AUTHORIZED) for a caller who administers nothing. */
export async function adminScopeOf(db: Db, caller: AuthContext): Promise<AdminScope> {
  const platformRole = await platformRoleOf(db, caller.userId);
  const membership = caller.identityId
    ? await callerMembership(db, caller.identityId, caller.userId)
    : undefined;
  if (platformRole === 'Admin') {
    return {
      kind: 'platform',
      userId: caller.userId,
      sessionId: caller.sessionId,
      activeClientId: membership?.client_id ?? null,
    };
  }
  if (membership?.role === 'Admin') {
    return {
      kind: 'organisation',
      userId: caller.userId,
      sessionId: caller.sessionId,
      activeClientId: membership.client_id,
    };
  }
  throw forbidden();
}

/** The organisations the scope administers; null means every organisation. */
export function administeredClientIds(scope: AdminScope): string[] | null {
  return scope.kind === 'platform' ? null : [scope.activeClientId];
}

/** Whether the scope administers organisation `clientId`. */
export function administers(scope: AdminScope, clientId: string): boolean {
  return scope.kind === 'platform' || scope.activeClientId === clientId;
}

/**
 * An organisation-scoped admin call's guard: 404 (as for a missing one) unless organisation `clientId` exists and
 * the scope administers it.
 */
export async function requireAdministered(db: Db, scope: AdminScope, clientId: string): Promise<void> {
  if (!administers(scope, clientId) || !(await clientExists(db, clientId))) throw notFound('Organisation');
}

/**
 * Authorizes a platform-wide call (the mail outbox, which holds every user's reset links; scheduling
 * maintenance, which signs everyone out): 403 unless the caller is a platform administrator.
 */
export async function requirePlatformAdmin(db: Db, caller: AuthContext): Promise<void> {
  const scope = await adminScopeOf(db, caller);
  if (scope.kind !== 'platform') throw forbidden();
}
