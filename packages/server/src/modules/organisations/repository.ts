/**
 * SQL of organisations (clients), groups, cohorts and their members. Lists take the organisations the
 * caller administers (`clientIds`, null for all), so a query never reaches another organisation's rows.
 */
import type { LicenseKind, Role } from '@larmor/contracts';
import { sql } from 'kysely';
import { toCount, type Db } from '../../db/database.ts';
import { isoNow, newId } from '../../db/ids.ts';

export type { Db };

export interface ClientRecord {
  id: string;
  name: string;
  license: LicenseKind;
  created_at: string;
  userCount: number;
}

export interface GroupRecord {
  id: string;
  client_id: string;
  name: string;
  created_at: string;
  memberCount: number;
  cohortCount: number;
}

export interface CohortRecord {
  id: string;
  group_id: string;
  client_id: string;
  name: string;
  created_at: string;
  memberCount: number;
}

export interface MemberRecord {
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
}

type Count = string | number | bigint | null;

function clientsQuery(db: Db) {
  return db.selectFrom('clients as c').select((eb) => [
    'c.id',
    'c.name',
    'c.license',
    'c.created_at',
    eb
      .selectFrom('memberships as m')
      .select((inner) => inner.fn.countAll().as('n'))
      .whereRef('m.client_id', '=', 'c.id')
      .as('userCount'),
  ]);
}

const toClient = (row: Omit<ClientRecord, 'userCount'> & { userCount: unknown }): ClientRecord => ({
  ...row,
  userCount: toCount(row.userCount as Count),
});

export async function listClients(db: Db, clientIds: string[] | null, page: number, perPage: number) {
  let query = clientsQuery(db);
  let count = db.selectFrom('clients as c').select((eb) => eb.fn.countAll().as('n'));
  if (clientIds !== null) {
    query = query.where('c.id', 'in', clientIds);
    count = count.where('c.id', 'in', clientIds);
  }
  const rows = await query
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = await count.executeTakeFirst();
  return { rows: rows.map(toClient), total: toCount(total?.n as Count) };
}

/** Whether organisation `clientId` exists. */
export function clientExists(db: Db, clientId: string): Promise<boolean> {
  return db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', clientId)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export async function findClient(db: Db, id: string): Promise<ClientRecord | undefined> {
  const row = await clientsQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toClient(row) : undefined;
}

/** The id of the organisation named `name`, if there is one. */
export async function clientIdByName(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function insertClient(db: Db, name: string, license: LicenseKind): Promise<string> {
  const id = newId();
  await db.insertInto('clients').values({ id, name, license, created_at: isoNow() }).execute();
  return id;
}

export async function updateClient(db: Db, id: string, set: { name?: string; license?: LicenseKind }) {
  if (set.name === undefined && set.license === undefined) return;
  await db.updateTable('clients').set(set).where('id', '=', id).execute();
}

export async function deleteClient(db: Db, id: string): Promise<void> {
  await db.deleteFrom('clients').where('id', '=', id).execute();
}

function groupsQuery(db: Db) {
  return db.selectFrom('groups as g').select((eb) => [
    'g.id',
    'g.client_id',
    'g.name',
    'g.created_at',
    eb
      .selectFrom('group_members as gm')
      .select((inner) => inner.fn.countAll().as('n'))
      .whereRef('gm.group_id', '=', 'g.id')
      .as('memberCount'),
    eb
      .selectFrom('cohorts as co')
      .select((inner) => inner.fn.countAll().as('n'))
      .whereRef('co.group_id', '=', 'g.id')
      .as('cohortCount'),
  ]);
}

const toGroup = (
  row: Omit<GroupRecord, 'memberCount' | 'cohortCount'> & { memberCount: unknown; cohortCount: unknown },
): GroupRecord => ({
  ...row,
  memberCount: toCount(row.memberCount as Count),
  cohortCount: toCount(row.cohortCount as Count),
});

export async function listGroups(db: Db, clientIds: string[] | null, page: number, perPage: number) {
  let query = groupsQuery(db);
  let count = db.selectFrom('groups as g').select((eb) => eb.fn.countAll().as('n'));
  if (clientIds !== null) {
    query = query.where('g.client_id', 'in', clientIds);
    count = count.where('g.client_id', 'in', clientIds);
  }
  const rows = await query
    .orderBy('g.name')
    .orderBy('g.id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = await count.executeTakeFirst();
  return { rows: rows.map(toGroup), total: toCount(total?.n as Count) };
}

export async function findGroup(db: Db, id: string): Promise<GroupRecord | undefined> {
  const row = await groupsQuery(db).where('g.id', '=', id).executeTakeFirst();
  return row ? toGroup(row) : undefined;
}

export async function insertGroup(db: Db, clientId: string, name: string): Promise<string> {
  const id = newId();
  await db.insertInto('groups').values({ id, client_id: clientId, name, created_at: isoNow() }).execute();
  return id;
}

export async function renameGroup(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('groups').set({ name }).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

function cohortsQuery(db: Db) {
  return db
    .selectFrom('cohorts as co')
    .innerJoin('groups as g', 'g.id', 'co.group_id')
    .select((eb) => [
      'co.id',
      'co.group_id',
      'g.client_id',
      'co.name',
      'co.created_at',
      eb
        .selectFrom('cohort_members as cm')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('cm.cohort_id', '=', 'co.id')
        .as('memberCount'),
    ]);
}

const toCohort = (row: Omit<CohortRecord, 'memberCount'> & { memberCount: unknown }): CohortRecord => ({
  ...row,
  memberCount: toCount(row.memberCount as Count),
});

export async function listCohorts(db: Db, groupId: string): Promise<CohortRecord[]> {
  const rows = await cohortsQuery(db).where('co.group_id', '=', groupId).orderBy('co.name').execute();
  return rows.map(toCohort);
}

export async function findCohort(db: Db, id: string): Promise<CohortRecord | undefined> {
  const row = await cohortsQuery(db).where('co.id', '=', id).executeTakeFirst();
  return row ? toCohort(row) : undefined;
}

export async function insertCohort(db: Db, groupId: string, name: string): Promise<string> {
  const id = newId();
  await db.insertInto('cohorts').values({ id, group_id: groupId, name, created_at: isoNow() }).execute();
  return id;
}

export async function renameCohort(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('cohorts').set({ name }).where('id', '=', id).execute();
}

export async function deleteCohort(db: Db, id: string): Promise<void> {
  await db.deleteFrom('cohorts').where('id', '=', id).execute();
}

/** Members of a group, by username. */
export async function groupMembers(db: Db, groupId: string): Promise<MemberRecord[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 'g.client_id'),
    )
    .select(['u.id as user_id', 'u.username', 'u.first_name', 'u.last_name', 'm.role'])
    .where('gm.group_id', '=', groupId)
    .orderBy('u.username')
    .execute();
}

/** Members of a cohort, by username. */
export async function cohortMembers(db: Db, cohortId: string): Promise<MemberRecord[]> {
  return db
    .selectFrom('cohort_members as cm')
    .innerJoin('cohorts as co', 'co.id', 'cm.cohort_id')
    .innerJoin('groups as g', 'g.id', 'co.group_id')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 'g.client_id'),
    )
    .select(['u.id as user_id', 'u.username', 'u.first_name', 'u.last_name', 'm.role'])
    .where('cm.cohort_id', '=', cohortId)
    .orderBy('u.username')
    .execute();
}

/** The tables of members (`user_id`) of a set, with the column naming the set: organisation, group or cohort. */
const SET_COLUMN = {
  memberships: 'client_id',
  group_members: 'group_id',
  cohort_members: 'cohort_id',
} as const;

/** The ids among `userIds` that are members of the set `setId` of `table`. */
async function membersAmong(
  db: Db,
  table: keyof typeof SET_COLUMN,
  setId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom(table)
    .select('user_id')
    .where(sql.ref(SET_COLUMN[table]), '=', setId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The ids among `userIds` that are members of organisation `clientId`. */
export const membersOfClient = (db: Db, clientId: string, userIds: readonly string[]) =>
  membersAmong(db, 'memberships', clientId, userIds);
/** The ids among `userIds` that are members of group `groupId`. */
export const membersOfGroup = (db: Db, groupId: string, userIds: readonly string[]) =>
  membersAmong(db, 'group_members', groupId, userIds);
/** The ids among `userIds` that are members of cohort `cohortId`. */
export const membersOfCohort = (db: Db, cohortId: string, userIds: readonly string[]) =>
  membersAmong(db, 'cohort_members', cohortId, userIds);

export async function addGroupMembers(db: Db, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_members')
    .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
    .execute();
}

/** Removes a user from a group and from the group's cohorts. */
export async function removeGroupMember(db: Db, groupId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('cohort_members')
    .where('user_id', '=', userId)
    .where('cohort_id', 'in', (eb) => eb.selectFrom('cohorts').select('id').where('group_id', '=', groupId))
    .execute();
  await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

export async function addCohortMembers(db: Db, cohortId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('cohort_members')
    .values(userIds.map((userId) => ({ cohort_id: cohortId, user_id: userId })))
    .execute();
}

export async function removeCohortMember(db: Db, cohortId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('cohort_members')
    .where('cohort_id', '=', cohortId)
    .where('user_id', '=', userId)
    .execute();
}

/** The platform role of `userId` (users.role), undefined for no such user. */
export async function platformRoleOf(db: Db, userId: string): Promise<Role | undefined> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role;
}

/** The membership `identityId` (its organisation and role) when it belongs to `userId`. */
export function callerMembership(db: Db, identityId: string, userId: string) {
  return db
    .selectFrom('memberships')
    .select(['client_id', 'role'])
    .where('id', '=', identityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
