import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateSnapshot } from '@larmor/mri/simulate';
import { testBlochSnapshot, testSnapshot } from '@larmor/mri/testing';
import { createModelStore } from '../anatomy/modelStore.ts';
import { pickKernels } from './parts.ts';
import { createThreadQueue } from './threadQueue.ts';
import { InvalidSnapshotError, ScanCancelledError, type ScanProgress } from './types.ts';
import { CRASH_SEED, HANG_SEED } from './testing/misbehavingThread.ts';

const knee = createModelStore().get(2);

describe('thread queue (piscina, 2 threads)', () => {
  const queue = createThreadQueue({ threads: 2 });
  afterAll(() => queue.close());

  it('gives exactly the serial images of the snapshot, with a progress event per slice', async () => {
    const snapshot = testSnapshot({
      protocol: { sliceCount: 3 },
      simulation: { noiseLevel: 2, susceptibility: true },
    });
    const job = await queue.submit(snapshot);
    const events: ScanProgress[] = [];
    job.onProgress((p) => events.push(p));
    const result = await job.result;
    expect(result).toEqual(simulateSnapshot(snapshot, knee));
    expect(events.map((e) => e.done)).toEqual([1, 2, 3]);
    expect(events.every((e) => e.total === 3)).toBe(true);
  });

  it('neither fails nor repeats a part when a progress listener throws', async () => {
    const snapshot = testSnapshot({ protocol: { sliceCount: 2 } });
    const job = await queue.submit(snapshot, { attempts: 1 });
    const seen: number[] = [];
    job.onProgress(() => {
      throw new Error('a broken listener');
    });
    job.onProgress((p) => seen.push(p.done));
    expect(await job.result).toEqual(simulateSnapshot(snapshot, knee));
    expect(seen).toEqual([1, 2]);
  });

  it('keeps two scans submitted at once apart: each gets its own slices, none missing', async () => {
    const a = testSnapshot({ protocol: { sliceCount: 4, matrixRead: 32, matrixPhase: 32 } });
    const b = testSnapshot({ protocol: { sliceCount: 4, matrixRead: 48, matrixPhase: 48 }, seed: 9 });
    const [ra, rb] = await Promise.all([
      queue.submit(a).then((j) => j.result),
      queue.submit(b).then((j) => j.result),
    ]);
    expect(ra.slices.map((s) => [s.slice, s.rows])).toEqual([0, 1, 2, 3].map((i) => [i, 32]));
    expect(rb.slices.map((s) => [s.slice, s.rows])).toEqual([0, 1, 2, 3].map((i) => [i, 48]));
    expect(rb).toEqual(simulateSnapshot(b, knee));
  });

  it('sums the spin chunks of a Bloch scan run on separate threads into the one-chunk image (1e-5 of the peak)', async () => {
    // The workers' kernels (WebAssembly SIMD where available), so only the split into chunks differs.
    const one = simulateSnapshot(testBlochSnapshot(1), knee, { kernels: pickKernels() }).slices[0];
    const job = await queue.submit(testBlochSnapshot(4));
    const events: ScanProgress[] = [];
    job.onProgress((p) => events.push(p));
    const four = (await job.result).slices[0];
    if (!one || !four) throw new Error('no slice');
    const peak = Math.max(...one.magnitude);
    one.magnitude.forEach((v, i) =>
      expect(Math.abs(v - (four.magnitude[i] ?? NaN))).toBeLessThan(1e-5 * peak),
    );
    expect(events.at(-1)).toEqual({ done: 4, total: 4 });
  });

  it('cancels a running Bloch scan through its stop flag within 1 s, keeping its threads (none terminated)', async () => {
    // 32 parts of a 256 × 256 scan: seconds of work, cancelled once its first part is done, so that parts are
    // running on both threads (a fixed wait raced a quiet machine, which finished a smaller scan first).
    // One isochromat through the slice (2 per pixel along the readout): the default 8 would make the first part
    // alone outlast the test under load.
    const base = testBlochSnapshot(4);
    const large = testBlochSnapshot(4, {
      protocol: { ...base.protocol, matrixRead: 256, matrixPhase: 256, sliceCount: 8 },
      simulation: { ...base.simulation, sliceIsochromats: 1 },
    });
    const job = await queue.submit(large);
    await new Promise<void>((resolve) => job.onProgress(() => resolve()));
    const started = performance.now();
    job.cancel();
    await expect(job.result).rejects.toBeInstanceOf(ScanCancelledError);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(queue.threadsLost()).toBe(0);
    await expect((await queue.submit(testSnapshot())).result).resolves.toBeDefined();
  });

  it('refuses a snapshot that breaks the contract at submit, naming the field, and queues nothing', async () => {
    const bad = { ...testSnapshot(), seed: -1 };
    await expect(queue.submit(bad)).rejects.toThrow(InvalidSnapshotError);
    await expect(queue.submit(bad)).rejects.toThrow(/seed/);
  });

  it('ends a scan whose engine throws in an error naming the part, and stays usable', async () => {
    const job = await queue.submit(testSnapshot({ model: { id: 999 } }), { attempts: 1 });
    await expect(job.result).rejects.toThrow(/slice [01] failed after 1 tries: unknown anatomical model 999/);
    await expect((await queue.submit(testSnapshot())).result).resolves.toBeDefined();
  });
});

describe('thread queue faults', () => {
  let markers: string;
  beforeAll(() => {
    markers = mkdtempSync(path.join(os.tmpdir(), 'larmor-jobs-'));
    process.env['LARMOR_TEST_MARKER_DIR'] = markers;
  });
  afterAll(() => {
    delete process.env['LARMOR_TEST_MARKER_DIR'];
    rmSync(markers, { recursive: true, force: true });
  });
  const filename = new URL('./testing/misbehavingThread.ts', import.meta.url);

  it('replaces a thread that crashes mid-scan and retries its part: the scan still gives its images', async () => {
    const queue = createThreadQueue({ threads: 1, filename });
    try {
      const snapshot = testSnapshot({ seed: CRASH_SEED });
      const job = await queue.submit(snapshot);
      expect(await job.result).toEqual(simulateSnapshot(snapshot, knee));
      // Without retries the crash ends the scan in an error with a message, not a scan that never ends.
      const once = await queue.submit(testSnapshot({ seed: CRASH_SEED, protocol: { sliceCount: 3 } }), {
        attempts: 1,
      });
      await expect(once.result).rejects.toThrow(/slice 2 failed after 1 tries/);
    } finally {
      await queue.close();
    }
  });

  it('lets a part still running when the queue closes end by its stop flag, not by terminating its thread', async () => {
    const queue = createThreadQueue({ threads: 1 });
    // The thread has loaded its modules (a first part ran), so it reads the flag of the next part at once.
    await (
      await queue.submit(testSnapshot())
    ).result;
    // A slice on a 256² matrix: the engine checks the stop flag between blocks of its work.
    const snapshot = testSnapshot({ protocol: { matrixRead: 256, matrixPhase: 256 } });
    const part = queue.recomputePart(
      { snapshot, part: { kind: 'slice', slice: 0 } },
      new AbortController().signal,
    );
    const outcome = part.then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await queue.close();
    // Finished before its stop flag was read, or stopped by it; never 'Terminating worker thread'.
    expect(await outcome).toMatch(/^(finished|.*the simulation was stopped.*)$/);
  });

  it('cancels a hung part within 1 s (it ignores its stop flag, so its thread is terminated and replaced) and runs the next scan', async () => {
    const queue = createThreadQueue({ threads: 1, filename });
    try {
      const job = await queue.submit(testSnapshot({ seed: HANG_SEED }));
      await new Promise((r) => setTimeout(r, 300));
      const started = performance.now();
      job.cancel();
      await expect(job.result).rejects.toBeInstanceOf(ScanCancelledError);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(queue.threadsLost()).toBe(1);
      job.cancel();
      const next = await queue.submit(testSnapshot());
      await expect(next.result).resolves.toBeDefined();
    } finally {
      await queue.close();
    }
  });
});
