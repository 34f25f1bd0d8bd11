/** Rows of session_activity (migration 0008) and what the timeline reads beside them. */
import type { Db } from '../../db/database.ts';
import type { SessionActivityTable } from '../../db/schema.ts';

export type ActivityRow = SessionActivityTable;

export async function insertActivity(db: Db, rows: readonly ActivityRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('session_activity')
      .values([...rows])
      .execute();
}

/**
 * The activity of `userId`'s sessions of `labId`, after `after` (exclusive) up to `until` (inclusive); either
 * bound may be absent. Oldest first.
 */
export async function activityOfSessions(
  db: Db,
  userId: string,
  labId: string,
  bounds: { after: string | null; until: string | null },
): Promise<ActivityRow[]> {
  let query = db
    .selectFrom('session_activity as a')
    .innerJoin('sim_sessions as s', 's.id', 'a.session_id')
    .selectAll('a')
    .where('s.user_id', '=', userId)
    .where('s.lab_id', '=', labId);
  if (bounds.after !== null) query = query.where('a.at', '>', bounds.after);
  if (bounds.until !== null) query = query.where('a.at', '<=', bounds.until);
  return query.orderBy('a.at').execute();
}

/** The end state of scans: status, when they ended, the error of a failed one. */
export async function scanEnds(db: Db, scanIds: readonly string[]) {
  if (scanIds.length === 0) return [];
  return db
    .selectFrom('sim_scans')
    .select(['id', 'session_id', 'pulse_sequence_id', 'status', 'finished_at', 'error_message'])
    .where('id', 'in', [...scanIds])
    .execute();
}

/** Owner and close reason of sessions (for the sessionClosed entries). */
export async function sessionOwners(db: Db, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('sim_sessions')
    .select(['id', 'user_id', 'close_reason', 'closed_at'])
    .where('id', 'in', [...sessionIds])
    .execute();
}
