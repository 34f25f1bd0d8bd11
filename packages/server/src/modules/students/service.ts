/**
 * The students calls (simulator.md §7, issue 14). Who reaches what:
 * - the list and the organisation's courses: teachers and administrators acting in that organisation, and
 *   platform administrators (any organisation); students and other organisations' staff get 403;
 * - one student (details, scan results, courses overview): the student themself, staff of an organisation
 *   they are a member of (seeing that organisation's cohorts and membership, and only the programs it owns or
 *   is assigned, their modules' scan results and the attempts it reviews), platform administrators.
 * A student sees a score only once it is released; staff see it as soon as it exists.
 */
import {
  attemptStateSchema,
  protocolSchema,
  type ClientCoursesResponse,
  type CoursesOverviewResponse,
  type ModuleProgress,
  type OwnScansResponse,
  type StudentDetail,
  type StudentListQuery,
  type StudentListResponse,
  type StudentSummary,
} from '@larmor/contracts';
import { scanTime } from '@larmor/mri/sequence';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { findClient } from '../organisations/repository.ts';
import { isOrganisationStaff, type ContentScope } from '../content/programs/access.ts';
import {
  attemptsWithScores,
  clientsOf,
  cohortsOf,
  coursesOfClientStudents,
  enrolledCourses,
  finishedScansOf,
  findStudent,
  labsOfCourses,
  listStudents as listStudentRows,
  scanResultsOf,
  type StudentRow,
} from './repository.ts';
import { isMemberOf } from '../scan-results/repository.ts';

/** Authorizes a call on organisation `groupId`'s students: 404 for an unknown one (platform admins only). */
async function requireStaffOf(db: Db, scope: ContentScope, groupId: string): Promise<void> {
  if (scope.platformAdmin) {
    if (!(await findClient(db, groupId))) throw notFound('Organisation');
    return;
  }
  if (!isOrganisationStaff(scope) || scope.clientId !== groupId) throw forbidden();
}

/**
 * Authorizes reading student `userId`; answers the organisation whose view the caller gets (null: all of
 * them, for the student themself and platform administrators).
 */
async function readableStudent(
  db: Db,
  scope: ContentScope,
  userId: string,
): Promise<{ row: StudentRow; clientId: string | null }> {
  const self = scope.userId === userId;
  if (!self && !scope.platformAdmin && !isOrganisationStaff(scope)) throw forbidden();
  const row = await findStudent(db, userId);
  if (!row) throw notFound('User');
  if (self || scope.platformAdmin) return { row, clientId: null };
  const clientId = scope.clientId as string;
  if (!(await isMemberOf(db, userId, clientId))) throw forbidden();
  return { row, clientId };
}

function summaryOf(row: StudentRow, cohorts: { id: string; name: string }[]): StudentSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    active: row.status === 'active',
    cohorts,
    createdAt: row.created_at,
  };
}

export async function listStudents(
  db: Db,
  scope: ContentScope,
  groupId: string,
  query: StudentListQuery,
): Promise<StudentListResponse> {
  await requireStaffOf(db, scope, groupId);
  const { rows, total } = await listStudentRows(db, groupId, query);
  const cohorts = await cohortsOf(
    db,
    rows.map((r) => r.id),
    groupId,
  );
  const items = rows.map((row) =>
    summaryOf(
      row,
      cohorts.filter((c) => c.user_id === row.id).map((c) => ({ id: c.id, name: c.name })),
    ),
  );
  return { items, total, page: query.page, per_page: query.per_page };
}

export async function studentDetail(db: Db, scope: ContentScope, userId: string): Promise<StudentDetail> {
  const { row, clientId } = await readableStudent(db, scope, userId);
  const cohorts = await cohortsOf(db, [row.id], clientId);
  const results = await scanResultsOf(db, row.id, clientId);
  return {
    ...summaryOf(
      row,
      cohorts.map((c) => ({ id: c.id, name: c.name })),
    ),
    clients: await clientsOf(db, row.id, clientId),
    scanResults: results.map((r) => ({
      id: r.id,
      labId: r.lab_id,
      labTitle: r.lab_title,
      description: r.description,
      seriesNumber: r.series_number,
      ...keyParametersOf(r.snapshot),
      createdAt: r.created_at,
    })),
  };
}

type AttemptScoreRow = Awaited<ReturnType<typeof attemptsWithScores>>[number];

/** A course with its program (repository COURSE_WITH_PROGRAM_COLUMNS): archived when it or its program is. */
function presentCourse(row: Awaited<ReturnType<typeof enrolledCourses>>[number]) {
  return {
    courseId: row.course_id,
    title: row.title,
    programId: row.program_id,
    programTitle: row.program_title,
    archived: row.archived === 1 || row.program_status === 'archived',
  };
}

function progressOf(
  lab: { id: string; title: string },
  attempts: AttemptScoreRow[],
  showUnreleased: boolean,
): ModuleProgress {
  const latest = attempts.at(-1);
  const state = latest ? attemptStateSchema.parse(latest.state) : null;
  const scored = latest && latest.score !== null && (showUnreleased || latest.released_at !== null);
  return {
    labId: lab.id,
    title: lab.title,
    attempts: attempts.length,
    latestAttemptId: latest?.id ?? null,
    state,
    late: latest?.late === 1,
    submittedAt: latest?.submitted_at ?? null,
    score: scored ? latest.score : null,
    maxScore: scored ? latest.max_score : null,
  };
}

export async function coursesOverview(
  db: Db,
  scope: ContentScope,
  userId: string,
): Promise<CoursesOverviewResponse> {
  const { row, clientId } = await readableStudent(db, scope, userId);
  const courses = await enrolledCourses(db, row.id, clientId);
  const labs = (
    await labsOfCourses(
      db,
      courses.map((c) => c.course_id),
    )
  ).filter((lab) => lab.archived === 0);
  const attempts = await attemptsWithScores(
    db,
    row.id,
    labs.map((l) => l.id),
    clientId,
  );
  const showUnreleased = scope.userId !== row.id;
  return {
    courses: courses.map((course) => ({
      ...presentCourse(course),
      modules: labs
        .filter((lab) => lab.course_id === course.course_id)
        .map((lab) =>
          progressOf(
            lab,
            attempts.filter((a) => a.lab_id === lab.id),
            showUnreleased,
          ),
        ),
    })),
  };
}

export async function clientCourses(
  db: Db,
  scope: ContentScope,
  groupId: string,
  includeArchived: boolean,
): Promise<ClientCoursesResponse> {
  await requireStaffOf(db, scope, groupId);
  const rows = await coursesOfClientStudents(db, groupId, includeArchived);
  return {
    courses: rows.map((row) => ({
      ...presentCourse(row),
      students: Number(row.students),
    })),
  };
}

/** A stored snapshot's protocol and acquisition time [s], both null when it holds no valid protocol. */
function keyParametersOf(snapshotText: string) {
  const snapshot = JSON.parse(snapshotText) as Partial<ScanSnapshot>;
  const protocol = protocolSchema.safeParse(snapshot.protocol);
  if (!protocol.success || snapshot.protocol === undefined || snapshot.scanner === undefined) {
    return { parameters: null, scanTimeSeconds: null };
  }
  return {
    parameters: protocol.data,
    scanTimeSeconds: scanTime(snapshot.protocol, snapshot.scanner).seconds,
  };
}

/** The caller's own finished scans of module `labId` (nobody else's: the caller is the owner by construction). */
export async function ownScans(db: Db, scope: ContentScope, labId: string): Promise<OwnScansResponse> {
  const rows = await finishedScansOf(db, scope.userId, labId);
  return {
    scans: rows.map((row) => {
      const snapshot = JSON.parse(row.snapshot) as ScanSnapshot;
      return {
        scanId: row.id,
        sessionId: row.session_id,
        description: row.name,
        seriesNumber: row.series_number,
        parameters: protocolSchema.parse(snapshot.protocol),
        scanTimeSeconds: scanTime(snapshot.protocol, snapshot.scanner).seconds,
        finishedAt: row.finished_at,
        scanResultId: row.scan_result_id,
      };
    }),
  };
}
