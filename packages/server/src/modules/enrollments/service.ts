/**
 * Enrolment commands (POST v1/programs/{programId}/enrollments and its list and removal). Teachers and
 * administrators enrol users, groups and cohorts of the organisation the program belongs to (or, for a global
 * program assigned to their organisation, of their organisation); anyone enrols themself with `{}` where the
 * program is open to them. Every id is checked before anything is written.
 */
import type {
  Enrollment,
  EnrollmentCandidateList,
  EnrollmentCandidateQuery,
  EnrollmentCreate,
  EnrollmentResult,
} from '@larmor/contracts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { isoNow } from '../../db/ids.ts';
import { canEdit, canEnrollOthers, canSelfEnroll, type ContentScope } from '../content/programs/access.ts';
import { relationOf, type Db, type ProgramRow } from '../content/programs/repository.ts';
import { loadProgram } from '../content/programs/service.ts';
import {
  cohortsByIds,
  deleteEnrollment,
  enrollmentCandidates,
  enrollmentsOf,
  groupsByIds,
  insertEnrollments,
  membersOfCohorts,
  membersOfGroups,
  usersWithin,
  type EnrollmentRecord,
} from './repository.ts';

/** Rows one insert statement writes at most (4 bound values each, far below SQLite's variable limit). */
const INSERT_CHUNK = 500;

const present = (row: EnrollmentRecord): Enrollment => ({
  programId: row.program_id,
  userId: row.user_id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  enrolledAt: row.created_at,
});

/**
 * The organisation whose users the caller may enrol in `program`, or null for any user (platform
 * administrators on global programs).
 */
function enrollableClient(scope: ContentScope, program: ProgramRow): string | null {
  if (program.client_id !== null) return program.client_id;
  return scope.platformAdmin ? null : scope.clientId;
}

/** Checks that the caller may enrol others (403) and answers the program. */
async function loadEnrollingProgram(db: Db, scope: ContentScope, programId: string): Promise<ProgramRow> {
  const program = await loadProgram(db, programId);
  if (!canEnrollOthers(scope, program, await relationOf(db, scope, programId))) throw forbidden();
  return program;
}

/** The users `body` names, every id checked to be within `clientId` (404 otherwise). */
async function usersNamed(db: Db, body: EnrollmentCreate, clientId: string | null): Promise<string[]> {
  const userIds = body.userIds ?? [];
  const found = await usersWithin(db, userIds, clientId);
  const unknownUser = userIds.find((id) => !found.has(id));
  if (unknownUser !== undefined) throw notFound(`User ${unknownUser}`);
  const groupIds = body.groupIds ?? [];
  const groups = await groupsByIds(db, groupIds);
  const unknownGroup = groupIds.find(
    (id) => !groups.some((g) => g.id === id && (clientId === null || g.client_id === clientId)),
  );
  if (unknownGroup !== undefined) throw notFound(`Group ${unknownGroup}`);
  const cohortIds = body.cohortIds ?? [];
  const cohorts = await cohortsByIds(db, cohortIds);
  const unknownCohort = cohortIds.find(
    (id) => !cohorts.some((c) => c.id === id && (clientId === null || c.client_id === clientId)),
  );
  if (unknownCohort !== undefined) throw notFound(`Cohort ${unknownCohort}`);
  const members = [...(await membersOfGroups(db, groupIds)), ...(await membersOfCohorts(db, cohortIds))];
  return [...new Set([...userIds, ...members])];
}

function namesAnyone(body: EnrollmentCreate): boolean {
  return body.userIds !== undefined || body.groupIds !== undefined || body.cohortIds !== undefined;
}

export async function enroll(
  db: Db,
  scope: ContentScope,
  programId: string,
  body: EnrollmentCreate,
): Promise<EnrollmentResult> {
  let userIds: string[];
  let program: ProgramRow;
  if (namesAnyone(body)) {
    program = await loadEnrollingProgram(db, scope, programId);
    userIds = await usersNamed(db, body, enrollableClient(scope, program));
  } else {
    program = await loadProgram(db, programId);
    const relation = await relationOf(db, scope, programId);
    if (!relation.enrolled && !canSelfEnroll(scope, program, relation)) throw forbidden();
    userIds = [scope.userId];
  }
  const now = isoNow();
  const added = await db.transaction().execute(async (trx) => {
    let count = 0;
    for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
      count += await insertEnrollments(trx, programId, userIds.slice(i, i + INSERT_CHUNK), scope.userId, now);
    }
    return count;
  });
  const visibleTo = namesAnyone(body) ? listScope(scope, program) : undefined;
  const rows = await enrollmentsOf(db, programId, visibleTo ?? null);
  return {
    added,
    enrollments: (visibleTo === undefined ? rows.filter((r) => r.user_id === scope.userId) : rows).map(
      present,
    ),
  };
}

/** Whose enrolments the caller sees: editors everyone (null); staff of an assigned organisation their own. */
function listScope(scope: ContentScope, program: ProgramRow): string | null {
  return canEdit(scope, program) ? null : scope.clientId;
}

export async function listEnrollments(db: Db, scope: ContentScope, programId: string): Promise<Enrollment[]> {
  const program = await loadEnrollingProgram(db, scope, programId);
  return (await enrollmentsOf(db, programId, listScope(scope, program))).map(present);
}

/** Removes `userId` from the program: the user themself, or whoever may enrol them. 404 if not enrolled. */
export async function unenroll(
  db: Db,
  scope: ContentScope,
  programId: string,
  userId: string,
): Promise<void> {
  const program = await loadProgram(db, programId);
  if (userId !== scope.userId) {
    await loadEnrollingProgram(db, scope, programId);
    const within = await usersWithin(db, [userId], enrollableClient(scope, program));
    if (!within.has(userId)) throw notFound('Enrolment');
  }
  if (!(await deleteEnrollment(db, programId, userId))) throw notFound('Enrolment');
}

/**
 * GET v1/programs/{programId}/enrollment-candidates: the users the caller may enrol (those `enroll` accepts by
 * id), one page, each with whether they are enrolled already. 403 for whoever may not enrol others.
 */
export async function listEnrollmentCandidates(
  db: Db,
  scope: ContentScope,
  programId: string,
  query: EnrollmentCandidateQuery,
): Promise<EnrollmentCandidateList> {
  const program = await loadEnrollingProgram(db, scope, programId);
  const { rows, total } = await enrollmentCandidates(db, programId, enrollableClient(scope, program), query);
  return {
    items: rows.map((r) => ({
      userId: r.id,
      username: r.username,
      firstName: r.first_name,
      lastName: r.last_name,
      enrolled: r.enrolled === 1,
    })),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}
