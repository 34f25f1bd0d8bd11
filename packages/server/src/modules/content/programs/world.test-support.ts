/**
 * Test data of the learning-content tests: the administration world (two organisations, each with an
 * administrator, a teacher, a student and a group; a platform administrator) plus an individual user on the
 * free plan, and helpers that build content through the API as a teacher would.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../db/schema.ts';
import { addIndividualAccess, addMembership, createUser, type TestUser } from '../../../test/fixtures.ts';
import { rowCounts } from '../../../test/helper.ts';
import { createWorld, headersAs, type World } from '../../users/world.test-support.ts';

export type Headers = { authorization: string };

export interface ContentWorld extends World {
  freeUser: TestUser;
  freeHeaders: Headers;
}

export async function createContentWorld(db: Kysely<Database>): Promise<ContentWorld> {
  const world = await createWorld(db);
  const freeUser = await createUser(db, { username: 'free-user', role: 'Student' });
  const identity = await addIndividualAccess(db, freeUser.id, 'free');
  return { ...world, freeUser, freeHeaders: await headersAs(freeUser, 'Student', identity) };
}

/** Calls the API and answers status and JSON body. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body === '' ? null : (res.json() as Record<string, unknown>) };
}

/**
 * `call` on a test's app for a call that must be refused having written nothing: every table's row count is the
 * same after it. Answers the call's status and body.
 */
export function refusedCall(t: { app: FastifyInstance; db: Kysely<Database> }) {
  return async (method: Parameters<typeof call>[1], url: string, headers: Headers, payload?: unknown) => {
    const before = await rowCounts(t.db);
    const res = await call(t.app, method, url, headers, payload);
    expect(await rowCounts(t.db), `${method} ${url} ${JSON.stringify(payload)}`).toEqual(before);
    return res;
  };
}

/**
 * Organisation A's student, made a Student of organisation B as well, enrols (through A) in A's program
 * `programId`; answers their headers acting in B.
 */
export async function sharedStudentInB(
  app: FastifyInstance,
  db: Kysely<Database>,
  world: World,
  programId: string,
): Promise<Headers> {
  const identityB = await addMembership(db, world.a.student.id, world.b.clientId, 'Student');
  const enrolled = await call(
    app,
    'POST',
    `v1/programs/${programId}/enrollments`,
    world.a.studentHeaders,
    {},
  );
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  return headersAs(world.a.student, 'Student', identityB);
}

/** A program with one course and one module (Brain, SE + GRE: within the free plan), built as `headers`. */
export async function buildProgram(
  app: FastifyInstance,
  headers: Headers,
  program: Record<string, unknown> = {},
  lab: Record<string, unknown> = {},
) {
  const p = await call(app, 'POST', 'v1/programs', headers, { title: 'MRI basics', ...program });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  const programId = p.body?.['id'] as string;
  const c = await call(app, 'POST', `v1/programs/${programId}/courses`, headers, { title: 'Contrast' });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const courseId = c.body?.['id'] as string;
  const l = await call(app, 'POST', `v1/courses/${courseId}/modules`, headers, {
    title: 'T2 spin echo',
    anatomicalModelId: 1,
    sequenceTypes: [5, 2],
    ...lab,
  });
  expect(l.status, JSON.stringify(l.body)).toBe(201);
  return { programId, courseId, labId: l.body?.['id'] as string };
}

/** Builds a program and publishes it. */
export async function publishedProgram(
  app: FastifyInstance,
  headers: Headers,
  program: Record<string, unknown> = {},
  lab: Record<string, unknown> = {},
) {
  const ids = await buildProgram(app, headers, program, lab);
  const res = await call(app, 'POST', `v1/programs/${ids.programId}/publish`, headers, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ids;
}

/**
 * The platform's global free-catalogue program "Free basics" (open enrolment, one module within the free plan)
 * and, in its course, a FLAIR module beyond the free plan; their ids (`paidOnly`: the FLAIR module's).
 */
export async function freeCatalogueWithFlair(app: FastifyInstance, world: ContentWorld) {
  const p = world.platformHeaders;
  const free = await publishedProgram(app, p, {
    title: 'Free basics',
    global: true,
    freeCatalogue: true,
    enrollment: 'open',
  });
  const flair = await call(app, 'POST', `v1/courses/${free.courseId}/modules`, p, {
    title: 'FLAIR of the brain',
    anatomicalModelId: 1,
    sequenceTypes: [11],
  });
  expect(flair.status, JSON.stringify(flair.body)).toBe(201);
  return { ...free, paidOnly: String(flair.body?.['id']) };
}
