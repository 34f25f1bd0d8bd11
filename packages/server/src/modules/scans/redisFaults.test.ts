import path from 'node:path';
import { ERROR_CAUSES, ERROR_CODES, pulseSequenceSchema, scanSummarySchema } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { hasRedisServer, privateRedis, type PrivateRedis } from '../../jobs/private-redis.test-support.ts';
import { startRedisWorker } from '../../jobs/redisWorker.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  errorOf,
  openSession,
  refused,
  testDataDir,
  type Headers,
} from '../sessions/world.test-support.ts';

const dataDir = testDataDir();
/** Generous bounds: a one-slice 32² scan, and Redis being reachable again after it restarts [ms]. */
const SCAN_BOUND_MS = 60_000;
const RECONNECT_BOUND_MS = 15_000;

async function untilTrue(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A session of the world's student with one small spin-echo sequence (one 32² slice). */
async function smallSequence(app: FastifyInstance, t: { db: Parameters<typeof createSimulatorWorld>[1] }) {
  const world = await createSimulatorWorld(app, t.db);
  const h: Headers = world.a.studentHeaders;
  const active = await openSession(app, world, h);
  const sessionId = active.session.id;
  const created = await call(app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
    pulseSequenceSchemeId: 5,
    name: 'Tiny SE',
    collectionId: active.collections[0]?.id,
  });
  const sequence = pulseSequenceSchema.parse(created.body);
  await call(app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
    parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 1 },
  });
  return { h, sessionId, sequenceId: sequence.id };
}

describe.skipIf(!hasRedisServer).each(databases)('scans on %s when Redis goes away', (kind) => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await privateRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  const t = useTestApp(kind, () => ({ dataDir, redisUrl: redis.url, scanThreads: 1 }));

  it('refuses a run while Redis is down with 503 and the error body, storing nothing; the same run is accepted and finishes once Redis is back', async () => {
    const { h, sessionId, sequenceId } = await smallSequence(t.app, t);
    const runUrl = `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}/run`;
    await redis.stop();
    try {
      const res = await refused(t.app, t.db, 'POST', runUrl, h);
      expect(res.status).toBe(503);
      expect(errorOf(res.body)).toMatchObject({
        code: ERROR_CODES.DOWNSTREAM_SERVICE_ERROR,
        cause: ERROR_CAUSES.UNAVAILABLE,
      });
      expect(await t.db.selectFrom('sim_scans').selectAll().execute()).toEqual([]);
    } finally {
      await redis.start();
    }
    const worker = await startRedisWorker({
      redisUrl: redis.url,
      blobs: createFileBlobStore(path.join(dataDir, 'blobs')),
      threads: 1,
    });
    try {
      let accepted: Awaited<ReturnType<typeof call>> | undefined;
      await untilTrue(
        async () => {
          accepted = await call(t.app, 'POST', runUrl, h);
          return accepted.status !== 503;
        },
        RECONNECT_BOUND_MS,
        'the run is accepted once Redis is back',
      );
      expect(accepted?.status).toBe(202);
      const scan = scanSummarySchema.parse(accepted?.body);
      await untilTrue(
        async () => {
          const row = await t.db
            .selectFrom('sim_scans')
            .select('status')
            .where('id', '=', scan.id)
            .executeTakeFirst();
          return row?.status !== 'running';
        },
        SCAN_BOUND_MS,
        'the scan ends',
      );
      const rows = await t.db.selectFrom('sim_scans').select(['id', 'status']).execute();
      expect(rows).toEqual([{ id: scan.id, status: 'finished' }]);
    } finally {
      await worker.close();
    }
  });
});
