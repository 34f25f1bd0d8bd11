/** OpenID Connect providers, sign-in states and linked accounts (issue 27.6; tables of migration 0021). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isoNow } from '../../db/ids.ts';
import type { SsoProvidersTable, SsoStatesTable } from '../../db/schema-sso.ts';

export type { Db };
export type ProviderRow = Selectable<SsoProvidersTable>;
export type StateRow = Selectable<SsoStatesTable>;

export function providersOf(db: Db, clientId: string): Promise<ProviderRow[]> {
  return db
    .selectFrom('sso_providers')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Every enabled provider, by name: the sign-in page's buttons. */
export function enabledProviders(db: Db): Promise<Pick<ProviderRow, 'id' | 'name'>[]> {
  return db
    .selectFrom('sso_providers')
    .select(['id', 'name'])
    .where('enabled', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db.selectFrom('sso_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertProvider(db: Db, row: ProviderRow): Promise<void> {
  await db.insertInto('sso_providers').values(row).execute();
}

export async function updateProvider(
  db: Db,
  id: string,
  set: Partial<Omit<ProviderRow, 'id' | 'client_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('sso_providers').set(set).where('id', '=', id).execute();
}

export async function deleteProvider(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sso_providers').where('id', '=', id).execute();
}

/** Stores a sign-in's state (and forgets expired ones). */
export async function insertState(db: Db, row: StateRow): Promise<void> {
  await db.deleteFrom('sso_states').where('expires_at', '<', isoNow()).execute();
  await db.insertInto('sso_states').values(row).execute();
}

/** The state's row, deleted (used once); undefined for an unknown or used state. */
export function takeState(db: Db, state: string): Promise<StateRow | undefined> {
  return db.deleteFrom('sso_states').where('state', '=', state).returningAll().executeTakeFirst();
}

/** The account linked to the provider's user `sub`, if any. */
export async function linkedAccount(db: Db, providerId: string, sub: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sso_accounts')
    .select('user_id')
    .where('provider_id', '=', providerId)
    .where('sub', '=', sub)
    .executeTakeFirst();
  return row?.user_id;
}

export async function linkAccount(
  db: Db,
  providerId: string,
  sub: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('sso_accounts')
    .values({ provider_id: providerId, sub, user_id: userId, created_at: now })
    .execute();
}
