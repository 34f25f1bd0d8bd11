/**
 * `sessions.scaledOut.*` (issue 26 item 6): the scaled-out back end's cost beyond the engine. Measured when
 * REDIS_URL is set (the local Redis; every key under a BullMQ prefix of this run's own, removed at the end by
 * that prefix, nothing else touched): an S3-compatible store (s3rver, as the tests run it), two `larmor worker`s
 * (`startRedisWorker`, one scan thread each) and the coordinator's queue (`createRedisQueue`), all in this
 * process, run the reference 20-slice 256 × 256 SE with the 16-element head array, stored as the server stores a
 * scan (`submitStored`, jobs/stored.ts: each worker writes its slices' image and k-space blobs, the coordinator
 * reads the images back for the series window) and its result record formed (scans/runner.ts `resultRecord`).
 *
 * - `scaledOut.engineCpu.ms`: CPU of the scan's engine work alone: its 20 parts run one after another on this
 *   thread by the function a scan thread runs (jobs/parts.ts `createPartRunner`), models already built;
 * - `scaledOut.cpu.ms`: CPU of this whole process (workers' main threads, their scan threads, the coordinator,
 *   the store) from submitting the scan until its blobs are stored; median of RUNS runs after WARM_RUNS warm-up
 *   runs (each worker's thread builds the model, then keeps the slices' per-geometry work as the engine figure's
 *   thread does: with two workers a slice lands on either, so one warm-up run leaves about half the next run's
 *   slices new to their thread);
 * - `scaledOut.overheadRatio` = (scaledOut.cpu.ms − scaledOut.engineCpu.ms) / scaledOut.engineCpu.ms: the CPU
 *   spent outside engine work (serialising parts, moving them through the store, assembling, storing) per unit
 *   of engine CPU. Redis's own CPU (another process) is not in it;
 * - `scaledOut.se20.ms`: wall time of the same runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createS3BlobStore, parseS3Url } from '@larmor/server/blobs/s3Store';
import { startS3rver } from '@larmor/server/blobs/s3rver.test-support';
import { createPartRunner } from '@larmor/server/jobs/parts';
import { PART_OUTPUT_PREFIX } from '@larmor/server/jobs/redis';
import { createRedisQueue } from '@larmor/server/jobs/redisQueue';
import { startRedisWorker } from '@larmor/server/jobs/redisWorker';
import { resultRecord } from '@larmor/server/modules/scans/runner';
import { headArraySnapshot } from './runSlice.ts';

const RUNS = 3;
const WARM_RUNS = 3;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const cpuMs = (used: NodeJS.CpuUsage): number => (used.user + used.system) / 1000;

/** CPU [ms] of the snapshot's parts run one after another on this thread (after one warm pass). */
function engineCpuMs(): number {
  const run = createPartRunner();
  const snapshot = headArraySnapshot();
  const pass = (): number => {
    const start = process.cpuUsage();
    for (let slice = 0; slice < snapshot.protocol.sliceCount; slice++)
      run({ snapshot, part: { kind: 'slice', slice } });
    return cpuMs(process.cpuUsage(start));
  };
  pass();
  return median([pass(), pass()]);
}

/** Deletes every key under `prefix` (this run's own) from the Redis at `url`. */
async function removePrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The scaled-out figures, or none without REDIS_URL. */
export async function scaledOutFigures(): Promise<Record<string, number>> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return {};
  const engineCpu = engineCpuMs();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-bench-s3-'));
  const prefix = `larmor-bench-${randomUUID().slice(0, 8)}`;
  const s3 = await startS3rver(directory, { keepPrefixes: [PART_OUTPUT_PREFIX] });
  const stores = [0, 1, 2].map(() => createS3BlobStore(parseS3Url(s3.url)));
  const [coordinatorStore, ...workerStores] = stores as [(typeof stores)[0], ...typeof stores];
  const workers = await Promise.all(
    workerStores.map((blobs) => startRedisWorker({ redisUrl, blobs, prefix, threads: 1 })),
  );
  const queue = await createRedisQueue({ redisUrl, blobs: coordinatorStore, prefix });
  try {
    const snapshot = headArraySnapshot();
    const runOnce = async (): Promise<{ wall: number; cpu: number }> => {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      const job = await queue.submitStored(snapshot, randomUUID());
      resultRecord(await job.result, snapshot);
      return { wall: performance.now() - start, cpu: cpuMs(process.cpuUsage(startCpu)) };
    };
    for (let i = 0; i < WARM_RUNS; i++) await runOnce();
    const runs: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce());
    const cpu = median(runs.map((r) => r.cpu));
    return {
      'scaledOut.engineCpu.ms': engineCpu,
      'scaledOut.cpu.ms': cpu,
      'scaledOut.overheadRatio': (cpu - engineCpu) / engineCpu,
      'scaledOut.se20.ms': median(runs.map((r) => r.wall)),
    };
  } finally {
    await queue.close();
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all(stores.map((s) => s.close()));
    await s3.close();
    await removePrefix(redisUrl, prefix);
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
