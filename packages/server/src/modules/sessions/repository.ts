/** SQL of simulator sessions, their configuration values and collections. */
import type { Db } from '../../db/database.ts';
import type { SimCollectionsTable, SimSessionConfigurationTable, SimSessionsTable } from '../../db/schema.ts';

export type SessionRow = SimSessionsTable;
export type CollectionRow = SimCollectionsTable;

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sim_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's active sessions, as a query: not closed, their last keepalive at or after `aliveSince` (ISO time). */
function activeSessionsQuery(db: Db, userId: string, aliveSince: string) {
  return db
    .selectFrom('sim_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .where('last_keepalive_at', '>=', aliveSince);
}

/** The user's sessions not closed, whose last keepalive is at or after `aliveSince` (ISO time). */
export async function activeSessionsOf(db: Db, userId: string, aliveSince: string): Promise<SessionRow[]> {
  return activeSessionsQuery(db, userId, aliveSince).orderBy('created_at').execute();
}

/** The user's active session of `labId` opened with `instanceId` (the newest, should there be several). */
export async function activeSessionOfInstance(
  db: Db,
  userId: string,
  labId: string,
  instanceId: string,
  aliveSince: string,
): Promise<SessionRow | undefined> {
  return activeSessionsQuery(db, userId, aliveSince)
    .where('lab_id', '=', labId)
    .where('instance_id', '=', instanceId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sim_sessions').values(row).execute();
}

/**
 * Takes the session's row lock until the transaction ends (PostgreSQL; SQLite runs one transaction at a time), so
 * checks of a per-session cap and the writes they guard cannot interleave with a parallel call's.
 */
export async function lockSession(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('sim_sessions')
    .set((eb) => ({ last_keepalive_at: eb.ref('last_keepalive_at') }))
    .where('id', '=', id)
    .execute();
}

export async function touchSession(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('sim_sessions').set({ last_keepalive_at: now }).where('id', '=', id).execute();
}

/** Closes `id` if it is open; answers whether this call closed it. */
export async function closeSession(db: Db, id: string, now: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('sim_sessions')
    .set({ closed_at: now, close_reason: reason })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes every open session whose last keepalive is before `staleBefore`; answers their ids. */
export async function reapStaleSessions(db: Db, staleBefore: string, now: string): Promise<string[]> {
  const stale = await db
    .selectFrom('sim_sessions')
    .select('id')
    .where('closed_at', 'is', null)
    .where('last_keepalive_at', '<', staleBefore)
    .execute();
  const closed: string[] = [];
  for (const { id } of stale) if (await closeSession(db, id, now, 'reaped')) closed.push(id);
  return closed;
}

export async function configurationOf(db: Db, sessionId: string): Promise<SimSessionConfigurationTable[]> {
  return db.selectFrom('sim_session_configuration').selectAll().where('session_id', '=', sessionId).execute();
}

export async function setConfigurationValue(db: Db, sessionId: string, name: string, value: string) {
  await db
    .insertInto('sim_session_configuration')
    .values({ session_id: sessionId, name, value })
    .onConflict((oc) => oc.columns(['session_id', 'name']).doUpdateSet({ value }))
    .execute();
}

export async function collectionsOf(db: Db, sessionId: string): Promise<CollectionRow[]> {
  return db
    .selectFrom('sim_collections')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('position')
    .execute();
}

export async function insertCollection(db: Db, row: CollectionRow): Promise<void> {
  await db.insertInto('sim_collections').values(row).execute();
}
