/** LTI platform registrations and signing keys (issue 27; tables of migration 0016). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LtiKeysTable, LtiPlatformsTable } from '../../db/schema.ts';

export type { Db };
export type PlatformRow = Selectable<LtiPlatformsTable>;
export type KeyRow = Selectable<LtiKeysTable>;

export function platformsOf(db: Db, clientId: string): Promise<PlatformRow[]> {
  return db
    .selectFrom('lti_platforms')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findPlatform(db: Db, id: string): Promise<PlatformRow | undefined> {
  return db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The platform a launch names by its issuer and the client id it gave Larmor (`iss`, `aud`/`client_id`). */
export function platformByIssuer(
  db: Db,
  issuer: string,
  oauthClientId: string,
): Promise<PlatformRow | undefined> {
  return db
    .selectFrom('lti_platforms')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('oauth_client_id', '=', oauthClientId)
    .executeTakeFirst();
}

/** Every platform registered with `issuer` (a login initiation without client_id names only that). */
export function platformsByIssuer(db: Db, issuer: string): Promise<PlatformRow[]> {
  return db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).execute();
}

/** The deployment ids a registration holds (stored as JSON text). */
export const deploymentsOf = (row: PlatformRow): string[] => JSON.parse(row.deployment_ids) as string[];

export async function insertPlatform(db: Db, row: PlatformRow): Promise<void> {
  await db.insertInto('lti_platforms').values(row).execute();
}

export async function updatePlatform(
  db: Db,
  id: string,
  set: Partial<Omit<PlatformRow, 'id' | 'client_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('lti_platforms').set(set).where('id', '=', id).execute();
}

export async function deletePlatform(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lti_platforms').where('id', '=', id).execute();
}

/** The organisation's keys, newest first. */
export function keysOf(db: Db, clientId: string): Promise<KeyRow[]> {
  return db
    .selectFrom('lti_keys')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

export async function insertKey(db: Db, row: KeyRow): Promise<void> {
  await db.insertInto('lti_keys').values(row).execute();
}

/** Retires the organisation's signing keys at `at` (a rotation) and forgets keys retired before `forgetBefore`. */
export async function retireKeys(db: Db, clientId: string, at: string, forgetBefore: string): Promise<void> {
  await db
    .updateTable('lti_keys')
    .set({ retired_at: at })
    .where('client_id', '=', clientId)
    .where('retired_at', 'is', null)
    .execute();
  await db
    .deleteFrom('lti_keys')
    .where('client_id', '=', clientId)
    .where('retired_at', '<', forgetBefore)
    .execute();
}
