import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, withoutSentinels } from '../blobs/s3rver.test-support.ts';
import { simulateSnapshot } from '@larmor/mri/simulate';
import { testBlochSnapshot, testSnapshot } from '@larmor/mri/testing';
import { createModelStore } from '../anatomy/modelStore.ts';
import { pickKernels } from './parts.ts';
import { createFileBlobStore } from '../blobs/fileStore.ts';
import { createS3BlobStore, parseS3Url } from '../blobs/s3Store.ts';
import { PART_OUTPUT_PREFIX, SCAN_QUEUE } from './redis.ts';
import { createRedisQueue } from './redisQueue.ts';
import { startRedisWorker } from './redisWorker.ts';
import { createThreadQueue } from './threadQueue.ts';
import { HANG_ONCE_SEED, HANG_SEED } from './testing/misbehavingThread.ts';
import { ScanCancelledError, type ScanProgress } from './types.ts';

const redisUrl = process.env['REDIS_URL'];
const knee = createModelStore().get(2);
const temp = mkdtempSync(path.join(os.tmpdir(), 'larmor-redis-queue-'));
const blobDir = path.join(temp, 'blobs');
const blobs = createFileBlobStore(blobDir);
const markers = path.join(temp, 'markers');
const threadFile = new URL('./testing/misbehavingThread.ts', import.meta.url);

beforeAll(() => {
  process.env['LARMOR_TEST_MARKER_DIR'] = markers;
  mkdirSync(markers, { recursive: true });
});
afterAll(() => {
  delete process.env['LARMOR_TEST_MARKER_DIR'];
  rmSync(temp, { recursive: true, force: true });
});

/**
 * How soon, at most, a killed worker's part completes on another worker with the default lock [ms]: by design
 * under 10 s (WORKER_LOCK_MS plus WORKER_STALLED_INTERVAL_MS); the bound leaves room for a loaded machine, and
 * BullMQ's default 30 s lock never came in under 15 s.
 */
const TAKEOVER_BOUND_MS = 13_000;

/** A queue prefix of its own per test, so tests never see each other's jobs. */
const newPrefix = (): string => `larmor-test-${randomUUID()}`;

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Removes every key of a test's queue. */
async function dropQueue(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

describe('createRedisQueue', () => {
  it('fails at once, naming the address, when Redis is unreachable', async () => {
    await expect(createRedisQueue({ redisUrl: 'redis://127.0.0.1:1', blobs })).rejects.toThrow(
      /cannot reach Redis at redis:\/\/127\.0\.0\.1:1/,
    );
  });

  it("names the address without its password (the message reaches logs and a scan's error)", async () => {
    const refused = createRedisQueue({ redisUrl: 'redis://larmor:s3cret@127.0.0.1:1', blobs });
    await expect(refused).rejects.toThrow(/cannot reach Redis at redis:\/\/larmor:\*\*\*@127\.0\.0\.1:1/);
    await expect(refused).rejects.not.toThrow(/s3cret/);
  });
});

describe.skipIf(!redisUrl)('Redis queue (BullMQ) with larmor workers', () => {
  const url = redisUrl ?? '';
  const prefixes: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    for (const p of prefixes.splice(0)) await dropQueue(url, p);
  });

  it('runs a fast scan and a Bloch scan in parts on a worker: the serial images, progress, no blobs left', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const worker = await startRedisWorker({ redisUrl: url, blobs, prefix, threads: 2 });
    const assembler = createThreadQueue({ threads: 1 });
    const queue = await createRedisQueue({ redisUrl: url, blobs, prefix, assemble: assembler.assemble });
    try {
      const snapshot = testSnapshot({ protocol: { sliceCount: 3 } });
      const job = await queue.submit(snapshot);
      const events: ScanProgress[] = [];
      job.onProgress((p) => events.push(p));
      expect(await job.result).toEqual(simulateSnapshot(snapshot, knee));
      expect(events.map((e) => e.done)).toEqual([1, 2, 3]);

      // The workers' kernels (WebAssembly SIMD where available), so only the split into chunks differs.
      const one = simulateSnapshot(testBlochSnapshot(1), knee, { kernels: pickKernels() }).slices[0];
      const four = (await (await queue.submit(testBlochSnapshot(4))).result).slices[0];
      if (!one || !four) throw new Error('no slice');
      const peak = Math.max(...one.magnitude);
      one.magnitude.forEach((v, i) =>
        expect(Math.abs(v - (four.magnitude[i] ?? NaN))).toBeLessThan(1e-5 * peak),
      );
      expect(await blobs.list(PART_OUTPUT_PREFIX)).toEqual([]);
    } finally {
      await queue.close();
      await assembler.close();
      await worker.close();
    }
  });

  it('passes part outputs through S3-compatible storage (s3rver), and ends a scan whose store fails in an error', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const s3rver = await startS3rver(path.join(temp, 's3rver'), { keepPrefixes: [PART_OUTPUT_PREFIX] });
    const s3 = createS3BlobStore(parseS3Url(s3rver.url));
    const blocked = path.join(temp, 'blocked');
    writeFileSync(blocked, 'a file where the blob folder should be');
    const broken = createFileBlobStore(blocked);
    const worker = await startRedisWorker({ redisUrl: url, blobs: s3, prefix, threads: 1 });
    const queue = await createRedisQueue({ redisUrl: url, blobs: s3, prefix });
    try {
      const snapshot = testSnapshot({ protocol: { sliceCount: 2 } });
      expect(await (await queue.submit(snapshot)).result).toEqual(simulateSnapshot(snapshot, knee));
      expect(withoutSentinels(await s3.list(PART_OUTPUT_PREFIX))).toEqual([]);
      await worker.close();
      const failing = await startRedisWorker({ redisUrl: url, blobs: broken, prefix, threads: 1 });
      try {
        const job = await queue.submit(testSnapshot({ protocol: { sliceCount: 1 } }));
        await expect(job.result).rejects.toThrow(/slice 0 failed after 2 tries: blob store: cannot write/);
        // The queue is still usable once the store works again.
        await failing.close();
        const healed = await startRedisWorker({ redisUrl: url, blobs: s3, prefix, threads: 1 });
        await expect((await queue.submit(snapshot)).result).resolves.toBeDefined();
        await healed.close();
      } finally {
        await failing.close();
      }
    } finally {
      await queue.close();
      await worker.close();
      await s3.close();
      await s3rver.close();
    }
  });

  it('fails for good a job whose data is not a part of a scan (no retry can mend it)', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const worker = await startRedisWorker({ redisUrl: url, blobs, prefix, threads: 1 });
    const producer = new Queue(SCAN_QUEUE, { connection: { url }, prefix });
    try {
      const job = await producer.add(
        'part',
        { snapshot: { ...testSnapshot(), engine: 'gpu' }, part: { kind: 'slice', slice: 0 } },
        { attempts: 3 },
      );
      await until(async () => (await job.getState()) === 'failed', 10_000);
      const failed = await producer.getJob(job.id ?? '');
      expect(failed?.failedReason).toMatch(/invalid scan snapshot.*engine/s);
      expect(failed?.attemptsMade).toBe(1);
    } finally {
      await producer.close();
      await worker.close();
    }
  });

  it('cancels a running part within 1 s: the worker stops its thread and takes the next scan', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const worker = await startRedisWorker({ redisUrl: url, blobs, prefix, threads: 1, threadFile });
    const queue = await createRedisQueue({ redisUrl: url, blobs, prefix });
    const inspect = new Queue(SCAN_QUEUE, { connection: { url }, prefix });
    try {
      const job = await queue.submit(testSnapshot({ seed: HANG_SEED, protocol: { sliceCount: 1 } }));
      await until(() => existsSync(path.join(markers, 'hanging-0')), 10_000);
      const started = performance.now();
      job.cancel();
      await expect(job.result).rejects.toBeInstanceOf(ScanCancelledError);
      await until(
        async () => (await inspect.getFailed()).some((j) => /cancelled/.test(j.failedReason)),
        1000,
      );
      expect(performance.now() - started).toBeLessThan(1000);
      // One thread only: the next scan runs only if the hung part's thread was stopped.
      const next = await queue.submit(testSnapshot({ protocol: { sliceCount: 1 } }));
      await expect(next.result).resolves.toBeDefined();
    } finally {
      await inspect.close();
      await queue.close();
      await worker.close();
    }
  });

  it('hands a part back when its worker shuts down mid-part: the scan completes on the next worker', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const dir = mkdtempSync(path.join(temp, 'stopping-'));
    process.env['LARMOR_TEST_MARKER_DIR'] = dir;
    const first = await startRedisWorker({ redisUrl: url, blobs, prefix, threads: 1, threadFile });
    const queue = await createRedisQueue({ redisUrl: url, blobs, prefix });
    try {
      const snapshot = testSnapshot({ seed: HANG_ONCE_SEED, protocol: { sliceCount: 1 } });
      const job = await queue.submit(snapshot);
      await until(() => existsSync(path.join(dir, 'hung-0')), 10_000);
      await first.close();
      const second = await startRedisWorker({ redisUrl: url, blobs, prefix, threads: 1, threadFile });
      try {
        expect(await job.result).toEqual(simulateSnapshot(snapshot, knee));
      } finally {
        await second.close();
      }
    } finally {
      process.env['LARMOR_TEST_MARKER_DIR'] = markers;
      await queue.close();
      await first.close();
    }
  });

  /** A worker process (testing/workerProcess.ts) on `prefix`, resolved once it takes jobs. */
  const startWorkerProcess = async (
    prefix: string,
    env: Record<string, string> = {},
  ): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [new URL('./testing/workerProcess.ts', import.meta.url).pathname], {
      env: { ...process.env, REDIS_URL: url, QUEUE_PREFIX: prefix, BLOB_DIR: blobDir, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    return child;
  };

  it("with the default lock, a killed worker's part runs on another worker within seconds (not BullMQ's 30 s lock)", async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const dir = mkdtempSync(path.join(temp, 'default-lock-'));
    const env = { DEFAULT_LOCK: '1', LARMOR_TEST_MARKER_DIR: dir };
    const queue = await createRedisQueue({ redisUrl: url, blobs, prefix });
    try {
      const first = await startWorkerProcess(prefix, env);
      const snapshot = testSnapshot({ seed: HANG_ONCE_SEED, protocol: { sliceCount: 1 } });
      const job = await queue.submit(snapshot);
      await until(() => existsSync(path.join(dir, 'hung-0')), 15_000);
      await startWorkerProcess(prefix, env);
      const killed = performance.now();
      first.kill('SIGKILL');
      const result = await Promise.race([job.result, new Promise((r) => setTimeout(r, TAKEOVER_BOUND_MS))]);
      expect(performance.now() - killed).toBeLessThan(TAKEOVER_BOUND_MS);
      expect(result).toEqual(simulateSnapshot(snapshot, knee));
    } finally {
      await queue.close();
    }
  });

  it('loses nothing when a worker process is killed mid-part: another worker takes the part over', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const startWorker = () => startWorkerProcess(prefix);
    const queue = await createRedisQueue({ redisUrl: url, blobs, prefix });
    try {
      const first = await startWorker();
      const snapshot = testSnapshot({ seed: HANG_ONCE_SEED, protocol: { sliceCount: 1 } });
      const job = await queue.submit(snapshot);
      await until(() => existsSync(path.join(markers, 'hung-0')), 15_000);
      first.kill('SIGKILL');
      await startWorker();
      expect(await job.result).toEqual(simulateSnapshot(snapshot, knee));
    } finally {
      await queue.close();
    }
  });
});
