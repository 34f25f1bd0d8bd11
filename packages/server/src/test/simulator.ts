/**
 * The steps simulator API tests share, through the real app: a session of the world's student with one small
 * sequence, a run, polling until the scan settles, a scan's raw pixels, and a scan queue that never finishes.
 * Re-exports the simulator world (modules/sessions/world.test-support.ts) so a test imports one module.
 *
 *   const { h, sessionId, sequence } = await sequenceInSession(t.app, t.db);
 *   expect((await runSequence(t.app, h, sessionId, sequence.id)).status).toBe(202);
 *   expect((await untilSettled(t.app, h, sessionId, sequence.id)).status).toBe('finished');
 */
import { randomUUID } from 'node:crypto';
import {
  pulseSequenceSchema,
  reconstructedImagesSchema,
  type ActiveSession,
  type PulseSequence,
} from '@larmor/contracts';
import type { SnapshotResult } from '@larmor/mri/simulate';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';
import { ScanCancelledError, type ScanJob, type ScanQueue, type StoredScan } from '../jobs/index.ts';
import {
  call,
  openSession,
  studentSession,
  type Headers,
  type SimulatorWorld,
} from '../modules/sessions/world.test-support.ts';

export * from '../modules/sessions/world.test-support.ts';
export { databases, useTestApp } from './helper.ts';

/** Longest a tiny scan may take on a loaded CI machine [ms]. */
export const SCAN_TIMEOUT_MS = 60_000;
/** How often a test asks whether a scan has settled [ms]. */
const POLL_MS = 50;

/** The spin echo (sequence type 5) the scan tests run: 32 × 32, one slice. */
export const SE_SCHEME = 5;
export const TINY_PARAMETERS = { matrixRead: 32, matrixPhase: 32, sliceCount: 1 };

export interface SequenceOptions {
  /** Its sequence type (default SE_SCHEME). */
  scheme?: number;
  /** Its name in the session (default "Tiny SE"). */
  name?: string;
  /**
   * Parameters patched into it after it is added (default TINY_PARAMETERS), the PATCH answering 200; null keeps
   * the scheme's defaults (no PATCH).
   */
  parameters?: Record<string, unknown> | null;
}

/** Adds a sequence (default a spin echo) to the session's first collection (201) and patches `parameters` into it. */
export async function addSequence(
  app: FastifyInstance,
  h: Headers,
  active: ActiveSession,
  { scheme = SE_SCHEME, name = 'Tiny SE', parameters = TINY_PARAMETERS }: SequenceOptions = {},
): Promise<PulseSequence> {
  const sessionId = active.session.id;
  const created = await call(app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
    pulseSequenceSchemeId: scheme,
    name,
    collectionId: active.collections[0]?.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sequence = pulseSequenceSchema.parse(created.body);
  if (parameters === null) return sequence;
  const { id } = sequence;
  const patched = await call(app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${id}`, h, {
    parameters,
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return pulseSequenceSchema.parse(patched.body);
}

/**
 * A new simulator world (its module `lab` over createSimulatorWorld's default), a session of its organisation
 * A student and one spin-echo sequence in it.
 */
export async function sequenceInSession(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: SequenceOptions & { lab?: Record<string, unknown> } = {},
): Promise<{
  world: SimulatorWorld;
  h: Headers;
  active: ActiveSession;
  sessionId: string;
  sequence: PulseSequence;
}> {
  const { world, h, active } = await studentSession(app, db, options.lab);
  const sequence = await addSequence(app, h, active, options);
  return { world, h, active, sessionId: active.session.id, sequence };
}

/** Opens a session of the world's module as `h` and adds `count` spin echoes ("SE 1"…) at once; their ids. */
export async function sessionWithSpinEchoes(
  app: FastifyInstance,
  world: Pick<SimulatorWorld, 'labId' | 'programId'>,
  h: Headers,
  count: number,
): Promise<{ sessionId: string; ids: string[] }> {
  const active = await openSession(app, world, h);
  const sessionId = active.session.id;
  const created = await call(app, 'POST', `v1/sessions/${sessionId}/pulse-sequences-many`, h, {
    pulseSequences: Array.from({ length: count }, (_, i) => ({
      pulseSequenceSchemeId: SE_SCHEME,
      name: `SE ${i + 1}`,
      collectionId: active.collections[0]?.id,
    })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const ids = pulseSequenceSchema
    .array()
    .parse(created.body)
    .map((s) => s.id);
  return { sessionId, ids };
}

/** POST …/pulse-sequences/{id}/run. */
export const runSequence = (app: FastifyInstance, h: Headers, sessionId: string, id: string) =>
  call(app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${id}/run`, h);

/** The sequence once its last scan no longer runs; throws after SCAN_TIMEOUT_MS. */
export async function untilSettled(
  app: FastifyInstance,
  h: Headers,
  sessionId: string,
  id: string,
): Promise<PulseSequence> {
  const deadline = Date.now() + SCAN_TIMEOUT_MS;
  for (;;) {
    const res = await call(app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${id}`, h);
    const sequence = pulseSequenceSchema.parse(res.body);
    if (sequence.status !== 'running') return sequence;
    if (Date.now() > deadline) throw new Error('scan did not settle');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs the sequence to its end: expects 202, then a finished scan; answers the settled sequence. */
export async function runToFinish(
  app: FastifyInstance,
  h: Headers,
  sessionId: string,
  id: string,
): Promise<PulseSequence> {
  const started = await runSequence(app, h, sessionId, id);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const done = await untilSettled(app, h, sessionId, id);
  expect(done.status, done.lastScan?.errorMessage ?? '').toBe('finished');
  return done;
}

/** The raw Float32 pixels of every slice of a finished scan. */
export async function slicePixels(
  app: FastifyInstance,
  h: Headers,
  sessionId: string,
  scanId: string,
): Promise<Float32Array[]> {
  const meta = await call(app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scanId}`, h);
  const series = reconstructedImagesSchema.parse(meta.body);
  return Promise.all(
    series.slices.map(async (slice) => {
      const res = await app.inject({ method: 'GET', url: slice.url, headers: h });
      return new Float32Array(new Uint8Array(res.rawPayload).buffer.slice(0));
    }),
  );
}

/** The mean of every pixel of `slices`. */
export function meanOf(slices: readonly Float32Array[]): number {
  let sum = 0;
  let n = 0;
  for (const slice of slices) {
    for (const v of slice) sum += v;
    n += slice.length;
  }
  return sum / n;
}

/** A scan queue whose scans never finish: each stays queued until it is cancelled. */
export function heldQueue(): ScanQueue {
  const held = <R>(): ScanJob<R> => {
    const id = randomUUID();
    let stop: (error: Error) => void = () => undefined;
    const result = new Promise<R>((_, reject) => (stop = reject));
    result.catch(() => undefined);
    return {
      id,
      result,
      onProgress: () => () => undefined,
      cancel: () => stop(new ScanCancelledError(id)),
    };
  };
  return {
    backend: 'threads',
    concurrency: 1,
    recomputePart: () => Promise.reject(new Error('not used here')),
    submit: async () => held<SnapshotResult>(),
    submitStored: async () => held<StoredScan>(),
    close: () => Promise.resolve(),
  };
}
