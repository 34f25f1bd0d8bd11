/**
 * Test data of the marking tests (issue 21): Alpha's own published program and a published global program
 * assigned to Alpha and Beta, each with one module; attempts inserted as the submit call leaves them (a state,
 * a submission time, a grade prefilled from the automatic checks), so the tests read the queue and grade
 * without running the simulator.
 */
import type { CheckResult } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../db/ids.ts';
import {
  buildProgram,
  call,
  createContentWorld,
  publishedProgram,
  type ContentWorld,
} from '../content/programs/world.test-support.ts';
import { insertAttemptRow, insertGradeRow } from '../../test/attempts.ts';

/** The module's objectives: weighting worth 2 points (partial credit possible), no wrap worth 1. */
export const MARKING_OBJECTIVES = [
  { id: 'weighting', kind: 'weighting', weighting: 'T2', points: 2, title: 'T2 weighting' },
  { id: 'wrap', kind: 'noWrap', points: 1, title: 'No wrap' },
] as const;

/** The automatic score of the weighting check in the fixtures: partial credit, between rubric steps. */
export const PARTIAL_POINTS = 1.37;

const T0_MS = Date.parse('2026-01-10T10:00:00.000Z');
/** A fixture time `minutes` after the fixtures' start. */
export const at = (minutes: number): string => new Date(T0_MS + minutes * 60_000).toISOString();

function check(objectiveId: string, points: number, maxPoints: number): CheckResult {
  return {
    objectiveId,
    kind: objectiveId === 'wrap' ? 'noWrap' : 'weighting',
    passed: points === maxPoints,
    measured: null,
    target: 'target',
    value: null,
    points,
    maxPoints,
    hint: 'hint',
    mustPass: false,
    scanResultId: null,
    change: [],
    learnMore: null,
  };
}

export interface AttemptFixture {
  labId: string;
  userId: string;
  clientId: string | null;
  state: string;
  /** Minutes after the fixtures' start the attempt was submitted. */
  submittedMinute: number;
  number?: number;
  late?: boolean;
}

/** Inserts an attempt and its automatic grade (weighting 1.37 of 2, wrap 1 of 1); answers its id. */
export async function insertMarkedAttempt(db: Kysely<Database>, a: AttemptFixture): Promise<string> {
  const id = newId();
  await insertAttemptRow(db, {
    id,
    lab_id: a.labId,
    user_id: a.userId,
    client_id: a.clientId,
    number: a.number ?? 1,
    state: a.state,
    late: a.late === true ? 1 : 0,
    started_at: at(0),
    submitted_at: at(a.submittedMinute),
    released_at: a.state === 'released' ? at(a.submittedMinute + 60) : null,
    updated_at: at(a.submittedMinute),
  });
  const checks = [check('weighting', PARTIAL_POINTS, 2), check('wrap', 1, 1)];
  await insertGradeRow(db, {
    attempt_id: id,
    checks: JSON.stringify(checks),
    criteria: JSON.stringify(
      checks.map((c) => ({ id: c.objectiveId, points: c.points, maxPoints: c.maxPoints })),
    ),
    score: PARTIAL_POINTS + 1,
    max_score: 3,
  });
  return id;
}

export interface MarkingWorld {
  world: ContentWorld;
  /** Alpha's own program: its course and module. */
  alpha: { programId: string; courseId: string; labId: string };
  /** The global program assigned to Alpha and Beta: its course and module. */
  global: { programId: string; courseId: string; labId: string };
  /** Beta's own program (draft): a course Beta's teachers may copy into. */
  beta: { programId: string; courseId: string; labId: string };
}

export async function createMarkingWorld(app: FastifyInstance, db: Kysely<Database>): Promise<MarkingWorld> {
  const world = await createContentWorld(db);
  const lab = { objectives: MARKING_OBJECTIVES };
  const alpha = await publishedProgram(app, world.a.teacherHeaders, { title: 'Alpha neuro' }, lab);
  const global = await publishedProgram(
    app,
    world.platformHeaders,
    { title: 'Global fundamentals', global: true, assignedClientIds: [world.a.clientId, world.b.clientId] },
    { ...lab, title: 'Global knee' },
  );
  const beta = await buildProgram(app, world.b.teacherHeaders, { title: 'Beta own' });
  const res = await call(app, 'GET', `v1/programs/${global.programId}`, world.a.teacherHeaders);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { world, alpha, global, beta };
}
