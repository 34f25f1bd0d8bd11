/**
 * SQL of the students calls. A student of an organisation is a user holding a membership of it with role
 * Student; every read names the organisation, so a query never reaches another organisation's students.
 */
import type { StudentListQuery } from '@larmor/contracts';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { toCount, type Db } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { programIdsHeldBy } from '../content/programs/repository.ts';

export type StudentRow = Pick<
  UsersTable,
  'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'status' | 'created_at'
>;

const STUDENT_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.status',
  'users.created_at',
] as const;

/** A course (`c`) with its program (`p`), as the progress calls read it. */
const COURSE_WITH_PROGRAM_COLUMNS = [
  'c.id as course_id',
  'c.title',
  'c.archived',
  'p.id as program_id',
  'p.title as program_title',
  'p.status as program_status',
] as const;

/** `%text%` for LIKE with its own wildcards escaped (escape character `\`). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function isStudentOf(eb: ExpressionBuilder<Database, 'users'>, clientId: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('memberships as sm')
      .select('sm.id')
      .whereRef('sm.user_id', '=', 'users.id')
      .where('sm.client_id', '=', clientId)
      .where('sm.role', '=', 'Student'),
  );
}

/**
 * The programs of `courseIds` that `clientId` holds (archived courses only when `includeArchived`): another
 * organisation's course filters nobody in.
 */
function programsOfCourses(db: Db, clientId: string, courseIds: readonly string[], includeArchived: boolean) {
  let query = db
    .selectFrom('courses')
    .select('courses.program_id')
    .where('courses.id', 'in', [...courseIds])
    .where('courses.program_id', 'in', programIdsHeldBy(db, clientId));
  if (!includeArchived) query = query.where('courses.archived', '=', 0);
  return query;
}

/** One page of the students of `clientId` matching `query`, with the total. */
export async function listStudents(
  db: Db,
  clientId: string,
  query: StudentListQuery,
): Promise<{ rows: StudentRow[]; total: number }> {
  const search = query.search_term ? containsPattern(query.search_term) : null;
  const base = db.selectFrom('users').where((eb) => {
    const conditions = [isStudentOf(eb, clientId)];
    if (search !== null) {
      conditions.push(
        eb.or(
          (['username', 'first_name', 'last_name', 'email'] as const).map(
            (column) => sql<SqlBool>`lower(${sql.ref(`users.${column}`)}) like ${search} escape '\\'`,
          ),
        ),
      );
    }
    if (query.without_inactive_users) conditions.push(eb('users.status', '=', 'active'));
    if (query.cohortId !== undefined) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('cohort_members as cm')
            .innerJoin('cohorts as c', 'c.id', 'cm.cohort_id')
            .innerJoin('groups as g', 'g.id', 'c.group_id')
            .select('cm.user_id')
            .whereRef('cm.user_id', '=', 'users.id')
            .where('cm.cohort_id', '=', query.cohortId)
            .where('g.client_id', '=', clientId),
        ),
      );
    }
    if (query.courseIds !== undefined && query.courseIds.length > 0) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('enrollments as e')
            .select('e.user_id')
            .whereRef('e.user_id', '=', 'users.id')
            .where(
              'e.program_id',
              'in',
              programsOfCourses(db, clientId, query.courseIds, query.includeArchived),
            ),
        ),
      );
    }
    return eb.and(conditions);
  });
  const rows = await base
    .select(STUDENT_COLUMNS)
    .orderBy(`users.${query.order_by}`, query.order_dir)
    .orderBy('users.id', query.order_dir)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return { rows, total: toCount(count?.n as string | number | undefined) };
}

export async function findStudent(db: Db, userId: string): Promise<StudentRow | undefined> {
  return db.selectFrom('users').select(STUDENT_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
}

/** The cohorts of `clientId` (every organisation's when null) each of `userIds` is in. */
export async function cohortsOf(db: Db, userIds: readonly string[], clientId: string | null) {
  if (userIds.length === 0) return [];
  let query = db
    .selectFrom('cohort_members as cm')
    .innerJoin('cohorts as c', 'c.id', 'cm.cohort_id')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['cm.user_id', 'c.id', 'c.name'])
    .where('cm.user_id', 'in', [...userIds]);
  if (clientId !== null) query = query.where('g.client_id', '=', clientId);
  return query.orderBy('c.name').orderBy('c.id').execute();
}

/** The organisations `userId` is a member of (only `clientId` when given). */
export async function clientsOf(db: Db, userId: string, clientId: string | null) {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .select(['c.id', 'c.name'])
    .where('m.user_id', '=', userId);
  if (clientId !== null) query = query.where('c.id', '=', clientId);
  return query.orderBy('c.name').execute();
}

/**
 * The scan results of `userId`, newest first, with their module's title and series description: of every
 * module, or (`clientId`) those that organisation's staff read (scan-results/service.ts `mayReadScanResult`):
 * of its own programs' modules, and of the global ones assigned to it unless submitted in an attempt that is
 * not its own.
 */
export async function scanResultsOf(db: Db, userId: string, clientId: string | null) {
  let query = db
    .selectFrom('scan_results as r')
    .innerJoin('labs as l', 'l.id', 'r.lab_id')
    .leftJoin('sim_scans as s', 's.id', 'r.scan_id')
    .leftJoin('sim_pulse_sequences as p', 'p.id', 's.pulse_sequence_id')
    .select([
      'r.id',
      'r.lab_id',
      'l.title as lab_title',
      'p.name as description',
      's.series_number',
      'r.snapshot',
      'r.created_at',
    ])
    .where('r.user_id', '=', userId);
  if (clientId !== null) {
    query = query
      .where('l.course_id', 'in', (eb) =>
        eb
          .selectFrom('courses')
          .select('courses.id')
          .where('courses.program_id', 'in', programIdsHeldBy(db, clientId)),
      )
      .where((eb) =>
        eb.or([
          eb(
            'l.course_id',
            'in',
            eb
              .selectFrom('courses as oc')
              .innerJoin('programs as op', 'op.id', 'oc.program_id')
              .select('oc.id')
              .where('op.client_id', '=', clientId),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('attempt_scan_results as sub')
                .innerJoin('lab_attempts as sa', 'sa.id', 'sub.attempt_id')
                .select('sa.id')
                .whereRef('sub.scan_result_id', '=', 'r.id')
                .where((w) => w.or([w('sa.client_id', 'is', null), w('sa.client_id', '!=', clientId)])),
            ),
          ),
        ]),
      );
  }
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
}

/**
 * The courses (with program) of the programs `userId` is enrolled in, in program and course order: every
 * program, or (`clientId`) those that organisation holds.
 */
export async function enrolledCourses(db: Db, userId: string, clientId: string | null) {
  let query = db
    .selectFrom('enrollments as e')
    .innerJoin('programs as p', 'p.id', 'e.program_id')
    .innerJoin('courses as c', 'c.program_id', 'p.id')
    .select(COURSE_WITH_PROGRAM_COLUMNS)
    .where('e.user_id', '=', userId);
  if (clientId !== null) query = query.where('p.id', 'in', programIdsHeldBy(db, clientId));
  return query.orderBy('p.title').orderBy('c.position').orderBy('c.id').execute();
}

/** The modules of `courseIds`, in course order. */
export async function labsOfCourses(db: Db, courseIds: readonly string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('labs')
    .select(['id', 'course_id', 'title', 'archived'])
    .where('course_id', 'in', [...courseIds])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Every attempt of `userId` on `labIds` with its grade's score, oldest first; with `clientId`, only those that
 * organisation reviews: every attempt on its own programs' modules, its own on global programs' (attempts/
 * organisation.ts).
 */
export async function attemptsWithScores(
  db: Db,
  userId: string,
  labIds: readonly string[],
  clientId: string | null,
) {
  if (labIds.length === 0) return [];
  let query = db
    .selectFrom('lab_attempts as a')
    .leftJoin('attempt_grades as g', 'g.attempt_id', 'a.id')
    .select([
      'a.id',
      'a.lab_id',
      'a.number',
      'a.state',
      'a.late',
      'a.submitted_at',
      'a.released_at',
      'g.score',
      'g.max_score',
    ])
    .where('a.user_id', '=', userId)
    .where('a.lab_id', 'in', [...labIds]);
  if (clientId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('a.client_id', '=', clientId),
        eb(
          'a.lab_id',
          'in',
          eb
            .selectFrom('labs as ol')
            .innerJoin('courses as oc', 'oc.id', 'ol.course_id')
            .innerJoin('programs as op', 'op.id', 'oc.program_id')
            .select('ol.id')
            .where('op.client_id', '=', clientId),
        ),
      ]),
    );
  }
  return query.orderBy('a.number').execute();
}

/** The courses of the programs `clientId` holds that its students are enrolled in, with how many of them. */
export async function coursesOfClientStudents(db: Db, clientId: string, includeArchived: boolean) {
  let query = db
    .selectFrom('enrollments as e')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'e.user_id').on('m.client_id', '=', clientId).on('m.role', '=', 'Student'),
    )
    .innerJoin('programs as p', 'p.id', 'e.program_id')
    .innerJoin('courses as c', 'c.program_id', 'p.id')
    .where('p.id', 'in', programIdsHeldBy(db, clientId))
    .select((eb) => [
      ...COURSE_WITH_PROGRAM_COLUMNS,
      eb.fn.count<string | number>('e.user_id').distinct().as('students'),
    ])
    .groupBy(['c.id', 'c.title', 'c.archived', 'c.position', 'p.id', 'p.title', 'p.status']);
  if (!includeArchived) query = query.where('c.archived', '=', 0).where('p.status', '!=', 'archived');
  return query.orderBy('p.title').orderBy('c.position').orderBy('c.id').execute();
}

/** The finished scans of `userId`'s sessions of `labId`, newest first, with the scan result each was kept as. */
export async function finishedScansOf(db: Db, userId: string, labId: string) {
  return db
    .selectFrom('sim_scans as s')
    .innerJoin('sim_sessions as ss', 'ss.id', 's.session_id')
    .leftJoin('sim_pulse_sequences as p', 'p.id', 's.pulse_sequence_id')
    .leftJoin('scan_results as r', 'r.scan_id', 's.id')
    .select([
      's.id',
      's.session_id',
      's.series_number',
      's.snapshot',
      'p.name',
      's.finished_at',
      'r.id as scan_result_id',
    ])
    .where('ss.user_id', '=', userId)
    .where('ss.lab_id', '=', labId)
    .where('s.status', '=', 'finished')
    .orderBy('s.finished_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}
