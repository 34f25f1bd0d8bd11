/**
 * Fair shares between users on both back ends (issue 19.2): user A queues a backlog of three 8-slice scans
 * (24 parts), then user B a one-slice scan; B's scan finishes while most of A's backlog still waits, where a
 * first-come first-served queue would run B's part after all 24. One thread (one worker thread for Redis), so
 * the order is the queue's alone; the assertions are on parts done, never on time. On Redis the worker's thread
 * is gated so that it stops after B's part: its parts keep finishing while B's result travels back otherwise.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSnapshot } from '@larmor/mri/testing';
import { createFileBlobStore } from '../blobs/fileStore.ts';
import { SCAN_QUEUE } from './redis.ts';
import { createRedisQueue } from './redisQueue.ts';
import { startRedisWorker } from './redisWorker.ts';
import { createThreadQueue } from './threadQueue.ts';
import type { ScanJob, ScanQueue } from './types.ts';

const redisUrl = process.env['REDIS_URL'];
const temp = mkdtempSync(path.join(os.tmpdir(), 'larmor-fair-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The gated worker thread's parts wait for this file (testing/misbehavingThread.ts). */
const gate = path.join(temp, 'gate');
const gatedThread = new URL('./testing/misbehavingThread.ts', import.meta.url);
beforeAll(() => {
  process.env['LARMOR_TEST_GATE'] = gate;
});
afterAll(() => {
  delete process.env['LARMOR_TEST_GATE'];
});

const BACKLOG_SCANS = 3;
const BACKLOG_SLICES = 8;
/** Parts of A's that may finish before B's one part: the one running when B came, and A's turn before B's. */
const PARTS_AHEAD_OF_B = 3;

/** A's backlog, submitted scan after scan, with the parts done of each. */
async function submitBacklog(queue: ScanQueue) {
  const jobs: ScanJob[] = [];
  const done: number[] = [];
  for (let i = 0; i < BACKLOG_SCANS; i++) {
    const job = await queue.submit(
      testSnapshot({
        protocol: { sliceCount: BACKLOG_SLICES, matrixRead: 32, matrixPhase: 32 },
        seed: i + 1,
      }),
      { owner: 'user-a' },
    );
    done.push(0);
    job.onProgress((p) => (done[i] = p.done));
    jobs.push(job);
  }
  return { jobs, partsDone: () => done.reduce((a, b) => a + b, 0) };
}

const lightScan = (queue: ScanQueue) =>
  queue.submit(testSnapshot({ protocol: { sliceCount: 1, matrixRead: 32, matrixPhase: 32 }, seed: 99 }), {
    owner: 'user-b',
  });

describe('fair shares between users', () => {
  it("threads: B's one-slice scan finishes while A's backlog of 24 parts is still mostly pending", async () => {
    const queue = createThreadQueue({ threads: 1 });
    try {
      const a = await submitBacklog(queue);
      const b = await lightScan(queue);
      await b.result;
      expect(a.partsDone()).toBeLessThanOrEqual(PARTS_AHEAD_OF_B);
      for (const job of a.jobs) job.cancel();
    } finally {
      await queue.close();
    }
  });

  it.skipIf(!redisUrl)(
    "Redis: B's one-slice scan finishes while A's backlog of 24 parts is still mostly pending",
    async () => {
      const url = redisUrl ?? '';
      const prefix = `larmor-test-${randomUUID()}`;
      const blobs = createFileBlobStore(path.join(temp, 'blobs'));
      const queue = await createRedisQueue({ redisUrl: url, blobs, prefix });
      const observer = new Queue(SCAN_QUEUE, { connection: { url }, prefix });
      let worker: Awaited<ReturnType<typeof startRedisWorker>> | undefined;
      try {
        // Every part waits in Redis before a worker starts, so that what runs first is the queue's choice.
        const a = await submitBacklog(queue);
        const b = await lightScan(queue);
        const parts = BACKLOG_SCANS * BACKLOG_SLICES + 1;
        const deadline = Date.now() + 30_000;
        for (;;) {
          const counts = await observer.getJobCounts('wait', 'prioritized');
          if ((counts['wait'] ?? 0) + (counts['prioritized'] ?? 0) === parts) break;
          if (Date.now() > deadline) throw new Error(`Redis never held the ${parts} parts`);
          await new Promise((r) => setTimeout(r, 50));
        }
        // The worker's thread lets two parts through and then holds: A's first (added first at the same
        // priority) and B's; first come first served would run two of A's, and B's scan would never finish.
        writeFileSync(gate, '2');
        worker = await startRedisWorker({
          redisUrl: url,
          blobs,
          prefix,
          threads: 1,
          threadFile: gatedThread,
        });
        await b.result;
        expect(a.partsDone()).toBeLessThanOrEqual(1);
        writeFileSync(gate, '');
        for (const job of a.jobs) job.cancel();
      } finally {
        writeFileSync(gate, '');
        await worker?.close();
        await queue.close();
        await observer.close();
        const redis = new Redis(url);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
  );
});
