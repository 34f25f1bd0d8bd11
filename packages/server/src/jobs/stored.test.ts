import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { seriesWindow } from '@larmor/mri/recon';
import { simulateSnapshot, type SnapshotResult } from '@larmor/mri/simulate';
import { testSnapshot } from '@larmor/mri/testing';
import { createModelStore } from '../anatomy/modelStore.ts';
import { createFileBlobStore } from '../blobs/fileStore.ts';
import { createS3BlobStore, parseS3Url } from '../blobs/s3Store.ts';
import { startS3rver, withoutSentinels } from '../blobs/s3rver.test-support.ts';
import type { BlobStore } from '../blobs/types.ts';
import { PART_OUTPUT_PREFIX } from './redis.ts';
import { createRedisQueue } from './redisQueue.ts';
import { startRedisWorker } from './redisWorker.ts';
import {
  imageKey,
  kspaceKey,
  putSlice,
  scanBlobPrefix,
  sliceBytes,
  storedScanOf,
  type StoredScan,
} from './stored.ts';
import { createThreadQueue } from './threadQueue.ts';
import { ScanCancelledError, type ScanProgress } from './types.ts';

const redisUrl = process.env['REDIS_URL'];
const knee = createModelStore().get(2);
const temp = mkdtempSync(path.join(os.tmpdir(), 'larmor-stored-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const snapshot = testSnapshot({ protocol: { sliceCount: 3 } });
const serial = simulateSnapshot(snapshot, knee);

const f32 = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.slice().buffer);

/** Every stored blob of the scan against the serial run's slices, byte for byte. */
async function expectStoredAs(blobs: BlobStore, scanId: string, result: SnapshotResult): Promise<void> {
  for (const slice of result.slices) {
    expect(f32(await blobs.get(imageKey(scanId, slice.slice)))).toEqual(slice.magnitude);
    const kspace = f32(await blobs.get(kspaceKey(scanId, slice.slice)));
    expect(kspace.filter((_, i) => i % 2 === 0)).toEqual(slice.kspaceRe);
    expect(kspace.filter((_, i) => i % 2 === 1)).toEqual(slice.kspaceIm);
  }
}

/** What the serial run's scan is as a stored scan. */
const serialStored = (result: SnapshotResult): StoredScan => {
  const w = seriesWindow(result.slices.map((s) => s.magnitude));
  return {
    geometry: result.geometry,
    window: { center: w.center, width: w.width },
    slices: result.slices.map((s) => ({
      slice: s.slice,
      rows: s.rows,
      columns: s.columns,
      kspaceSamples: s.kspaceRe.length,
      receiveChannels: s.receiveChannels,
    })),
  };
};

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a scan stored where its slices are computed (issue 26 item 6)', () => {
  it('on threads: the serial images and k-spaces in the scan’s blobs, the series window, read back alike', async () => {
    const blobs = createFileBlobStore(path.join(temp, 'threads'));
    const queue = createThreadQueue({ threads: 2, blobs });
    try {
      const scanId = randomUUID();
      const job = await queue.submitStored(snapshot, scanId);
      const events: ScanProgress[] = [];
      job.onProgress((p) => events.push(p));
      const stored = await job.result;
      expect(stored).toEqual(serialStored(serial));
      expect(events.map((e) => e.done)).toEqual([1, 2, 3]);
      await expectStoredAs(blobs, scanId, serial);
      // The window a coordinator computes from the stored images is the one computed from the arrays.
      expect(await storedScanOf(blobs, scanId, snapshot, stored.slices)).toEqual(stored);
    } finally {
      await queue.close();
    }
  });

  it('refuses a Bloch snapshot and a queue without a store', async () => {
    const blobs = createFileBlobStore(path.join(temp, 'refused'));
    const queue = createThreadQueue({ threads: 1, blobs });
    const storeless = createThreadQueue({ threads: 1 });
    try {
      await expect(queue.submitStored({ ...snapshot, engine: 'censol' }, randomUUID())).rejects.toThrow(
        /needs the cpusim engine/,
      );
      await expect(storeless.submitStored(snapshot, randomUUID())).rejects.toThrow(/no blob store/);
    } finally {
      await queue.close();
      await storeless.close();
    }
  });

  it('a slice whose k-space cannot be written leaves no image behind', async () => {
    const files = createFileBlobStore(path.join(temp, 'half'));
    const failing: BlobStore = {
      ...files,
      put: (key, data) =>
        key.includes('kspace') ? Promise.reject(new Error('disk full')) : files.put(key, data),
    };
    const first = serial.slices[0];
    if (!first) throw new Error('no slice');
    const bytes = sliceBytes(first);
    await expect(putSlice(failing, 'half', bytes)).rejects.toThrow(/disk full/);
    expect(await files.list(scanBlobPrefix('half'))).toEqual([]);
  });
});

describe.skipIf(!redisUrl)('a stored scan scaled out: two workers, Redis, S3', () => {
  it('the workers write the final blobs: the single-process result, no part outputs; a cancel leaves none', async () => {
    const url = redisUrl ?? '';
    const prefix = `larmor-test-${randomUUID()}`;
    const s3rver = await startS3rver(path.join(temp, 's3rver'), { keepPrefixes: [PART_OUTPUT_PREFIX] });
    const stores = [0, 1, 2].map(() => createS3BlobStore(parseS3Url(s3rver.url)));
    const [coordinator, ...workerStores] = stores as [BlobStore, BlobStore, BlobStore];
    const workers = await Promise.all(
      workerStores.map((blobs) => startRedisWorker({ redisUrl: url, blobs, prefix, threads: 1 })),
    );
    const queue = await createRedisQueue({ redisUrl: url, blobs: coordinator, prefix });
    try {
      const scanId = randomUUID();
      const job = await queue.submitStored(snapshot, scanId);
      const events: ScanProgress[] = [];
      job.onProgress((p) => events.push(p));
      expect(await job.result).toEqual(serialStored(serial));
      expect(events.map((e) => e.done)).toEqual([1, 2, 3]);
      await expectStoredAs(coordinator, scanId, serial);
      expect(withoutSentinels(await coordinator.list(PART_OUTPUT_PREFIX))).toEqual([]);
      expect(await coordinator.list(scanBlobPrefix(scanId))).toHaveLength(6);

      // Cancelled once its first slice is in: the stored slices go, and so do those that finish later.
      const cancelledId = randomUUID();
      const long = testSnapshot({ protocol: { sliceCount: 6 } });
      const cancelled = await queue.submitStored(long, cancelledId);
      cancelled.onProgress(() => cancelled.cancel());
      await expect(cancelled.result).rejects.toBeInstanceOf(ScanCancelledError);
      await until(async () => (await coordinator.list(scanBlobPrefix(cancelledId))).length === 0, 10_000);
    } finally {
      await queue.close();
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(stores.map((s) => s.close()));
      await s3rver.close();
      const redis = new Redis(url);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
