/**
 * Running a scan (DESIGN.md §7): the run call stores the scan (status `running`, its immutable snapshot) and
 * answers 202; this file then submits the snapshot to the scan queue, writes progress and publishes it as
 * events, stores each slice's image and k-space in the blob store, and ends the scan `finished`, `cancelled` or
 * `error` with a message: a queue that cannot take it, a failed part, a failing blob store. Every end is written
 * only while the scan is still `running`, so a cancel (which writes `cancelled` at once) always wins.
 */
import {
  acquisitionFrame,
  firstPixelCenter,
  type ScanSnapshot,
  type SnapshotResult,
} from '@larmor/mri/simulate';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../blobs/types.ts';
import type { Db } from '../../db/database.ts';
import { ScanCancelledError, type ScanJob, type StoredScan } from '../../jobs/index.ts';
import { storeScanHere } from '../../jobs/stored.ts';
import { isoNow } from '../../db/ids.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { releaseLease, runningScans, sessionOwner, updateRunningScan, type ScanRow } from './repository.ts';
import { publishScanEvent } from './scan-events.ts';
import {
  diffusionScanCount,
  hasDiffusionSeries,
  scanDiffusionSeries,
  storeDiffusionSeries,
  type DiffusionSeriesRecord,
} from './diffusion.ts';

/** What a finished scan stores in `sim_scans.result` (its pixels are blobs). */
export interface ScanResultRecord {
  rows: number;
  columns: number;
  kspaceRows: number;
  kspaceColumns: number;
  /** Receive channels that formed the images (absent in records written before it was kept: 1). */
  receiveChannels?: number;
  /** Distance between rows and between columns [m]; slice thickness [m]. */
  pixelSpacing: [number, number];
  sliceThickness: number;
  window: { center: number; width: number };
  slices: {
    position: [number, number, number];
    orientation: [number, number, number, number, number, number];
  }[];
  /** A DWI scan's further series (diffusion.ts): each b-value's trace and the ADC map; absent otherwise. */
  diffusion?: DiffusionSeriesRecord[];
}

/** Blob keys of a scan's slice images and k-spaces (little-endian Float32; k-space as real, imaginary pairs). */
export { imageKey, kspaceKey } from '../../jobs/stored.ts';

/** The result record of a stored scan: sizes from its slices, geometry from the snapshot, its window. */
export function resultRecord(stored: StoredScan, snapshot: ScanSnapshot): ScanResultRecord {
  const first = stored.slices[0];
  const plane = stored.geometry.slices[0];
  if (!first || !plane) throw new Error('the scan gave no slices');
  // k-space is stored [phase][read], read fastest (simulate/snapshot.ts SliceOutput).
  const kspaceColumns = acquisitionFrame(snapshot.protocol, plane).readCount;
  return {
    rows: first.rows,
    columns: first.columns,
    kspaceColumns,
    kspaceRows: Math.round(first.kspaceSamples / kspaceColumns),
    receiveChannels: first.receiveChannels,
    pixelSpacing: [plane.rowSpacing, plane.columnSpacing],
    sliceThickness: plane.sliceThickness,
    window: stored.window,
    slices: stored.geometry.slices.map((p) => ({
      position: [...firstPixelCenter(p)] as [number, number, number],
      orientation: [
        ...p.rowDirection,
        ...p.columnDirection,
      ] as ScanResultRecord['slices'][number]['orientation'],
    })),
  };
}

/**
 * Stores every slice's image and k-space of a scan assembled in this process in `blobs`; answers the result
 * record (a DWI scan, whose series need every b-value's images here).
 */
export async function storeResult(
  blobs: BlobStore,
  scanId: string,
  result: SnapshotResult,
  snapshot: ScanSnapshot,
): Promise<ScanResultRecord> {
  return resultRecord(await storeScanHere(blobs, scanId, result), snapshot);
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Coordinates `scan` to its end (never leaves it `running`): submit, progress, store, finish. Resolves when the
 * scan has ended; errors are written to the scan, not thrown.
 */
export async function coordinateScan(
  db: Db,
  runtime: SimulatorRuntime,
  log: FastifyBaseLogger,
  scan: ScanRow,
  snapshot: ScanSnapshot,
): Promise<void> {
  // Progress writes and their events go one after another, and the end after them, so the stream never shows
  // a smaller figure after a larger one nor a progress after the end.
  let progressWritten: Promise<unknown> = Promise.resolve();
  const end = async (
    status: 'finished' | 'cancelled' | 'error',
    errorMessage: string | null,
    result?: ScanResultRecord,
  ) => {
    await progressWritten;
    const ended = await updateRunningScan(db, scan.id, {
      status,
      ...(status === 'finished' ? { progress: 100 } : {}),
      error_message: errorMessage,
      result: result ? JSON.stringify(result) : null,
      finished_at: isoNow(),
    });
    if (!ended) return;
    // The end is stored: an event that cannot be published now (Redis away) fails nothing, and the streams
    // catch up with the stored state when Redis is back (jobs/events.ts).
    await publishScanEvent(
      runtime.events,
      scan,
      status,
      status === 'finished' ? 100 : scan.progress,
      errorMessage,
    ).catch((error: unknown) =>
      log.warn({ err: error, scanId: scan.id, status }, 'scan end stored; its event was not published'),
    );
  };
  try {
    const queue = await runtime.queue();
    const options = { owner: await sessionOwner(db, scan.session_id) };
    // A DWI scan runs several scans one after another (diffusion.ts): each is an equal share of the progress.
    const scans = diffusionScanCount(snapshot.protocol);
    let started = 0;
    let lastPercent = 0;
    const follow = (job: ScanJob<unknown>) => {
      const index = started++;
      runtime.running.set(scan.id, job);
      job.onProgress(({ done, total }) => {
        // Stored and published up to 99 %: 100 % is the stored images.
        const fraction = (index + Math.min(1, done / Math.max(1, total))) / scans;
        const percent = Math.min(99, Math.floor(100 * fraction));
        if (percent <= lastPercent) return;
        lastPercent = percent;
        progressWritten = progressWritten.then(() =>
          updateRunningScan(db, scan.id, { progress: percent })
            .then((live) =>
              live ? publishScanEvent(runtime.events, scan, 'running', percent, null) : undefined,
            )
            .catch((error: unknown) =>
              log.warn({ err: error, scanId: scan.id }, 'scan progress not recorded'),
            ),
        );
        runtime.track(progressWritten);
      });
    };
    try {
      const submittedAt = performance.now();
      let computedAt: number;
      let record: ScanResultRecord;
      if (hasDiffusionSeries(snapshot.protocol) || snapshot.engine !== 'cpusim') {
        // DWI: the series read every b-value's images, so the scans come back here and are stored from here;
        // a Bloch scan's spin chunks are summed here (or on a thread of this process) before a slice exists.
        const job = await queue.submit(snapshot, options);
        follow(job);
        const result = await job.result;
        // Each further b-value's scans (the running job is theirs, so a cancel stops them).
        const diffusion = hasDiffusionSeries(snapshot.protocol)
          ? await scanDiffusionSeries(queue, snapshot, result, options, follow)
          : [];
        computedAt = performance.now();
        record = await storeResult(runtime.blobs, scan.id, result, snapshot);
        if (diffusion.length > 0)
          record.diffusion = await storeDiffusionSeries(runtime.blobs, scan.id, diffusion);
      } else {
        // Every other scan is stored where its slices are computed (jobs/stored.ts, issue 26 item 6).
        const job = await queue.submitStored(snapshot, scan.id, options);
        follow(job);
        const stored = await job.result;
        computedAt = performance.now();
        record = resultRecord(stored, snapshot);
      }
      const storedAt = performance.now();
      await end('finished', null, record);
      // Where a scan's time goes (docs/benchmarks.md): engine and transfer from the threads or workers, blobs
      // and window, the final write and event. A scan stored where its slices are computed has its blobs and
      // window inside engineMs.
      log.info(
        {
          scanId: scan.id,
          engineMs: Math.round(computedAt - submittedAt),
          storeMs: Math.round(storedAt - computedAt),
          finishMs: Math.round(performance.now() - storedAt),
        },
        'scan finished',
      );
    } finally {
      runtime.running.delete(scan.id);
    }
  } catch (error) {
    // Stopped because this process shuts down, not by a cancel: the scan stays running and another process (or
    // this one restarted) takes it over from its snapshot (leases.ts).
    if (error instanceof ScanCancelledError && runtime.isClosing()) await releaseLease(db, scan.id);
    else if (error instanceof ScanCancelledError) await end('cancelled', null);
    else {
      log.warn({ err: error, scanId: scan.id }, 'scan failed');
      await end('error', `The scan failed: ${messageOf(error)}`);
    }
  }
}

/** Starts coordinating `scan` in the background (awaited when the app closes). */
export function startScan(
  db: Db,
  runtime: SimulatorRuntime,
  log: FastifyBaseLogger,
  scan: ScanRow,
  snapshot: ScanSnapshot,
) {
  runtime.coordinating.add(scan.id);
  runtime.track(
    coordinateScan(db, runtime, log, scan, snapshot)
      .catch((error: unknown) => log.error({ err: error, scanId: scan.id }, 'scan coordination failed'))
      .finally(() => runtime.coordinating.delete(scan.id)),
  );
}

/**
 * Cancels a running scan: writes `cancelled` at once (so the answer and the events say so), stops the job here
 * or, when another API process coordinates it, asks that process over the event hub. Once `cancelled` is
 * stored the cancel has happened: should Redis be away, the other process is not told and finishes its work,
 * but its end is not written (only a running scan ends), and the streams catch up with the stored state.
 */
export async function cancelScan(db: Db, runtime: SimulatorRuntime, scan: ScanRow): Promise<boolean> {
  const cancelled = await updateRunningScan(db, scan.id, { status: 'cancelled', finished_at: isoNow() });
  if (!cancelled) return false;
  const unsent = (what: string) => (error: unknown) =>
    runtime.log.warn({ err: error, scanId: scan.id }, `scan cancelled; ${what} not sent`);
  const job = runtime.running.get(scan.id);
  if (job) job.cancel();
  else await runtime.events.requestCancel(scan.id).catch(unsent('the cancel request to its coordinator'));
  await publishScanEvent(runtime.events, scan, 'cancelled', scan.progress, null).catch(unsent('its event'));
  return true;
}

/** Cancels the running scans of sessions that were closed. */
export async function cancelScansOfSessions(db: Db, runtime: SimulatorRuntime, sessionIds: string[]) {
  for (const scan of await runningScans(db, sessionIds)) await cancelScan(db, runtime, scan);
}
