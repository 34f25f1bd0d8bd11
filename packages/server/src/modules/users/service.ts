/**
 * User administration commands. Each validates everything first (plan.ts) and then writes in one
 * transaction, so a refused call writes nothing; mail goes out only after the commit.
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  type AdminUser,
  type UserBulkUpdate,
  type UserCreate,
  type UserListQuery,
  type UserListResponse,
  type UserPatch,
  type UserPut,
  type UserUpsert,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/database.ts';
import { ApiError, conflict, notFound } from '../../plugins/errors.ts';
import { administeredClientIds, type AdminScope } from '../organisations/access.ts';
import {
  applyPlan,
  checkManageable,
  DUPLICATE_ACCOUNT_MESSAGE,
  planCreate,
  planUpdate,
  type Planner,
  type WritePlan,
} from './plan.ts';
import { presentUsers } from './presenter.ts';
import {
  belongsElsewhere,
  deleteUser as deleteUserRow,
  findUsers,
  listUsers as listUserRows,
  pruneNesting,
  replaceMemberships,
  usersHolding,
  type Db,
} from './repository.ts';

/** Writes `plans` in one transaction and answers the users' ids; a unique violation (a race) answers 409. */
export async function writePlans(
  app: FastifyInstance,
  scope: AdminScope,
  plans: readonly WritePlan[],
): Promise<string[]> {
  let ids: string[];
  try {
    ids = await app.db.transaction().execute(async (trx) => {
      const written: string[] = [];
      for (const plan of plans) written.push(await applyPlan(trx, scope, app.config.publicUrl, plan));
      return written;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_ACCOUNT_MESSAGE);
    throw error;
  }
  if (plans.some((p) => p.kind === 'create' && p.invite)) void app.mail.deliverPending();
  return ids;
}

/** The users of `ids`, presented in that order within the caller's scope. */
export async function presentIds(db: Db, scope: AdminScope, ids: readonly string[]): Promise<AdminUser[]> {
  const rows = await findUsers(db, null, ids);
  const ordered = ids.flatMap((id) => rows.filter((r) => r.id === id));
  return presentUsers(db, ordered, administeredClientIds(scope));
}

async function visibleUser(db: Db, scope: AdminScope, id: string) {
  const [row] = await findUsers(db, administeredClientIds(scope), [id]);
  if (!row) throw notFound('User');
  return row;
}

export async function listUsers(db: Db, scope: AdminScope, query: UserListQuery): Promise<UserListResponse> {
  const clientIds = administeredClientIds(scope);
  const { rows, total } = await listUserRows(db, clientIds, query);
  return {
    items: await presentUsers(db, rows, clientIds),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

export async function getUser(db: Db, scope: AdminScope, id: string): Promise<AdminUser> {
  const row = await visibleUser(db, scope, id);
  const [user] = await presentUsers(db, [row], administeredClientIds(scope));
  if (!user) throw notFound('User');
  return user;
}

export async function createUser(
  app: FastifyInstance,
  scope: AdminScope,
  body: UserCreate,
): Promise<AdminUser> {
  const plan = await planCreate(app, scope, body);
  const [id] = await writePlans(app, scope, [plan]);
  const [user] = await presentIds(app.db, scope, id ? [id] : []);
  if (!user) throw notFound('User');
  return user;
}

export async function updateUser(
  app: FastifyInstance,
  scope: AdminScope,
  id: string,
  patch: UserPatch,
): Promise<AdminUser> {
  const plan = await planUpdate(app, scope, await visibleUser(app.db, scope, id), patch);
  await writePlans(app, scope, [plan]);
  const [user] = await presentIds(app.db, scope, [id]);
  if (!user) throw notFound('User');
  return user;
}

/**
 * Deletes a user. An organisation administrator deleting a user who also belongs to other organisations
 * (or has individual access) only removes them from their own organisation (and its groups and cohorts).
 */
export async function deleteUser(app: FastifyInstance, scope: AdminScope, id: string): Promise<void> {
  const target = await visibleUser(app.db, scope, id);
  if (target.id === scope.userId) throw conflict('You cannot delete your own account');
  checkManageable(scope, target);
  const clientIds = administeredClientIds(scope);
  await app.db.transaction().execute(async (trx) => {
    if (clientIds !== null && (await belongsElsewhere(trx, id, clientIds))) {
      await replaceMemberships(trx, id, clientIds, []);
      await pruneNesting(trx, id);
    } else {
      await deleteUserRow(trx, id);
    }
  });
}

/** PATCH v1/users/: the same change for every listed user, all or none. */
export async function bulkUpdate(
  app: FastifyInstance,
  scope: AdminScope,
  body: UserBulkUpdate,
): Promise<AdminUser[]> {
  const rows = await findUsers(app.db, administeredClientIds(scope), body.ids);
  const missing = body.ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(`User ${missing}`);
  const plans: WritePlan[] = [];
  for (const id of body.ids) {
    const row = rows.find((r) => r.id === id);
    if (row) plans.push(await planUpdate(app, scope, row, body.changes, 'changes.groupIds'));
  }
  await writePlans(app, scope, plans);
  return presentIds(app.db, scope, body.ids);
}

/** 400 naming every entry that repeats an earlier entry's id, username or e-mail address. */
function checkBatchDuplicates(users: readonly UserUpsert[]): void {
  const validation: Record<string, string> = {};
  const seen = { id: new Set<string>(), username: new Set<string>(), email: new Set<string>() };
  users.forEach((user, index) => {
    const keys = { id: user.id, username: user.username, email: user.email.toLowerCase() };
    for (const field of ['id', 'username', 'email'] as const) {
      const value = keys[field];
      if (value === undefined) continue;
      if (seen[field].has(value)) validation[`users.${index}.${field}`] ??= 'unique';
      seen[field].add(value);
    }
  });
  if (Object.keys(validation).length > 0) {
    throw new ApiError(
      400,
      ERROR_CODES.INVALID_DATA,
      'Entries repeat one another',
      ERROR_CAUSES.VALIDATION,
      validation,
    );
  }
}

/**
 * Plans one create-or-update entry: with `id` it updates that user (404 unless visible); without, it updates
 * the visible user of that username, or creates one (409 when the username belongs to someone out of scope).
 */
export async function planUpsert(app: Planner, scope: AdminScope, entry: UserUpsert): Promise<WritePlan> {
  const { db } = app;
  const { id, ...fields } = entry;
  if (id !== undefined) return planUpdate(app, scope, await visibleUser(db, scope, id), fields);
  const [holder] = await usersHolding(db, [entry.username], []);
  if (!holder) return planCreate(app, scope, fields);
  const [target] = await findUsers(db, administeredClientIds(scope), [holder.id]);
  if (!target) throw conflict(DUPLICATE_ACCOUNT_MESSAGE);
  return planUpdate(app, scope, target, fields);
}

/** PUT v1/users/ {users}: create or update each entry; any refused entry and nothing is written. */
export async function putUsers(app: FastifyInstance, scope: AdminScope, body: UserPut): Promise<AdminUser[]> {
  checkBatchDuplicates(body.users);
  const plans: WritePlan[] = [];
  for (const [index, entry] of body.users.entries()) {
    try {
      plans.push(await planUpsert(app, scope, entry));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const validation = error.validation
        ? Object.fromEntries(Object.entries(error.validation).map(([k, v]) => [`users.${index}.${k}`, v]))
        : undefined;
      throw new ApiError(
        error.statusCode,
        error.code,
        `users[${index}]: ${error.message}`,
        error.reason,
        validation,
      );
    }
  }
  const ids = await writePlans(app, scope, plans);
  return presentIds(app.db, scope, ids);
}
