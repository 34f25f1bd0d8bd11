import path from 'node:path';
import { ERROR_CAUSES, ERROR_CODES, scanSummarySchema } from '@larmor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { hasRedisServer, privateRedis, type PrivateRedis } from '../../jobs/private-redis.test-support.ts';
import { startRedisWorker } from '../../jobs/redisWorker.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { call, errorOf, refused, testDataDir } from '../sessions/world.test-support.ts';
import { scanEnded, smallSequence, untilTrue } from './faults.test-support.ts';

const dataDir = testDataDir();
/** A generous bound on Redis being reachable again after it restarts [ms]. */
const RECONNECT_BOUND_MS = 15_000;

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
    const { h, runUrl } = await smallSequence(t.app, t.db);
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
      expect((await scanEnded(t.db, scan.id)).status).toBe('finished');
      const rows = await t.db.selectFrom('sim_scans').select(['id', 'status']).execute();
      expect(rows).toEqual([{ id: scan.id, status: 'finished' }]);
    } finally {
      await worker.close();
    }
  });
});
