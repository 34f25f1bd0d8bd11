/**
 * Commands on scans: run a pulse sequence (checked, stored with its snapshot, answered 202 while it runs),
 * cancel it, and read a finished scan's series (metadata, slice pixels, k-space).
 */
import { assertNotPrepared } from '../sequences/prepared-guard.ts';
import {
  API_PREFIX,
  apiPath,
  ERROR_CAUSES,
  ERROR_CODES,
  MAX_ACTIVE_SCANS_PER_USER,
  protocolSchema,
  SESSION_PATHS,
  type ReconstructedImages,
  type ScanSummary,
} from '@larmor/contracts';
import { modelInfo } from '@larmor/mri/anatomy';
import { scannerOf } from '@larmor/mri';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ApiError, conflict, notFound } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { presentScanSummary } from '../sequences/presenter.ts';
import { assertRunnable, familyOf, joinProtocol } from '../sequences/protocol.ts';
import { latestScans } from '../sequences/repository.ts';
import { loadPulseSequence } from '../sequences/service.ts';
import type { SessionContext } from '../sessions/context.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import {
  activeScanCount,
  findScan,
  insertScan,
  lockUserForScans,
  nextSeriesNumber,
  scansOfSequence,
  type ScanRow,
} from './repository.ts';
import { cancelScan, imageKey, kspaceKey, startScan, type ScanResultRecord } from './runner.ts';
import { leaseUntil } from './leases.ts';
import { diffusionImageKey, listedDiffusionSeries, numberedDiffusionSeries } from './diffusion.ts';
import { publishScanEvent } from './scan-events.ts';
import { buildSnapshot, newSeed } from './snapshot.ts';

/** The session's own tissue values (T1, T2 [ms]). */
export async function sessionTissuesOf(db: Db, sessionId: string) {
  return db
    .selectFrom('sim_session_tissues')
    .select(['tissue', 't1_ms', 't2_ms'])
    .where('session_id', '=', sessionId)
    .execute();
}

/**
 * Refuses (429) a run of `userId` who has MAX_ACTIVE_SCANS_PER_USER scans queued or running. Call it inside the
 * transaction that stores the scan: it takes the user's lock first, so a burst of parallel runs cannot all
 * count the same scans.
 */
async function assertScanAllowed(trx: Db, userId: string): Promise<void> {
  await lockUserForScans(trx, userId);
  if ((await activeScanCount(trx, userId)) < MAX_ACTIVE_SCANS_PER_USER) return;
  throw new ApiError(
    429,
    ERROR_CODES.BAD_REQUEST,
    `At most ${MAX_ACTIVE_SCANS_PER_USER} scans may be queued or running at once: wait for one to finish or cancel one`,
    ERROR_CAUSES.TOO_MANY_SCANS,
  );
}

/**
 * POST …/pulse-sequences/{id}/run: 400 when the protocol breaks a limit, 409 while it runs, 429 when the user has
 * MAX_ACTIVE_SCANS_PER_USER scans queued or running; else 202. A reading-only module's session runs only its
 * prepared series, as it opens (`prepared`: those runs, outside the student's cap).
 */
export async function runPulseSequence(
  db: Db,
  runtime: SimulatorRuntime,
  log: FastifyBaseLogger,
  context: SessionContext,
  pulseSequenceId: string,
  options: { prepared?: boolean } = {},
): Promise<ScanSummary> {
  if (options.prepared !== true) assertNotPrepared(context);
  const row = await loadPulseSequence(db, context.session.id, pulseSequenceId);
  const scanner = scannerOf(context.configuration);
  const protocol = joinProtocol(
    familyOf(row.scheme_id),
    JSON.parse(row.parameters),
    JSON.parse(row.spatials),
  );
  assertRunnable(protocol, scanner, context.freePlan);
  // A run that cannot be queued is refused before anything is stored (503, QueueUnavailableError): Redis
  // carries both the scan queue and the events.
  const queue = await runtime.queue();
  await runtime.events.assertAvailable();
  // A Bloch slice's spins spread over the threads its slices leave idle (blochChunksOf).
  const snapshot = buildSnapshot(
    context,
    protocol,
    scanner,
    await sessionTissuesOf(db, context.session.id),
    newSeed(),
    queue.concurrency,
  );
  const draft: Omit<ScanRow, 'series_number'> = {
    id: newId(),
    session_id: context.session.id,
    pulse_sequence_id: row.id,
    snapshot: JSON.stringify(snapshot),
    seed: snapshot.seed,
    status: 'running',
    progress: 0,
    error_message: null,
    result: null,
    created_at: isoNow(),
    finished_at: null,
    lease_until: leaseUntil(runtime.scanLeaseMs),
  };
  const scan = await db.transaction().execute(async (trx) => {
    if (options.prepared !== true) await assertScanAllowed(trx, context.session.user_id);
    // Under the user's lock, so two runs of one sequence sent at once cannot both be stored, and two runs of the
    // session cannot share a series number.
    const latest = (await latestScans(trx, [row.id])).get(row.id);
    if (latest?.status === 'running') throw conflict('This pulse sequence is running: cancel it first');
    const stored: ScanRow = { ...draft, series_number: await nextSeriesNumber(trx, context.session.id) };
    await insertScan(trx, stored);
    await trx
      .updateTable('sim_pulse_sequences')
      .set({ changed_since_scan: 0 })
      .where('id', '=', row.id)
      .execute();
    return stored;
  });
  // Stored means accepted: should Redis go away just now, the scan still runs to its end (or ends in error
  // with a message) and the event streams catch up with the stored state when Redis is back (jobs/events.ts).
  await publishScanEvent(runtime.events, scan, 'running', 0, null).catch((error: unknown) =>
    log.warn({ err: error, scanId: scan.id }, 'scan start event not published'),
  );
  startScan(db, runtime, log, scan, snapshot);
  return presentScanSummary(scan);
}

/** POST …/pulse-sequences/{id}/cancel: cancels its running scan; answers its latest scan (404 when none). */
export async function cancelPulseSequence(
  db: Db,
  runtime: SimulatorRuntime,
  context: SessionContext,
  pulseSequenceId: string,
): Promise<ScanSummary> {
  const row = await loadPulseSequence(db, context.session.id, pulseSequenceId);
  const latest = (await latestScans(db, [row.id])).get(row.id);
  if (!latest) throw notFound('Scan');
  if (latest.status === 'running') await cancelScan(db, runtime, latest);
  const after = await findScan(db, context.session.id, latest.id);
  return presentScanSummary(after ?? latest);
}

/** GET …/pulse-sequences/{id}/scans: every scan of the sequence, oldest first (each run a series of its own). */
export async function listSequenceScans(
  db: Db,
  context: SessionContext,
  pulseSequenceId: string,
): Promise<ScanSummary[]> {
  const row = await loadPulseSequence(db, context.session.id, pulseSequenceId);
  return (await scansOfSequence(db, context.session.id, row.id)).map(presentScanSummary);
}

/** A finished scan of the session with its result record; 404 otherwise (also while it runs). */
export async function loadFinishedScan(db: Db, sessionId: string, scanId: string) {
  const scan = await findScan(db, sessionId, scanId);
  if (!scan || scan.status !== 'finished' || scan.result === null) throw notFound('Reconstructed images');
  return { scan, result: JSON.parse(scan.result) as ScanResultRecord };
}

/** The scan's diffusion series `name` (404 when it has none of that name); undefined for the scan itself. */
export function diffusionSeriesOf(result: ScanResultRecord, name: string | undefined) {
  if (name === undefined || name === '') return undefined;
  const found = result.diffusion?.find((s) => s.name === name);
  if (!found) throw notFound('Series');
  return found;
}

/**
 * GET …/reconstructed-images/{id}[?series]: the series' metadata, with a URL per slice for pixels and k-space.
 * A DWI scan lists its series (the scan itself, each b-value's trace, the ADC map); `series` names one of them.
 */
export async function reconstructedImages(
  db: Db,
  sessionId: string,
  scanId: string,
  seriesName?: string,
): Promise<ReconstructedImages> {
  const { scan, result } = await loadFinishedScan(db, sessionId, scanId);
  const series = diffusionSeriesOf(result, seriesName);
  const snapshot = JSON.parse(scan.snapshot) as ScanSnapshot;
  const base = `${API_PREFIX}/${apiPath(SESSION_PATHS.reconstructedImages, { sessionId, id: scanId })}`;
  const query = (name: string) => (name === '' ? '' : `series=${name}`);
  const withQuery = (url: string, ...parts: string[]) => {
    const q = parts.filter((p) => p !== '').join('&');
    return q === '' ? url : `${url}?${q}`;
  };
  const own = query(series?.name ?? '');
  const url = (path: string, index: number) =>
    withQuery(`${API_PREFIX}/${apiPath(path, { sessionId, id: scanId, index: String(index) })}`, own);
  const protocol = snapshot.protocol;
  const diffusion = result.diffusion
    ? numberedDiffusionSeries(
        listedDiffusionSeries(protocol, result.diffusion, (name) => withQuery(base, query(name))),
        scan.series_number,
      )
    : undefined;
  return {
    scanId,
    pulseSequenceId: scan.pulse_sequence_id,
    seriesNumber: scan.series_number,
    rows: result.rows,
    columns: result.columns,
    pixelSpacing: result.pixelSpacing,
    sliceThickness: result.sliceThickness,
    kspaceRows: result.kspaceRows,
    kspaceColumns: result.kspaceColumns,
    pixelFormat: 'float32le',
    window: series?.window ?? result.window,
    parameters: protocolSchema.parse(protocol),
    seed: scan.seed,
    receiveChannels: result.receiveChannels ?? 1,
    receiveCoil: coilName(snapshot),
    slices: result.slices.map((s, index) => ({
      index,
      imagePositionPatient: s.position,
      imageOrientationPatient: s.orientation,
      url: url(SESSION_PATHS.reconstructedSlice, index),
      kspaceUrl: url(SESSION_PATHS.reconstructedKSpace, index),
    })),
    dicomUrl: withQuery(base, 'format=dicom', own),
    niftiUrl: withQuery(base, 'format=nifti', own),
    ...(diffusion
      ? { series: series?.name ?? '', fslUrl: withQuery(base, 'format=fsl'), diffusionSeries: diffusion }
      : {}),
  };
}

/** The scan's receive coil as the scanner settings name it. */
function coilName(snapshot: ScanSnapshot): string {
  const coil = modelInfo(snapshot.model.id)?.coils.find((c) => c.uniqueName === snapshot.scanner.coil);
  return coil?.shownName ?? snapshot.scanner.coil;
}

/**
 * The bytes of slice `index`'s image or k-space (little-endian Float32); 404 beyond the series. A diffusion
 * series (`seriesName`) has images only: its k-space answers 404 (its scans' k-spaces are not kept).
 */
export async function sliceBytes(
  db: Db,
  runtime: SimulatorRuntime,
  sessionId: string,
  scanId: string,
  index: number,
  what: 'image' | 'kspace',
  seriesName?: string,
): Promise<Uint8Array> {
  const { result } = await loadFinishedScan(db, sessionId, scanId);
  if (index >= result.slices.length) throw notFound('Slice');
  const series = diffusionSeriesOf(result, seriesName);
  if (series && what === 'kspace') throw notFound('K-space of a diffusion series');
  if (series) return runtime.blobs.get(diffusionImageKey(scanId, series.name, index));
  return runtime.blobs.get(what === 'image' ? imageKey(scanId, index) : kspaceKey(scanId, index));
}
