/**
 * Checks of every user write, done before anything is written: who may grant what, which organisations and
 * groups exist in the caller's scope, and that usernames and e-mail addresses are free. A check answers a
 * plan that `applyPlan` writes in one transaction, or throws the ApiError the call answers.
 */
import type { MembershipInput, Role, UserCreate, UserPatch } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { UserStatus } from '../../db/schema.ts';
import { conflict, forbidden, invalidField, notFound } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { revokeAllOf } from '../auth/repository.ts';
import { administeredClientIds, administers, type AdminScope } from '../organisations/access.ts';
import { inviteUser } from './invitation.ts';
import {
  belongsElsewhere,
  existingClientIds,
  groupsByIds,
  insertUser,
  membershipsOf,
  pruneNesting,
  replaceGroups,
  replaceMemberships,
  setMembershipRole,
  updateUser,
  usersHolding,
  type Db,
  type UserRow,
} from './repository.ts';

export const DUPLICATE_ACCOUNT_MESSAGE = 'Email or Username already exists';
/** The 403 of an organisation administrator changing the sign-in of an account shared with others. */
export const SHARED_ACCOUNT_MESSAGE =
  'This user also belongs to another organisation or has individual access: only a platform administrator ' +
  'may change their password, username, e-mail address or active state (to take them out of your ' +
  'organisation, remove their membership)';

export interface CreatePlan {
  kind: 'create';
  row: UserRow;
  memberships: MembershipInput[];
  groupIds: string[];
  /** Whether an activation mail goes out (no password given). */
  invite: boolean;
}

export interface UpdatePlan {
  kind: 'update';
  userId: string;
  set: Partial<Omit<UserRow, 'id'>>;
  memberships: MembershipInput[] | undefined;
  /** A new role also held in the user's memberships of the administered organisations (no memberships given). */
  membershipRole: Role | undefined;
  groupIds: string[] | undefined;
  /** Whether the user's refresh tokens are revoked (deactivated, or a new password set). */
  signOut: boolean;
}

export type WritePlan = CreatePlan | UpdatePlan;

/** What planning reads: the database, and the configuration's password-hashing cost. */
export type Planner = Pick<FastifyInstance, 'db' | 'config'>;

/** Organisation administrators may not manage a platform administrator (403). */
export function checkManageable(scope: AdminScope, target: Pick<UserRow, 'role'>): void {
  if (scope.kind !== 'platform' && target.role === 'Admin') throw forbidden();
}

/**
 * Whether `target`'s account reaches beyond the organisation an organisation administrator acts for: a
 * membership elsewhere or individual access (never so for a platform administrator's scope). Such an
 * administrator may then not change its sign-in (password, username, e-mail address: a new address plus
 * forgot-password opens the account) nor its active state (which locks the user out everywhere), and a role
 * change reaches only their organisation's membership, not the platform role that individual access uses.
 * Deleting such a user only removes the membership (service.ts).
 */
async function sharedBeyondScope(db: Db, scope: AdminScope, target: UserRow): Promise<boolean> {
  return scope.kind !== 'platform' && (await belongsElsewhere(db, target.id, [scope.activeClientId]));
}

/** Whether a patch really changes the account's sign-in or active state (the same value again is no change). */
function changesAccount(target: UserRow, patch: UserPatch, email: string | undefined, status: UserStatus) {
  return (
    patch.password !== undefined ||
    (patch.username !== undefined && patch.username !== target.username) ||
    (email !== undefined && email !== target.email) ||
    status !== target.status
  );
}

/** Only platform administrators make platform administrators. */
function checkRoleGrant(scope: AdminScope, role: Role | undefined): void {
  if (role === 'Admin' && scope.kind !== 'platform') throw forbidden();
}

/** Every organisation named must exist and be administered by the caller; others answer 404. */
async function checkMemberships(
  db: Db,
  scope: AdminScope,
  memberships: readonly MembershipInput[],
): Promise<void> {
  const ids = memberships.map((m) => m.clientId);
  const existing = await existingClientIds(db, ids);
  const unknown = ids.find((id) => !existing.has(id) || !administers(scope, id));
  if (unknown !== undefined) throw notFound(`Organisation ${unknown}`);
}

/** Every group must exist in an administered organisation (else 404) the user is a member of (else 400). */
async function checkGroups(
  db: Db,
  scope: AdminScope,
  groupIds: readonly string[],
  memberOf: ReadonlySet<string>,
  field = 'groupIds',
): Promise<void> {
  const groups = await groupsByIds(db, groupIds);
  for (const id of groupIds) {
    const group = groups.find((g) => g.id === id);
    if (!group || !administers(scope, group.client_id)) throw notFound(`Group ${id}`);
    if (!memberOf.has(group.client_id)) {
      throw invalidField(
        field,
        'membership',
        `The user is not a member of the organisation of group ${group.name}`,
      );
    }
  }
}

/** 409 when another user than `exceptId` holds the username or e-mail address. */
async function checkFree(db: Db, username: string | undefined, email: string | undefined, exceptId?: string) {
  const holders = await usersHolding(db, username ? [username] : [], email ? [email] : []);
  if (holders.some((h) => h.id !== exceptId)) throw conflict(DUPLICATE_ACCOUNT_MESSAGE);
}

/**
 * Plans a new user. Without memberships the user joins the caller's active organisation with `role`; an
 * organisation administrator's user must belong to their organisation.
 */
export async function planCreate(app: Planner, scope: AdminScope, body: UserCreate): Promise<CreatePlan> {
  const { db } = app;
  checkRoleGrant(scope, body.role);
  const memberships =
    body.memberships ?? (scope.activeClientId ? [{ clientId: scope.activeClientId, role: body.role }] : []);
  await checkMemberships(db, scope, memberships);
  if (scope.kind === 'organisation' && memberships.length === 0) {
    throw invalidField('memberships', 'min', 'The user must belong to your organisation');
  }
  const groupIds = body.groupIds ?? [];
  await checkGroups(db, scope, groupIds, new Set(memberships.map((m) => m.clientId)));
  const email = body.email.toLowerCase();
  await checkFree(db, body.username, email);
  const now = isoNow();
  return {
    kind: 'create',
    row: {
      id: newId(),
      username: body.username,
      email,
      first_name: body.firstName,
      last_name: body.lastName,
      password_hash: body.password ? await hashPassword(body.password, app.config.passwordHashCost) : null,
      role: body.role,
      status: body.password ? 'active' : 'pending',
      terms_ack: 0,
      first_login: 1,
      created_at: now,
      updated_at: now,
    },
    memberships,
    groupIds,
    invite: !body.password,
  };
}

/** The status a patch leads to: `active` decides; a password set on a pending account activates it. */
function nextStatus(current: UserStatus, patch: UserPatch): UserStatus {
  if (patch.active === false) return 'deactivated';
  if (patch.active === true) return 'active';
  if (patch.password && current === 'pending') return 'active';
  return current;
}

/**
 * Plans changes to `target`, a user visible to the caller. Organisation administrators may not touch a
 * platform administrator, nor the sign-in of an account shared with others (sharedBeyondScope); nobody
 * deactivates themselves.
 */
export async function planUpdate(
  app: Planner,
  scope: AdminScope,
  target: UserRow,
  patch: UserPatch,
  /** Where the request carries `groupIds`, for the validation map. */
  groupsField = 'groupIds',
): Promise<UpdatePlan> {
  const { db } = app;
  checkManageable(scope, target);
  if (patch.role !== target.role) checkRoleGrant(scope, patch.role);
  if (target.id === scope.userId && patch.active === false)
    throw conflict('You cannot deactivate your own account');
  if (patch.memberships) await checkMemberships(db, scope, patch.memberships);
  if (patch.groupIds) {
    const memberOf = patch.memberships
      ? patch.memberships.map((m) => m.clientId)
      : (await membershipsOf(db, [target.id], administeredClientIds(scope))).map((m) => m.client_id);
    await checkGroups(db, scope, patch.groupIds, new Set(memberOf), groupsField);
  }
  const email = patch.email?.toLowerCase();
  const status = nextStatus(target.status, patch);
  const accountChanges = changesAccount(target, patch, email, status);
  const roleChanges = patch.role !== undefined && patch.role !== target.role;
  const shared = (accountChanges || roleChanges) && (await sharedBeyondScope(db, scope, target));
  if (shared && accountChanges) throw forbidden(SHARED_ACCOUNT_MESSAGE);
  await checkFree(db, patch.username, email, target.id);
  const set: Partial<Omit<UserRow, 'id'>> = {
    ...(patch.username !== undefined ? { username: patch.username } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(patch.firstName !== undefined ? { first_name: patch.firstName } : {}),
    ...(patch.lastName !== undefined ? { last_name: patch.lastName } : {}),
    ...(patch.role !== undefined && !shared ? { role: patch.role } : {}),
    ...(patch.password
      ? {
          password_hash: await hashPassword(patch.password, app.config.passwordHashCost),
          first_login: 1 as const,
        }
      : {}),
    status,
  };
  return {
    kind: 'update',
    userId: target.id,
    set,
    memberships: patch.memberships,
    membershipRole: patch.memberships === undefined && patch.role !== target.role ? patch.role : undefined,
    groupIds: patch.groupIds,
    signOut: status === 'deactivated' || patch.password !== undefined,
  };
}

/** Writes a plan inside the caller's transaction. */
export async function applyPlan(
  trx: Db,
  scope: AdminScope,
  publicUrl: string,
  plan: WritePlan,
): Promise<string> {
  const clientIds = administeredClientIds(scope);
  if (plan.kind === 'create') {
    await insertUser(trx, plan.row);
    await replaceMemberships(trx, plan.row.id, clientIds, plan.memberships);
    await replaceGroups(trx, plan.row.id, clientIds, plan.groupIds);
    if (plan.invite) {
      await inviteUser(trx, publicUrl, {
        id: plan.row.id,
        email: plan.row.email,
        firstName: plan.row.first_name,
      });
    }
    return plan.row.id;
  }
  await updateUser(trx, plan.userId, plan.set);
  if (plan.memberships) await replaceMemberships(trx, plan.userId, clientIds, plan.memberships);
  if (plan.membershipRole) await setMembershipRole(trx, plan.userId, clientIds, plan.membershipRole);
  if (plan.groupIds) await replaceGroups(trx, plan.userId, clientIds, plan.groupIds);
  if (plan.memberships || plan.groupIds) await pruneNesting(trx, plan.userId);
  // An admin who sets their own password keeps the session they did it from.
  if (plan.signOut)
    await revokeAllOf(trx, plan.userId, plan.userId === scope.userId ? scope.sessionId : null);
  return plan.userId;
}
