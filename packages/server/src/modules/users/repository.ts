/**
 * SQL of the user administration calls. Every read takes the organisations the caller administers
 * (`clientIds`, null for all) so a query never reaches users, memberships or groups of another organisation.
 */
import type { Role, UserListQuery } from '@larmor/contracts';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { toCount, type Db } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { hasIndividualAccess } from '../identities/repository.ts';

export type { Db };
export type UserRow = UsersTable;

export interface MembershipRow {
  user_id: string;
  client_id: string;
  client_name: string;
  role: Role;
}

export interface GroupRow {
  user_id: string;
  group_id: string;
  group_name: string;
  client_id: string;
}

/** `users` rows that are members of one of `clientIds` (every user when null). */
function visible(eb: ExpressionBuilder<Database, 'users'>, clientIds: string[] | null): Expression<SqlBool> {
  if (clientIds === null) return eb.lit(true);
  return eb.exists(
    eb
      .selectFrom('memberships as vm')
      .select('vm.id')
      .whereRef('vm.user_id', '=', 'users.id')
      .where('vm.client_id', 'in', clientIds),
  );
}

/** `%text%` for LIKE with its own wildcards escaped (escape character `\`). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the users visible in `clientIds`, with the total. */
export async function listUsers(
  db: Db,
  clientIds: string[] | null,
  query: UserListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  const search = query.name ? containsPattern(query.name) : null;
  const base = db.selectFrom('users').where((eb) => {
    const conditions = [visible(eb, clientIds)];
    if (search !== null) {
      conditions.push(
        eb.or(
          (['username', 'first_name', 'last_name', 'email'] as const).map(
            (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${search} escape '\\'`,
          ),
        ),
      );
    }
    return eb.and(conditions);
  });
  const rows = await base
    .selectAll()
    .orderBy(query.order_by, query.order_dir)
    .orderBy('id', query.order_dir)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return { rows, total: toCount(count?.n as string | number | undefined) };
}

/** The users among `ids` visible in `clientIds`, in no particular order. */
export async function findUsers(
  db: Db,
  clientIds: string[] | null,
  ids: readonly string[],
): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .where((eb) => visible(eb, clientIds))
    .execute();
}

/** Whether the database holds any user at all (an embedded start seeds the demo data only when not). */
export async function hasAnyUser(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Users (visible or not) holding any of these usernames or (lower-cased) e-mail addresses. */
export async function usersHolding(
  db: Db,
  usernames: readonly string[],
  emails: readonly string[],
): Promise<Pick<UserRow, 'id' | 'username' | 'email'>[]> {
  if (usernames.length === 0 && emails.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where((eb) =>
      eb.or([
        ...(usernames.length > 0 ? [eb('username', 'in', [...usernames])] : []),
        ...(emails.length > 0 ? [eb('email', 'in', [...emails])] : []),
      ]),
    )
    .execute();
}

/** The platform role of the user of `username`, if there is one. */
export async function roleOfUsername(db: Db, username: string): Promise<Role | undefined> {
  const row = await db.selectFrom('users').select('role').where('username', '=', username).executeTakeFirst();
  return row?.role;
}

/** Memberships of `userIds` in `clientIds` (all when null), with organisation names. */
export async function membershipsOf(
  db: Db,
  userIds: readonly string[],
  clientIds: string[] | null,
): Promise<MembershipRow[]> {
  if (userIds.length === 0) return [];
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .select(['m.user_id', 'm.client_id', 'c.name as client_name', 'm.role'])
    .where('m.user_id', 'in', [...userIds]);
  if (clientIds !== null) query = query.where('m.client_id', 'in', clientIds);
  return query.orderBy('c.name').execute();
}

/** Group memberships of `userIds` in groups of `clientIds` (all when null). */
export async function groupsOf(
  db: Db,
  userIds: readonly string[],
  clientIds: string[] | null,
): Promise<GroupRow[]> {
  if (userIds.length === 0) return [];
  let query = db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select(['gm.user_id', 'g.id as group_id', 'g.name as group_name', 'g.client_id'])
    .where('gm.user_id', 'in', [...userIds]);
  if (clientIds !== null) query = query.where('g.client_id', 'in', clientIds);
  return query.orderBy('g.name').execute();
}

/** Groups by id: `{id, client_id, name}`. */
export async function groupsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('groups')
    .select(['id', 'client_id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Groups of organisation `clientId` by name. */
export async function groupsByNames(db: Db, clientId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom('groups')
    .select(['id', 'client_id', 'name'])
    .where('client_id', '=', clientId)
    .where('name', 'in', [...names])
    .execute();
}

/** The ids among `ids` that name organisations. */
export async function existingClientIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('clients')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertUser(trx: Db, row: UserRow): Promise<void> {
  await trx.insertInto('users').values(row).execute();
}

export async function updateUser(trx: Db, id: string, set: Partial<Omit<UserRow, 'id'>>): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...set, updated_at: isoNow() })
    .where('id', '=', id)
    .execute();
}

/** Replaces the memberships of `userId` within `clientIds` (all when null) by `memberships`. */
export async function replaceMemberships(
  trx: Db,
  userId: string,
  clientIds: string[] | null,
  memberships: readonly { clientId: string; role: Role }[],
): Promise<void> {
  let remove = trx.deleteFrom('memberships').where('user_id', '=', userId);
  if (clientIds !== null) remove = remove.where('client_id', 'in', clientIds);
  await remove.execute();
  if (memberships.length === 0) return;
  const now = isoNow();
  await trx
    .insertInto('memberships')
    .values(
      memberships.map((m) => ({
        id: newId(),
        user_id: userId,
        client_id: m.clientId,
        role: m.role,
        created_at: now,
      })),
    )
    .execute();
}

/** Sets the role `userId` holds in each of their memberships within `clientIds` (all when null). */
export async function setMembershipRole(
  trx: Db,
  userId: string,
  clientIds: string[] | null,
  role: Role,
): Promise<void> {
  let update = trx.updateTable('memberships').set({ role }).where('user_id', '=', userId);
  if (clientIds !== null) update = update.where('client_id', 'in', clientIds);
  await update.execute();
}

/** Replaces the group memberships of `userId` within groups of `clientIds` (all when null) by `groupIds`. */
export async function replaceGroups(
  trx: Db,
  userId: string,
  clientIds: string[] | null,
  groupIds: readonly string[],
): Promise<void> {
  let remove = trx.deleteFrom('group_members').where('user_id', '=', userId);
  if (clientIds !== null) {
    remove = remove.where('group_id', 'in', (eb) =>
      eb.selectFrom('groups').select('id').where('client_id', 'in', clientIds),
    );
  }
  await remove.execute();
  if (groupIds.length === 0) return;
  await trx
    .insertInto('group_members')
    .values(groupIds.map((groupId) => ({ group_id: groupId, user_id: userId })))
    .execute();
}

/**
 * Drops group memberships in organisations the user no longer belongs to, then cohort memberships in
 * groups the user no longer belongs to, so membership always nests: organisation ⊇ group ⊇ cohort.
 */
export async function pruneNesting(trx: Db, userId: string): Promise<void> {
  await trx
    .deleteFrom('group_members')
    .where('user_id', '=', userId)
    .where('group_id', 'not in', (eb) =>
      eb
        .selectFrom('groups as g')
        .innerJoin('memberships as m', 'm.client_id', 'g.client_id')
        .select('g.id')
        .where('m.user_id', '=', userId),
    )
    .execute();
  await trx
    .deleteFrom('cohort_members')
    .where('user_id', '=', userId)
    .where('cohort_id', 'not in', (eb) =>
      eb
        .selectFrom('cohorts as c')
        .innerJoin('group_members as gm', 'gm.group_id', 'c.group_id')
        .select('c.id')
        .where('gm.user_id', '=', userId),
    )
    .execute();
}

/**
 * Whether `userId` has a workspace outside `clientIds`: a membership of another organisation, or individual
 * access of their own. Such an account is not the caller's alone to change or delete.
 */
export async function belongsElsewhere(db: Db, userId: string, clientIds: string[]): Promise<boolean> {
  const membership = await db
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('client_id', 'not in', clientIds)
    .executeTakeFirst();
  if (membership !== undefined) return true;
  return hasIndividualAccess(db, userId);
}

/** Deletes a user; memberships, tokens and group rows go with it (foreign keys cascade). */
export async function deleteUser(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
