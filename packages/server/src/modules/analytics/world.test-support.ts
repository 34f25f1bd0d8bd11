/**
 * Test data of the analytics tests: Alpha's published program with a module of two objectives, three of
 * Alpha's students enrolled (Ann in cohort "Year 1"), their attempts, grades and simulator sessions, and a
 * Beta student with an attempt and a long session on the same module that Alpha must never count.
 */
import type { CheckResult } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addMembership, createUser } from '../../test/fixtures.ts';
import { newId } from '../../db/ids.ts';
import { createContentWorld, publishedProgram } from '../content/programs/world.test-support.ts';
import { insertAttemptRow, insertGradeRow } from '../../test/attempts.ts';

/** The start of every fixture timestamp; offsets below are seconds after it. */
const T0_MS = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => new Date(T0_MS + seconds * 1000).toISOString();

export const OBJECTIVES = [
  { id: 'weighting', kind: 'weighting', weighting: 'T2', points: 10, title: 'T2 weighting' },
  { id: 'wrap', kind: 'noWrap', points: 5, title: '=No wrap' },
] as const;

export const T1_MEASURED = 'TR 500 ms, TE 15 ms: T1';

function check(objectiveId: string, passed: boolean, measured: string | null): CheckResult {
  const objective = OBJECTIVES.find((o) => o.id === objectiveId);
  return {
    objectiveId,
    kind: objective?.kind ?? 'weighting',
    passed,
    measured,
    target: 'target',
    value: null,
    points: passed ? (objective?.points ?? 0) : 0,
    maxPoints: objective?.points ?? 0,
    mustPass: false,
    hint: 'hint',
    scanResultId: null,
    change: [],
    learnMore: null,
  };
}

interface AttemptFixture {
  labId: string;
  userId: string;
  clientId: string;
  number: number;
  state: string;
  late?: boolean;
  checks?: CheckResult[];
}

async function insertAttempt(db: Kysely<Database>, a: AttemptFixture): Promise<void> {
  const id = newId();
  const submitted = a.state !== 'inProgress';
  await insertAttemptRow(db, {
    id,
    lab_id: a.labId,
    user_id: a.userId,
    client_id: a.clientId,
    number: a.number,
    state: a.state,
    late: a.late ? 1 : 0,
    started_at: at(a.number),
    submitted_at: submitted ? at(3600) : null,
    released_at: a.state === 'released' ? at(7200) : null,
    updated_at: at(7200),
  });
  if (!a.checks) return;
  await insertGradeRow(db, { attempt_id: id, checks: JSON.stringify(a.checks), score: 0, max_score: 15 });
}

interface SessionFixture {
  userId: string;
  labId: string;
  programId: string;
  /** Seconds after T0 of the last keepalive and of the close (null: still open). */
  keepalive: number;
  closed: number | null;
  reason: 'closed' | 'reaped' | null;
}

async function insertSession(db: Kysely<Database>, s: SessionFixture): Promise<void> {
  await db
    .insertInto('sim_sessions')
    .values({
      id: newId(),
      user_id: s.userId,
      lab_id: s.labId,
      program_id: s.programId,
      backend: 'cpusim',
      instance_id: null,
      free_plan: 0,
      created_at: at(0),
      last_keepalive_at: at(s.keepalive),
      closed_at: s.closed === null ? null : at(s.closed),
      close_reason: s.reason,
    })
    .execute();
}

async function enroll(db: Kysely<Database>, programId: string, userId: string): Promise<void> {
  await db
    .insertInto('enrollments')
    .values({ program_id: programId, user_id: userId, enrolled_by: null, created_at: at(0) })
    .execute();
}

/**
 * The analytics world. Alpha's students on the module: Ann (cohort Year 1) released, late, failed weighting and
 * passed wrap, sessions 600 s (closed) + 300 s (reaped: to its last keepalive); Alpha's student graded on
 * attempt 1 (both checks failed), now in progress on attempt 2, one open session of 120 s; Bob not started.
 */
export async function createAnalyticsWorld(app: FastifyInstance, db: Kysely<Database>) {
  const world = await createContentWorld(db);
  const a = world.a;
  const ids = await publishedProgram(app, a.teacherHeaders, { title: 'Neuro' }, { objectives: OBJECTIVES });
  const ann = await createUser(db, { username: 'ann-a', role: 'Student' });
  await addMembership(db, ann.id, a.clientId, 'Student');
  const bob = await createUser(db, { username: 'bob-b', role: 'Student' });
  await addMembership(db, bob.id, a.clientId, 'Student');
  const cohortId = newId();
  await db
    .insertInto('cohorts')
    .values({ id: cohortId, group_id: a.groupId, name: 'Year 1', created_at: at(0) })
    .execute();
  await db.insertInto('cohort_members').values({ cohort_id: cohortId, user_id: ann.id }).execute();
  for (const user of [ann, bob, a.student, world.b.student]) await enroll(db, ids.programId, user.id);

  const { labId, programId } = ids;
  await insertAttempt(db, {
    labId,
    userId: ann.id,
    clientId: a.clientId,
    number: 1,
    state: 'released',
    late: true,
    checks: [check('weighting', false, T1_MEASURED), check('wrap', true, 'No wrap')],
  });
  await insertAttempt(db, {
    labId,
    userId: a.student.id,
    clientId: a.clientId,
    number: 1,
    state: 'graded',
    checks: [check('weighting', false, T1_MEASURED), check('wrap', false, 'Wrap over 12 % of the anatomy')],
  });
  await insertAttempt(db, {
    labId,
    userId: a.student.id,
    clientId: a.clientId,
    number: 2,
    state: 'inProgress',
  });
  await insertAttempt(db, {
    labId,
    userId: world.b.student.id,
    clientId: world.b.clientId,
    number: 1,
    state: 'graded',
    checks: [check('weighting', true, 'TR 4000 ms, TE 100 ms: T2'), check('wrap', true, 'No wrap')],
  });
  await insertSession(db, {
    userId: ann.id,
    labId,
    programId,
    keepalive: 590,
    closed: 600,
    reason: 'closed',
  });
  await insertSession(db, {
    userId: ann.id,
    labId,
    programId,
    keepalive: 300,
    closed: 1200,
    reason: 'reaped',
  });
  await insertSession(db, {
    userId: a.student.id,
    labId,
    programId,
    keepalive: 120,
    closed: null,
    reason: null,
  });
  await insertSession(db, {
    userId: world.b.student.id,
    labId,
    programId,
    keepalive: 10_000,
    closed: 10_000,
    reason: 'closed',
  });
  return { world, ann, bob, cohortId, ...ids };
}
