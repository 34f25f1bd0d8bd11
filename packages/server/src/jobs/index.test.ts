import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileBlobStore } from '../blobs/fileStore.ts';
import { loadConfig } from '../config.ts';
import { createScanQueue } from './index.ts';
import { serverThreadCount } from './threadQueue.ts';

const redisUrl = process.env['REDIS_URL'];
const blobs = createFileBlobStore(path.join(os.tmpdir(), 'larmor-jobs-index'));
const dataDir = path.join(os.tmpdir(), 'larmor-jobs-config');

describe('the scan queue of the configuration', () => {
  it('is worker threads without REDIS_URL: SCAN_THREADS of them, else one per core but one', async () => {
    const two = await createScanQueue(loadConfig({ DATA_DIR: dataDir, SCAN_THREADS: '2' }), blobs);
    const auto = await createScanQueue(loadConfig({ DATA_DIR: dataDir }), blobs);
    expect([two.backend, two.concurrency]).toEqual(['threads', 2]);
    expect(auto.concurrency).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(serverThreadCount()).toBe(auto.concurrency);
    await Promise.all([two.close(), auto.close()]);
  });

  it('refuses a SCAN_THREADS that is not a whole number, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SCAN_THREADS: 'many' })).toThrow(/SCAN_THREADS/);
  });

  it.skipIf(!redisUrl)('is BullMQ when REDIS_URL is set', async () => {
    const queue = await createScanQueue(loadConfig({ DATA_DIR: dataDir, REDIS_URL: redisUrl }), blobs);
    expect(queue.backend).toBe('redis');
    await queue.close();
  });
});
