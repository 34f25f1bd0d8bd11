/**
 * Test data of the simulator tests: the content world (two organisations, a free-plan user), a published
 * program with open enrolment and one module, and helpers to open a session and reach its calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activeSessionSchema, type ActiveSession } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { ServerConfig } from '../../config.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { rowCounts, useTestApp, type TestApp } from '../../test/helper.ts';
import {
  call,
  createContentWorld,
  publishedProgram,
  type ContentWorld,
  type Headers,
} from '../content/programs/world.test-support.ts';

export { call, type Headers };

/** A data folder of its own for a test file (the blob store lives under it). */
export function testDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-sessions-'));
}

/** `useTestApp` on a data folder of its own (testDataDir), where the simulator keeps its blobs and uploads. */
export function useSimulatorApp(kind: DatabaseKind, overrides: Partial<ServerConfig> = {}): TestApp {
  return useTestApp(kind, { dataDir: testDataDir(), ...overrides });
}

export interface SimulatorWorld extends ContentWorld {
  programId: string;
  courseId: string;
  labId: string;
}

/**
 * Organisation A's teacher publishes an open program whose module is `lab` (default: the knee, model 2, SE and
 * GRE on the CPU simulator).
 */
export async function createSimulatorWorld(
  app: FastifyInstance,
  db: Kysely<Database>,
  lab: Record<string, unknown> = {},
): Promise<SimulatorWorld> {
  const world = await createContentWorld(db);
  const ids = await publishedProgram(
    app,
    world.a.teacherHeaders,
    { title: 'Knee MRI', enrollment: 'open' },
    { anatomicalModelId: 2, sequenceTypes: [5, 2, 6], backend: 'cpusim', ...lab },
  );
  return { ...world, ...ids };
}

/** Another published program with one module `lab` in the same world, built as `headers`. */
export async function anotherProgram(
  app: FastifyInstance,
  headers: Headers,
  program: Record<string, unknown> = {},
  lab: Record<string, unknown> = {},
) {
  return publishedProgram(
    app,
    headers,
    { title: 'Another', enrollment: 'open', ...program },
    { anatomicalModelId: 2, sequenceTypes: [5, 2, 6], backend: 'cpusim', ...lab },
  );
}

/** Opens a session for the world's module as `headers`; expects 201. */
export async function openSession(
  app: FastifyInstance,
  world: Pick<SimulatorWorld, 'labId' | 'programId'>,
  headers: Headers,
): Promise<ActiveSession> {
  const res = await call(app, 'POST', 'v1/sessions', headers, {
    labId: world.labId,
    programId: world.programId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return activeSessionSchema.parse(res.body);
}

/** A new simulator world (its module `lab` over createSimulatorWorld's default) and a session of its student. */
export async function studentSession(
  app: FastifyInstance,
  db: Kysely<Database>,
  lab: Record<string, unknown> = {},
): Promise<{ world: SimulatorWorld; h: Headers; active: ActiveSession }> {
  const world = await createSimulatorWorld(app, db, lab);
  const h = world.a.studentHeaders;
  return { world, h, active: await openSession(app, world, h) };
}

/** Calls `url` and expects that it changed no row and no blob (images, k-space, scouts). */
export async function refused(
  app: FastifyInstance,
  db: Kysely<Database>,
  method: 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'GET',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  const blobs = app.simulator.blobs;
  const before = await rowCounts(db);
  const blobsBefore = await blobs.list('');
  const res = await call(app, method, url, headers, payload);
  expect(await rowCounts(db), `${method} ${url} ${JSON.stringify(payload)}`).toEqual(before);
  expect(await blobs.list(''), `blobs after ${method} ${url}`).toEqual(blobsBefore);
  return res;
}

/** The `error` of an error answer. */
export function errorOf(body: unknown): {
  code: number;
  cause: string | null;
  validation?: Record<string, string>;
} {
  return (body as { error: { code: number; cause: string | null; validation?: Record<string, string> } })
    .error;
}
