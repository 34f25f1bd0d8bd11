/**
 * SQL of the analytics calls. Every query names the caller's organisation: the students counted are the
 * organisation's students (membership role Student) enrolled in the module's program, of one of its cohorts
 * when filtered, and only attempts made in that organisation count. Counts, sums and the newest attempt are
 * aggregated in SQL; the automatic checks are JSON documents, read here and tallied by the service.
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { toCount, type DatabaseKind, type Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Who is counted: students of `clientId` enrolled in `programId`, members of `cohortId` when given. */
export interface Population {
  clientId: string;
  programId: string;
  cohortId: string | null;
}

/** The programs of the organisation: its own, and global ones assigned to it. */
function programOfOrganisation(eb: ExpressionBuilder<Database, 'programs'>, clientId: string) {
  return eb.or([
    eb('programs.client_id', '=', clientId),
    eb.exists(
      eb
        .selectFrom('program_assignments as pa')
        .select('pa.program_id')
        .whereRef('pa.program_id', '=', 'programs.id')
        .where('pa.client_id', '=', clientId),
    ),
  ]);
}

/** The organisation's courses (not archived) with their programs, in program and course order. */
export async function coursesOfOrganisation(db: Db, clientId: string) {
  return db
    .selectFrom('courses')
    .innerJoin('programs', 'programs.id', 'courses.program_id')
    .select(['courses.id', 'courses.title', 'programs.id as program_id', 'programs.title as program_title'])
    .where('courses.archived', '=', 0)
    .where('programs.status', '<>', 'archived')
    .where((eb) => programOfOrganisation(eb, clientId))
    .orderBy('programs.title')
    .orderBy('programs.id')
    .orderBy('courses.position')
    .execute();
}

/** The modules (not archived) of `courseIds`, in course order. */
export async function labsOfCourses(db: Db, courseIds: readonly string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('labs')
    .select(['labs.id', 'labs.title', 'labs.course_id', 'labs.objectives'])
    .where('labs.course_id', 'in', [...courseIds])
    .where('labs.archived', '=', 0)
    .orderBy('labs.position')
    .orderBy('labs.id')
    .execute();
}

/** The cohorts of the organisation's groups, by name. */
export async function cohortsOfOrganisation(db: Db, clientId: string) {
  return db
    .selectFrom('cohorts as c')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['c.id', 'c.name'])
    .where('g.client_id', '=', clientId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

export async function isCohortOf(db: Db, cohortId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cohorts as c')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select('c.id')
    .where('c.id', '=', cohortId)
    .where('g.client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A course of one of the organisation's programs, or undefined. */
export async function courseOfOrganisation(db: Db, courseId: string, clientId: string) {
  return db
    .selectFrom('courses')
    .innerJoin('programs', 'programs.id', 'courses.program_id')
    .select(['courses.id', 'courses.title', 'courses.program_id'])
    .where('courses.id', '=', courseId)
    .where((eb) => programOfOrganisation(eb, clientId))
    .executeTakeFirst();
}

/** A module of one of the organisation's programs (with its course and program), or undefined. */
export async function labOfOrganisation(db: Db, labId: string, clientId: string) {
  return db
    .selectFrom('labs')
    .innerJoin('courses', 'courses.id', 'labs.course_id')
    .innerJoin('programs', 'programs.id', 'courses.program_id')
    .select(['labs.id', 'labs.title', 'labs.objectives', 'labs.course_id', 'courses.program_id'])
    .where('labs.id', '=', labId)
    .where((eb) => programOfOrganisation(eb, clientId))
    .executeTakeFirst();
}

/** The ids of the population's students, as a subquery. */
function populationIds(db: Db, p: Population) {
  let query = db
    .selectFrom('users as pu')
    .select('pu.id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as pm')
          .select('pm.id')
          .whereRef('pm.user_id', '=', 'pu.id')
          .where('pm.client_id', '=', p.clientId)
          .where('pm.role', '=', 'Student'),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrollments as pe')
          .select('pe.user_id')
          .whereRef('pe.user_id', '=', 'pu.id')
          .where('pe.program_id', '=', p.programId),
      ),
    );
  if (p.cohortId !== null) {
    const cohortId = p.cohortId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('cohort_members as pc')
          .select('pc.user_id')
          .whereRef('pc.user_id', '=', 'pu.id')
          .where('pc.cohort_id', '=', cohortId),
      ),
    );
  }
  return query;
}

/**
 * The number of the newest attempt (made in the organisation) of the outer attempt `a`'s student on its module,
 * as a subquery; of the submitted attempts only (not in progress) when `submittedOnly`.
 */
function newestAttemptNumber(db: Db, clientId: string, { submittedOnly }: { submittedOnly: boolean }) {
  const query = db
    .selectFrom('lab_attempts as b')
    .select((b) => b.fn.max('b.number').as('m'))
    .where('b.lab_id', '=', sql.ref<string>('a.lab_id'))
    .where('b.user_id', '=', sql.ref<string>('a.user_id'))
    .where('b.client_id', '=', clientId);
  return submittedOnly ? query.where('b.state', '<>', 'inProgress') : query;
}

/** How many students the population holds. */
export async function countStudents(db: Db, p: Population): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('users.id', 'in', populationIds(db, p))
    .executeTakeFirst();
  return toCount(row?.n as string | number | undefined);
}

/**
 * The population's newest attempts (made in its organisation) on `labIds`, counted by module and state, with
 * how many of them were late.
 */
export async function newestAttemptStates(db: Db, labIds: readonly string[], p: Population) {
  if (labIds.length === 0) return [];
  const rows = await db
    .selectFrom('lab_attempts as a')
    .select((eb) => [
      'a.lab_id',
      'a.state',
      eb.fn.countAll().as('n'),
      eb.fn.sum<string | number>('a.late').as('late'),
    ])
    .where('a.lab_id', 'in', [...labIds])
    .where('a.client_id', '=', p.clientId)
    .where('a.user_id', 'in', populationIds(db, p))
    .where('a.number', '=', newestAttemptNumber(db, p.clientId, { submittedOnly: false }))
    .groupBy(['a.lab_id', 'a.state'])
    .execute();
  return rows.map((r) => ({
    labId: r.lab_id,
    state: r.state,
    count: toCount(r.n as string | number),
    late: toCount(r.late ?? 0),
  }));
}

/**
 * The length of a simulator session [s]: from opening to close (PUT close), or to the last keepalive for a
 * session still open or reaped (a reaped session's closed_at is the reaping time, not the student's last
 * activity). Timestamps are ISO 8601 text; the arithmetic is each dialect's own.
 */
function sessionSeconds(kind: DatabaseKind): RawBuilder<number> {
  const end = sql`case when s.close_reason = 'closed' and s.closed_at is not null then s.closed_at else s.last_keepalive_at end`;
  return kind === 'postgres'
    ? sql<number>`extract(epoch from (cast(${end} as timestamptz) - cast(s.created_at as timestamptz)))`
    : sql<number>`(julianday(${end}) - julianday(s.created_at)) * 86400.0`;
}

/** For each module of `labIds` and each student of the population with sessions: sessions and seconds. */
export async function sessionTimes(db: Db, kind: DatabaseKind, labIds: readonly string[], p: Population) {
  if (labIds.length === 0) return [];
  const rows = await db
    .selectFrom('sim_sessions as s')
    .select((eb) => [
      's.lab_id',
      's.user_id',
      eb.fn.countAll().as('n'),
      eb.fn.sum<string | number>(sessionSeconds(kind)).as('seconds'),
    ])
    .where('s.lab_id', 'in', [...labIds])
    .where('s.user_id', 'in', populationIds(db, p))
    .groupBy(['s.lab_id', 's.user_id'])
    .execute();
  return rows.map((r) => ({
    labId: r.lab_id,
    userId: r.user_id,
    sessions: toCount(r.n as string | number),
    seconds: Math.max(0, Number(r.seconds ?? 0)),
  }));
}

/** The automatic checks (JSON text) of each population student's newest submitted, checked attempt on `labId`. */
export async function newestSubmittedChecks(db: Db, labId: string, p: Population): Promise<string[]> {
  const rows = await db
    .selectFrom('lab_attempts as a')
    .innerJoin('attempt_grades as g', 'g.attempt_id', 'a.id')
    .select('g.checks')
    .where('a.lab_id', '=', labId)
    .where('a.client_id', '=', p.clientId)
    .where('a.state', '<>', 'inProgress')
    .where('a.user_id', 'in', populationIds(db, p))
    .where('a.number', '=', newestAttemptNumber(db, p.clientId, { submittedOnly: true }))
    .orderBy('a.id')
    .execute();
  return rows.map((r) => r.checks);
}
