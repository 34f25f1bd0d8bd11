/**
 * Test help of the attempt and scan-result tests: a finished tiny scan of a student's own session, kept as a scan
 * result, and attempts started and read through the API.
 */
import {
  labAttemptSchema,
  pulseSequenceSchema,
  scanResultSchema,
  type CheckResult,
  type LabAttempt,
  type ScanResult,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, openSession, type Headers, type SimulatorWorld } from '../sessions/world.test-support.ts';

/** Longest a tiny scan may take on a loaded CI machine [ms]. */
const SCAN_TIMEOUT_MS = 60_000;

/**
 * Runs a tiny SE (32 × 32, 1 slice, knee, fast engine, `parameters` over that) in a new session of `h`; answers
 * the session and scan ids.
 */
export async function finishedScan(
  app: FastifyInstance,
  world: SimulatorWorld,
  h: Headers,
  parameters: Record<string, unknown> = {},
) {
  const active = await openSession(app, world, h);
  const sessionId = active.session.id;
  const created = await call(app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
    pulseSequenceSchemeId: 5,
    name: 'Tiny SE',
    collectionId: active.collections[0]?.id,
  });
  const sequence = pulseSequenceSchema.parse(created.body);
  const patched = await call(app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
    parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 1, ...parameters },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const run = await call(app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`, h);
  expect(run.status, JSON.stringify(run.body)).toBe(202);
  const scanId = String(run.body?.['id']);
  const deadline = Date.now() + SCAN_TIMEOUT_MS;
  for (;;) {
    const res = await call(app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h);
    const s = pulseSequenceSchema.parse(res.body);
    if (s.status === 'finished') break;
    if (s.status !== 'running' || Date.now() > deadline) throw new Error(`scan ended ${s.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { sessionId, scanId };
}

/** `h` keeps their finished scan `scanId` as a scan result (201); answers it. */
export async function keepScan(app: FastifyInstance, h: Headers, scanId: string): Promise<ScanResult> {
  const kept = await call(app, 'POST', 'v1/scan-results', h, { scanId });
  expect(kept.status, JSON.stringify(kept.body)).toBe(201);
  return scanResultSchema.parse(kept.body);
}

/** A finished tiny SE of `h` (`parameters` over it) kept as a scan result (201). */
export async function keptScan(app: FastifyInstance, world: SimulatorWorld, h: Headers, parameters = {}) {
  const { scanId } = await finishedScan(app, world, h, parameters);
  return keepScan(app, h, scanId);
}

/** `h` starts a new attempt of module `labId` (201); answers it. */
export async function startAttempt(app: FastifyInstance, labId: string, h: Headers): Promise<LabAttempt> {
  const res = await call(app, 'POST', `v1/modules/${labId}/attempts`, h, {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return labAttemptSchema.parse(res.body);
}

/** Attempt `id` as `h` reads it (200). */
export async function readAttempt(app: FastifyInstance, id: string, h: Headers): Promise<LabAttempt> {
  const res = await call(app, 'GET', `v1/attempts/${id}`, h);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return labAttemptSchema.parse(res.body);
}

/**
 * The automatic feedback of a new attempt of `h` that submits a kept tiny SE (`keptScan`) with `answers`; the
 * submission must be accepted (200).
 */
export async function submittedFeedback(
  app: FastifyInstance,
  world: SimulatorWorld,
  h: Headers,
  answers: Record<string, string> = {},
): Promise<CheckResult[]> {
  const kept = await keptScan(app, world, h);
  const started = await call(app, 'POST', `v1/modules/${world.labId}/attempts`, h, {});
  const attemptId = labAttemptSchema.parse(started.body).id;
  const submitted = await call(app, 'POST', `v1/attempts/${attemptId}/submit`, h, {
    scanResultIds: [kept.id],
    answers,
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return labAttemptSchema.parse(submitted.body).feedback ?? [];
}
