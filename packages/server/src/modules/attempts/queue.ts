/**
 * The marking queue (issue 21.4): attempts awaiting a teacher's grade on the programs the caller's organisation
 * holds (its own and the global ones assigned to it), of that organisation's students only: the same reach as
 * reviewsAttempt (organisation.ts), so every attempt listed opens for grading and no other organisation's work
 * appears. Platform administrators review every attempt. Oldest submission first.
 */
import {
  AWAITING_GRADING_STATES,
  markingQueueSchema,
  type MarkingQueue,
  type MarkingQueueItem,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { forbidden } from '../../plugins/errors.ts';
import { isOrganisationStaff, type ContentScope } from '../content/programs/access.ts';
import { programIdsHeldBy } from '../content/programs/repository.ts';

const QUEUED_STATES = [...AWAITING_GRADING_STATES, 'graded'] as const;

/** The queued attempts of `clientId`'s students on programs it holds (all attempts when null), oldest first. */
async function queuedAttempts(db: Db, clientId: string | null) {
  let query = db
    .selectFrom('lab_attempts as a')
    .innerJoin('labs as l', 'l.id', 'a.lab_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .innerJoin('programs as p', 'p.id', 'c.program_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('attempt_grades as g', 'g.attempt_id', 'a.id')
    .select([
      'a.id as attempt_id',
      'a.number',
      'a.state',
      'a.user_id',
      'a.submitted_at',
      'a.late',
      'l.id as lab_id',
      'l.title as lab_title',
      'l.due_at',
      'c.id as course_id',
      'c.title as course_title',
      'p.id as program_id',
      'p.title as program_title',
      'u.username',
      'u.first_name',
      'u.last_name',
      'g.score',
      'g.max_score',
    ])
    .where('a.state', 'in', QUEUED_STATES);
  if (clientId !== null)
    query = query.where('a.client_id', '=', clientId).where('p.id', 'in', programIdsHeldBy(db, clientId));
  return query.orderBy('a.submitted_at').orderBy('a.id').execute();
}

type QueuedRow = Awaited<ReturnType<typeof queuedAttempts>>[number];

const nameOf = (row: QueuedRow): string => `${row.first_name} ${row.last_name}`.trim() || row.username;

function presentItem(row: QueuedRow): MarkingQueueItem {
  return {
    attemptId: row.attempt_id,
    number: row.number,
    state: row.state as MarkingQueueItem['state'],
    studentId: row.user_id,
    studentName: nameOf(row),
    labId: row.lab_id,
    labTitle: row.lab_title,
    courseId: row.course_id,
    courseTitle: row.course_title,
    programId: row.program_id,
    programTitle: row.program_title,
    submittedAt: row.submitted_at ?? '',
    dueAt: row.due_at,
    late: Number(row.late) === 1,
    score: Number(row.score ?? 0),
    maxScore: Number(row.max_score ?? 0),
  };
}

/** The caller's marking queue: 403 for anyone but an organisation's staff and platform administrators. */
export async function markingQueue(db: Db, scope: ContentScope): Promise<MarkingQueue> {
  if (!scope.platformAdmin && !isOrganisationStaff(scope)) throw forbidden();
  const rows = await queuedAttempts(db, scope.platformAdmin ? null : scope.clientId);
  const awaiting = rows.filter((r) => r.state !== 'graded');
  const courses = new Map<string, MarkingQueue['courses'][number]>();
  const modules = new Map<string, MarkingQueue['modules'][number]>();
  for (const row of rows) {
    const course = courses.get(row.course_id) ?? {
      courseId: row.course_id,
      courseTitle: row.course_title,
      programTitle: row.program_title,
      awaiting: 0,
      graded: 0,
    };
    if (row.state === 'graded') {
      course.graded += 1;
      const lab = modules.get(row.lab_id) ?? {
        labId: row.lab_id,
        labTitle: row.lab_title,
        courseId: row.course_id,
        graded: 0,
      };
      lab.graded += 1;
      modules.set(row.lab_id, lab);
    } else course.awaiting += 1;
    courses.set(row.course_id, course);
  }
  return markingQueueSchema.parse({
    items: awaiting.map(presentItem),
    courses: [...courses.values()],
    modules: [...modules.values()],
  });
}
