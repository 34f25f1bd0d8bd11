import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulateSnapshot } from '@larmor/mri/simulate';
import { testSnapshot } from '@larmor/mri/testing';
import { createModelStore } from '../../anatomy/modelStore.ts';
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { createRedisQueue } from '../../jobs/redisQueue.ts';
import { UsageError } from '../command.ts';
import { runWorker, workerCommand } from './worker.ts';

/** The Redis servers to test against: the one REDIS_URL names, when set. */
const redisUrls = process.env['REDIS_URL'] ? [process.env['REDIS_URL']] : [];
const blobs = createFileBlobStore(path.join(os.tmpdir(), `larmor-worker-${randomUUID()}`));

describe('larmor worker', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('fails with a usage error naming REDIS_URL when it is not set', async () => {
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('DATA_DIR', path.join(os.tmpdir(), 'larmor-worker-data'));
    await expect(workerCommand.run([])).rejects.toThrow(UsageError);
    await expect(workerCommand.run([])).rejects.toThrow(/REDIS_URL/);
  });

  it('fails at once, naming the address, when Redis is unreachable', async () => {
    const stop = new AbortController();
    await expect(
      runWorker({ redisUrl: 'redis://127.0.0.1:1', blobs }, stop.signal, () => undefined),
    ).rejects.toThrow(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  });

  for (const redisUrl of redisUrls) {
    it('runs the scans submitted to its queue (the serial images), then closes its connections when stopped', async () => {
      const prefix = `larmor-test-${randomUUID()}`;
      const stop = new AbortController();
      let ready: () => void = () => undefined;
      const waiting = new Promise<void>((r) => (ready = r));
      const lines: string[] = [];
      const running = runWorker({ redisUrl, blobs, prefix, threads: 1 }, stop.signal, (line) => {
        lines.push(line);
        if (line.includes('waiting for scan jobs')) ready();
      });
      await waiting;
      const queue = await createRedisQueue({ redisUrl, blobs, prefix });
      try {
        const snapshot = testSnapshot({ protocol: { sliceCount: 1 } });
        const job = await queue.submit(snapshot);
        expect(await job.result).toEqual(simulateSnapshot(snapshot, createModelStore().get(2)));
      } finally {
        await queue.close();
        stop.abort();
        await running;
      }
      expect(lines.some((l) => l.includes("queue 'scans'"))).toBe(true);
    });
  }
});
