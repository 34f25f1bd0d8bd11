/** SQL of enrolments: one row per user and program; groups and cohorts enrol their members of the moment. */
import { sql, type SqlBool } from 'kysely';
import { toCount, type Db } from '../../db/database.ts';

export interface EnrollmentRecord {
  program_id: string;
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

/** The users enrolled in `programId`, oldest enrolment first; only members of `clientId` unless null. */
export async function enrollmentsOf(
  db: Db,
  programId: string,
  clientId: string | null,
): Promise<EnrollmentRecord[]> {
  let query = db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.program_id', 'e.user_id', 'u.username', 'u.first_name', 'u.last_name', 'e.created_at'])
    .where('e.program_id', '=', programId);
  if (clientId !== null) {
    query = query.where('e.user_id', 'in', (eb) =>
      eb.selectFrom('memberships').select('user_id').where('client_id', '=', clientId),
    );
  }
  return query.orderBy('e.created_at').orderBy('u.username').execute();
}

/** Which of `userIds` exist, and (when `clientId` is not null) are members of `clientId`. */
export async function usersWithin(
  db: Db,
  userIds: readonly string[],
  clientId: string | null,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  let query = db.selectFrom('users').select('id').where('id', 'in', userIds);
  if (clientId !== null) {
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('memberships').select('user_id').where('client_id', '=', clientId),
    );
  }
  return new Set((await query.execute()).map((r) => r.id));
}

/** Groups of `ids` with their organisation. */
export async function groupsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('groups').select(['id', 'client_id']).where('id', 'in', ids).execute();
}

/** Cohorts of `ids` with the organisation of their group. */
export async function cohortsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('cohorts as c')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['c.id', 'g.client_id'])
    .where('c.id', 'in', ids)
    .execute();
}

export async function membersOfGroups(db: Db, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', 'in', groupIds)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function membersOfCohorts(db: Db, cohortIds: readonly string[]): Promise<string[]> {
  if (cohortIds.length === 0) return [];
  const rows = await db
    .selectFrom('cohort_members')
    .select('user_id')
    .where('cohort_id', 'in', cohortIds)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Enrols each of `userIds` not enrolled yet; answers how many were new. */
export async function insertEnrollments(
  db: Db,
  programId: string,
  userIds: readonly string[],
  enrolledBy: string,
  now: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const existing = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('program_id', '=', programId)
    .where('user_id', 'in', userIds)
    .execute();
  const have = new Set(existing.map((e) => e.user_id));
  const fresh = [...new Set(userIds)].filter((id) => !have.has(id));
  if (fresh.length === 0) return 0;
  await db
    .insertInto('enrollments')
    .values(
      fresh.map((userId) => ({
        program_id: programId,
        user_id: userId,
        enrolled_by: enrolledBy,
        created_at: now,
      })),
    )
    .execute();
  return fresh.length;
}

/** Removes one enrolment; answers whether there was one. */
export async function deleteEnrollment(db: Db, programId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('enrollments')
    .where('program_id', '=', programId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface CandidateRecord {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  /** 1 when already enrolled in the program (0 otherwise; a number on both dialects). */
  enrolled: number;
}

/**
 * One page of the users who may be enrolled in `programId`: members of `clientId` (any user when null), not
 * deactivated, whose username, first or last name contains `search` (case-insensitive; LIKE wildcards in it
 * are taken literally), by username; with the total.
 */
export async function enrollmentCandidates(
  db: Db,
  programId: string,
  clientId: string | null,
  query: { search?: string | undefined; page: number; per_page: number },
): Promise<{ rows: CandidateRecord[]; total: number }> {
  const search = query.search ? `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  let base = db.selectFrom('users as u').where('u.status', '!=', 'deactivated');
  if (clientId !== null) {
    base = base.where('u.id', 'in', (eb) =>
      eb.selectFrom('memberships').select('user_id').where('client_id', '=', clientId),
    );
  }
  if (search !== null) {
    base = base.where((eb) =>
      eb.or(
        (['u.username', 'u.first_name', 'u.last_name'] as const).map(
          (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${search} escape '\\'`,
        ),
      ),
    );
  }
  const rows = await base
    .select((eb) => [
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('enrollments as e')
              .select('e.user_id')
              .whereRef('e.user_id', '=', 'u.id')
              .where('e.program_id', '=', programId),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('enrolled'),
    ])
    .orderBy('u.username')
    .orderBy('u.id')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return {
    rows: rows.map((r) => ({ ...r, enrolled: Number(r.enrolled) })),
    total: toCount(count?.n as string | number | undefined),
  };
}
