/**
 * Commands of organisations administration. Everything an administrator does not administer answers 404,
 * so nothing reveals another organisation; creating or deleting organisations and changing a licence are
 * for platform administrators (403 otherwise). Checks run before any write.
 */
import {
  LICENSE_KIND_OF_TYPE,
  type AddMembers,
  type Client,
  type ClientCreate,
  type ClientPatch,
  type Cohort,
  type Group,
  type GroupListQuery,
  type Member,
  type PageQuery,
} from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, invalidField, notFound } from '../../plugins/errors.ts';
import { administeredClientIds, administers, type AdminScope } from './access.ts';
import { presentClient, presentCohort, presentGroup, presentMember } from './presenters.ts';
import * as repo from './repository.ts';
import type { Db } from './repository.ts';

/** Runs a write; a unique violation (a name taken meanwhile) answers 409 with `message`. */
async function uniquely<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

const CLIENT_NAME_TAKEN = 'An organisation with this name already exists';
const GROUP_NAME_TAKEN = 'A group with this name already exists in the organisation';
const COHORT_NAME_TAKEN = 'A cohort with this name already exists in the group';

async function visibleClient(db: Db, scope: AdminScope, id: string) {
  const client = await repo.findClient(db, id);
  if (!client || !administers(scope, client.id)) throw notFound('Organisation');
  return client;
}

async function visibleGroup(db: Db, scope: AdminScope, id: string) {
  const group = await repo.findGroup(db, id);
  if (!group || !administers(scope, group.client_id)) throw notFound('Group');
  return group;
}

async function visibleCohort(db: Db, scope: AdminScope, id: string) {
  const cohort = await repo.findCohort(db, id);
  if (!cohort || !administers(scope, cohort.client_id)) throw notFound('Cohort');
  return cohort;
}

export async function listClients(db: Db, scope: AdminScope, query: PageQuery) {
  const { rows, total } = await repo.listClients(
    db,
    administeredClientIds(scope),
    query.page,
    query.per_page,
  );
  return { items: rows.map(presentClient), total };
}

export async function getClient(db: Db, scope: AdminScope, id: string): Promise<Client> {
  return presentClient(await visibleClient(db, scope, id));
}

export async function createClient(db: Db, scope: AdminScope, body: ClientCreate): Promise<Client> {
  if (scope.kind !== 'platform') throw forbidden();
  const id = await uniquely(CLIENT_NAME_TAKEN, () =>
    repo.insertClient(db, body.name, LICENSE_KIND_OF_TYPE[body.licenseType]),
  );
  return getClient(db, scope, id);
}

export async function updateClient(
  db: Db,
  scope: AdminScope,
  id: string,
  body: ClientPatch,
): Promise<Client> {
  await visibleClient(db, scope, id);
  if (body.licenseType !== undefined && scope.kind !== 'platform') throw forbidden();
  await uniquely(CLIENT_NAME_TAKEN, () =>
    repo.updateClient(db, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.licenseType !== undefined ? { license: LICENSE_KIND_OF_TYPE[body.licenseType] } : {}),
    }),
  );
  return getClient(db, scope, id);
}

/** Deletes an organisation with its memberships, groups and cohorts; its users stay. */
export async function deleteClient(db: Db, scope: AdminScope, id: string): Promise<void> {
  if (scope.kind !== 'platform') throw forbidden();
  await visibleClient(db, scope, id);
  await repo.deleteClient(db, id);
}

export async function listGroups(db: Db, scope: AdminScope, query: GroupListQuery) {
  if (query.clientId !== undefined) await visibleClient(db, scope, query.clientId);
  const clientIds = query.clientId !== undefined ? [query.clientId] : administeredClientIds(scope);
  const { rows, total } = await repo.listGroups(db, clientIds, query.page, query.per_page);
  return { items: rows.map(presentGroup), total };
}

export async function getGroup(db: Db, scope: AdminScope, id: string): Promise<Group> {
  return presentGroup(await visibleGroup(db, scope, id));
}

export async function createGroup(db: Db, scope: AdminScope, clientId: string, name: string): Promise<Group> {
  await visibleClient(db, scope, clientId);
  const id = await uniquely(GROUP_NAME_TAKEN, () => repo.insertGroup(db, clientId, name));
  return getGroup(db, scope, id);
}

export async function renameGroup(db: Db, scope: AdminScope, id: string, name: string): Promise<Group> {
  await visibleGroup(db, scope, id);
  await uniquely(GROUP_NAME_TAKEN, () => repo.renameGroup(db, id, name));
  return getGroup(db, scope, id);
}

export async function deleteGroup(db: Db, scope: AdminScope, id: string): Promise<void> {
  await visibleGroup(db, scope, id);
  await repo.deleteGroup(db, id);
}

export async function listGroupMembers(db: Db, scope: AdminScope, id: string): Promise<Member[]> {
  await visibleGroup(db, scope, id);
  return (await repo.groupMembers(db, id)).map(presentMember);
}

/** 404 naming the first user who is not a member of the organisation (others' users stay unseen). */
async function checkOrganisationMembers(db: Db, clientId: string, userIds: readonly string[]): Promise<void> {
  const members = await repo.membersOfClient(db, clientId, userIds);
  const stranger = userIds.find((id) => !members.has(id));
  if (stranger !== undefined) throw notFound(`User ${stranger}`);
}

/** Adds organisation members to a group; those already in it stay. */
export async function addGroupMembers(
  db: Db,
  scope: AdminScope,
  id: string,
  body: AddMembers,
): Promise<Member[]> {
  const group = await visibleGroup(db, scope, id);
  await checkOrganisationMembers(db, group.client_id, body.userIds);
  const already = await repo.membersOfGroup(db, id, body.userIds);
  await repo.addGroupMembers(
    db,
    id,
    body.userIds.filter((userId) => !already.has(userId)),
  );
  return listGroupMembers(db, scope, id);
}

export async function removeGroupMember(
  db: Kysely<Database>,
  scope: AdminScope,
  id: string,
  userId: string,
): Promise<void> {
  await visibleGroup(db, scope, id);
  if (!(await repo.membersOfGroup(db, id, [userId])).has(userId)) throw notFound('Group member');
  await db.transaction().execute((trx) => repo.removeGroupMember(trx, id, userId));
}

export async function listCohorts(db: Db, scope: AdminScope, groupId: string): Promise<Cohort[]> {
  await visibleGroup(db, scope, groupId);
  return (await repo.listCohorts(db, groupId)).map(presentCohort);
}

export async function getCohort(db: Db, scope: AdminScope, id: string): Promise<Cohort> {
  return presentCohort(await visibleCohort(db, scope, id));
}

export async function createCohort(
  db: Db,
  scope: AdminScope,
  groupId: string,
  name: string,
): Promise<Cohort> {
  await visibleGroup(db, scope, groupId);
  const id = await uniquely(COHORT_NAME_TAKEN, () => repo.insertCohort(db, groupId, name));
  return getCohort(db, scope, id);
}

export async function renameCohort(db: Db, scope: AdminScope, id: string, name: string): Promise<Cohort> {
  await visibleCohort(db, scope, id);
  await uniquely(COHORT_NAME_TAKEN, () => repo.renameCohort(db, id, name));
  return getCohort(db, scope, id);
}

export async function deleteCohort(db: Db, scope: AdminScope, id: string): Promise<void> {
  await visibleCohort(db, scope, id);
  await repo.deleteCohort(db, id);
}

export async function listCohortMembers(db: Db, scope: AdminScope, id: string): Promise<Member[]> {
  await visibleCohort(db, scope, id);
  return (await repo.cohortMembers(db, id)).map(presentMember);
}

/** Adds members of the cohort's group to the cohort (404 outside the organisation, 400 outside the group). */
export async function addCohortMembers(
  db: Db,
  scope: AdminScope,
  id: string,
  body: AddMembers,
): Promise<Member[]> {
  const cohort = await visibleCohort(db, scope, id);
  await checkOrganisationMembers(db, cohort.client_id, body.userIds);
  const inGroup = await repo.membersOfGroup(db, cohort.group_id, body.userIds);
  if (body.userIds.some((userId) => !inGroup.has(userId))) {
    throw invalidField('userIds', 'membership', "Every user must be a member of the cohort's group");
  }
  const already = await repo.membersOfCohort(db, id, body.userIds);
  await repo.addCohortMembers(
    db,
    id,
    body.userIds.filter((userId) => !already.has(userId)),
  );
  return listCohortMembers(db, scope, id);
}

export async function removeCohortMember(
  db: Db,
  scope: AdminScope,
  id: string,
  userId: string,
): Promise<void> {
  await visibleCohort(db, scope, id);
  if (!(await repo.membersOfCohort(db, id, [userId])).has(userId)) throw notFound('Cohort member');
  await repo.removeCohortMember(db, id, userId);
}
