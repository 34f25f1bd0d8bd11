import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateSnapshot, type ScanSnapshot } from '@larmor/mri/simulate';
import { testSnapshot } from '@larmor/mri/testing';
import { createModelStore } from '../anatomy/modelStore.ts';
import { createFileBlobStore } from '../blobs/fileStore.ts';
import { freePort } from '../test/ports.ts';
import { hasRedisServer, startRedis, stopRedis } from './private-redis.test-support.ts';
import { createRedisQueue } from './redisQueue.ts';
import { startRedisWorker } from './redisWorker.ts';
import { HANG_ONCE_SEED } from './testing/misbehavingThread.ts';
import { QueueUnavailableError, type ScanJob, type ScanQueue } from './types.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'larmor-redis-outage-'));
const markers = path.join(temp, 'markers');
const threadFile = new URL('./testing/misbehavingThread.ts', import.meta.url);
beforeAll(() => {
  mkdirSync(markers, { recursive: true });
  process.env['LARMOR_TEST_MARKER_DIR'] = markers;
});
afterAll(() => {
  delete process.env['LARMOR_TEST_MARKER_DIR'];
  rmSync(temp, { recursive: true, force: true });
});

/** How long the outage of the worker test lasts [ms]. */
const OUTAGE_MS = 1_500;
/** A generous bound on a one-slice scan once Redis is back [ms]. */
const SCAN_BOUND_MS = 30_000;
/** A generous bound on closing a worker (its close gives BullMQ 5 s to let go) [ms]. */
const CLOSE_BOUND_MS = 15_000;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Submits `snapshot` as soon as the queue takes it again (Redis back), within 15 s. */
async function submitWhenBack(queue: ScanQueue, snapshot: ScanSnapshot): Promise<ScanJob> {
  const end = Date.now() + 15_000;
  for (;;) {
    try {
      return await queue.submit(snapshot);
    } catch (error) {
      if (!(error instanceof QueueUnavailableError) || Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** `work`, or a rejection when it has not settled within `ms`. */
async function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!hasRedisServer)('Redis queue when Redis goes away and comes back', () => {
  it('refuses submits at once with a clear error while Redis is down, and runs scans again when it returns', async () => {
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const blobs = createFileBlobStore(path.join(temp, 'blobs'));
    const worker = await startRedisWorker({ redisUrl, blobs, prefix: 'outage', threads: 1 });
    const queue = await createRedisQueue({ redisUrl, blobs, prefix: 'outage' });
    try {
      const snapshot = testSnapshot({ protocol: { sliceCount: 1 } });
      await expect((await queue.submit(snapshot)).result).resolves.toBeDefined();

      await stopRedis(redis);
      const started = performance.now();
      const refused = queue.submit(snapshot);
      await expect(refused).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(refused).rejects.toThrow(`Redis at ${redisUrl} is unreachable`);
      expect(performance.now() - started).toBeLessThan(200);

      redis = await startRedis(port);
      const job = await submitWhenBack(queue, snapshot);
      await expect(job.result).resolves.toBeDefined();
    } finally {
      await queue.close();
      await worker.close();
      await stopRedis(redis);
    }
  });

  it('keeps a worker alive through a Redis outage: it logs the lost connection once, takes new scans when Redis returns, and closes', async () => {
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const blobs = createFileBlobStore(path.join(temp, 'blobs-restart'));
    const lines: string[] = [];
    const worker = await startRedisWorker({
      redisUrl,
      blobs,
      prefix: 'restart',
      threads: 1,
      log: (line) => lines.push(line),
    });
    const queue = await createRedisQueue({ redisUrl, blobs, prefix: 'restart', checkIntervalMs: 300 });
    try {
      const snapshot = testSnapshot({ protocol: { sliceCount: 1 } });
      const long = testSnapshot({ protocol: { sliceCount: 16, matrixRead: 128, matrixPhase: 128 } });
      const running = await queue.submit(long);
      let partsDone = 0;
      running.onProgress(({ done }) => (partsDone = done));
      await until(() => partsDone > 0, 15_000);
      await stopRedis(redis);
      // Long enough for a worker that retries a failing call at once to spin thousands of times.
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      redis = await startRedis(port);
      const job = await submitWhenBack(queue, snapshot);
      expect(await withinMs(running.result, SCAN_BOUND_MS)).toEqual(
        simulateSnapshot(long, createModelStore().get(2)),
      );
      expect(await withinMs(job.result, SCAN_BOUND_MS)).toEqual(
        simulateSnapshot(snapshot, createModelStore().get(2)),
      );
      expect(lines.filter((l) => l.includes('lost its Redis connection'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('Redis connection is back'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes("Stream isn't writeable"))).toEqual([]);
    } finally {
      await queue.close();
      const closing = performance.now();
      await worker.close();
      expect(performance.now() - closing).toBeLessThan(CLOSE_BOUND_MS);
      await stopRedis(redis);
    }
  });

  it('closes a worker within seconds while Redis is still down (SIGTERM stops it)', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const worker = await startRedisWorker({
      redisUrl: `redis://127.0.0.1:${port}`,
      blobs: createFileBlobStore(path.join(temp, 'blobs-down')),
      prefix: 'down',
      threads: 1,
    });
    await stopRedis(redis);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const closing = performance.now();
    await withinMs(worker.close(), CLOSE_BOUND_MS);
    expect(performance.now() - closing).toBeLessThan(CLOSE_BOUND_MS);
  });

  it('closes a queue within seconds while Redis is still down (an API process stops)', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const blobs = createFileBlobStore(path.join(temp, 'blobs-queue-down'));
    const queue = await createRedisQueue({
      redisUrl: `redis://127.0.0.1:${port}`,
      blobs,
      prefix: 'queue-down',
    });
    await stopRedis(redis);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await withinMs(queue.close(), CLOSE_BOUND_MS);
  });

  it('runs again a part that a Redis restarted empty has lost: the scan ends with its images, not stuck running', async () => {
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const blobs = createFileBlobStore(path.join(temp, 'blobs-lost'));
    // Two threads: the first part hangs (and keeps its thread) until the worker closes; the retry takes the other.
    const worker = await startRedisWorker({ redisUrl, blobs, prefix: 'lost', threads: 2, threadFile });
    const queue = await createRedisQueue({ redisUrl, blobs, prefix: 'lost', checkIntervalMs: 300 });
    try {
      const snapshot = testSnapshot({ seed: HANG_ONCE_SEED, protocol: { sliceCount: 1 } });
      const job = await queue.submit(snapshot);
      await until(() => existsSync(path.join(markers, 'hung-0')), 15_000);
      await stopRedis(redis);
      redis = await startRedis(port);
      const result = await job.result;
      expect(result).toEqual(simulateSnapshot(snapshot, createModelStore().get(2)));
    } finally {
      await queue.close();
      await worker.close();
      await stopRedis(redis);
    }
  });
});
