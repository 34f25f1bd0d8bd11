import crypto from 'node:crypto';
import path from 'node:path';
import { ERROR_CAUSES, ERROR_CODES, scanSummarySchema } from '@larmor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { hasRedisServer, privateRedis, type PrivateRedis } from '../../jobs/private-redis.test-support.ts';
import { startRedisWorker } from '../../jobs/redisWorker.ts';
import { openSessionEvents } from '../../test/event-stream.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { call, errorOf, refused, testDataDir } from '../sessions/world.test-support.ts';
import { scanEnded, smallSequence, untilTrue } from './faults.test-support.ts';
import { leaseUntil } from './leases.ts';
import { nextSeriesNumber } from './repository.ts';

const dataDir = testDataDir();
/** A generous bound on Redis being reachable again after it restarts [ms]. */
const RECONNECT_BOUND_MS = 15_000;
/** A lease that outlives the test [ms]. */
const LIVE_LEASE_MS = 600_000;

describe.skipIf(!hasRedisServer).each(databases)('scans on %s when Redis goes away', (kind) => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await privateRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  const t = useTestApp(kind, () => ({ dataDir, redisUrl: redis.url, scanThreads: 1 }));

  /** Stores a running scan of `sequenceId` that another API process coordinates (a live lease: nobody takes it over). */
  async function runningElsewhere(sessionId: string, sequenceId: string): Promise<string> {
    const scanId = crypto.randomUUID();
    await t.db
      .insertInto('sim_scans')
      .values({
        id: scanId,
        session_id: sessionId,
        pulse_sequence_id: sequenceId,
        snapshot: '{}',
        seed: 1,
        status: 'running',
        progress: 40,
        error_message: null,
        result: null,
        created_at: new Date().toISOString(),
        finished_at: null,
        lease_until: leaseUntil(LIVE_LEASE_MS),
        series_number: await nextSeriesNumber(t.db, sessionId),
      })
      .execute();
    return scanId;
  }

  it('cancels a scan while Redis is down: 200 with the scan cancelled, as stored, though its coordinator cannot be told', async () => {
    const { h, sessionId, sequenceId } = await smallSequence(t.app, t.db);
    const scanId = await runningElsewhere(sessionId, sequenceId);
    await redis.stop();
    try {
      const res = await call(
        t.app,
        'POST',
        `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}/cancel`,
        h,
      );
      expect(res.status).toBe(200);
      expect(scanSummarySchema.parse(res.body)).toMatchObject({ id: scanId, status: 'cancelled' });
      const row = await t.db
        .selectFrom('sim_scans')
        .select('status')
        .where('id', '=', scanId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('cancelled');
    } finally {
      await redis.start();
    }
  });

  it('closes a session while Redis is down: 200 with the session closed, and its open stream ends with the closed frame once Redis is back', async () => {
    const { h, sessionId, sequenceId } = await smallSequence(t.app, t.db);
    const scanId = await runningElsewhere(sessionId, sequenceId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const events = await openSessionEvents(address, sessionId, h);
    await redis.stop();
    let redisBack = false;
    try {
      const res = await call(t.app, 'PUT', `v1/sessions/${sessionId}/close`, h);
      expect(res.status).toBe(200);
      const session = await t.db
        .selectFrom('sim_sessions')
        .select('closed_at')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(session.closed_at).not.toBeNull();
      const scan = await t.db
        .selectFrom('sim_scans')
        .select('status')
        .where('id', '=', scanId)
        .executeTakeFirstOrThrow();
      expect(scan.status).toBe('cancelled');
      await redis.start();
      redisBack = true;
      await untilTrue(async () => events.ended(), RECONNECT_BOUND_MS, 'the stream ends');
    } finally {
      if (!redisBack) await redis.start();
      await events.close();
    }
    expect(events.text()).toContain('event: closed');
    expect(events.text()).toContain(
      `"scanId":"${scanId}","pulseSequenceId":"${sequenceId}","seriesNumber":1,"status":"cancelled"`,
    );
  });

  it('brings an event stream open through a Redis outage up to date: a scan that ended while Redis was away shows as ended once Redis is back', async () => {
    const { h, sessionId, sequenceId } = await smallSequence(t.app, t.db);
    const runtime = t.app.simulator;
    const scanId = await runningElsewhere(sessionId, sequenceId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const events = await openSessionEvents(address, sessionId, h);
    const ended = `"scanId":"${scanId}","pulseSequenceId":"${sequenceId}","seriesNumber":1,"status":"finished"`;
    try {
      await redis.stop();
      // Its coordinator ends it while Redis is away: the end is stored, its event cannot be published.
      await t.db
        .updateTable('sim_scans')
        .set({ status: 'finished', progress: 100, finished_at: new Date().toISOString() })
        .where('id', '=', scanId)
        .execute();
      await expect(
        runtime.events.publish(sessionId, {
          scanId,
          pulseSequenceId: sequenceId,
          seriesNumber: 1,
          status: 'finished',
          progress: 100,
          errorMessage: null,
        }),
      ).rejects.toThrow();
      expect(events.text()).not.toContain(ended);
      await redis.start();
      await untilTrue(
        async () => events.text().includes(ended),
        RECONNECT_BOUND_MS,
        'the stream shows the end',
      );
    } finally {
      await events.close();
    }
  });

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
