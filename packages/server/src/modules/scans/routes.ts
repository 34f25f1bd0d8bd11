/**
 * Scan calls (issue 11): run a pulse sequence (202 at once), cancel it, the session's live events (Server-Sent
 * Events with Last-Event-ID reconnection), and a finished scan's series: metadata, raw slice pixels and k-space,
 * DICOM (zip) and NIfTI (.nii.gz) downloads.
 */
import {
  ERROR_CODES,
  reconstructedImagesQuerySchema,
  reconstructedImagesSchema,
  scanSummarySchema,
  sessionIdParamsSchema,
  sessionItemParamsSchema,
  scoutImageSchema,
  scoutParamsSchema,
  kspaceQuerySchema,
  scoutQuerySchema,
  sliceParamsSchema,
  seriesQuerySchema,
  SESSION_PATHS,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionEvent } from '../../jobs/events.ts';
import { callerOf } from '../../plugins/auth.ts';
import { SESSION_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { simulatorCall } from '../../plugins/simulator.ts';
import { loadSessionContext } from '../sessions/context.ts';
import { findSession } from '../sessions/repository.ts';
import { coilKSpaceBytes } from './coil-kspace.ts';
import { dicomZip, fslZip, niftiGz } from './exports.ts';
import { startScanLeases } from './leases.ts';
import { cancelScansOfSessions } from './runner.ts';
import { storedState } from './scan-events.ts';
import { scoutImage } from './scouts.ts';
import { StreamSlots } from './stream-slots.ts';
import {
  cancelPulseSequence,
  listSequenceScans,
  diffusionSeriesOf,
  loadFinishedScan,
  reconstructedImages,
  runPulseSequence,
  sliceBytes,
} from './service.ts';

/** Comment lines that keep an idle event stream open through proxies [ms]. */
const SSE_HEARTBEAT_MS = 15_000;

const sseFrame = (e: SessionEvent): string =>
  `id: ${e.id}\nevent: scan\ndata: ${JSON.stringify(e.event)}\n\n`;

/** The last frame of a closed session's stream. */
const sessionClosedFrame = `event: closed\ndata: ${JSON.stringify({
  code: ERROR_CODES.INSTANCE_NOT_RUNNING,
  message: 'Session expired',
})}\n\n`;

export const scansRoutes: FastifyPluginAsync = async (root) => {
  const runtime = root.simulator;
  runtime.onSessionsClosed((ids) => cancelScansOfSessions(root.db, runtime, ids));
  // After their scans' `cancelled` events: the closed sessions' event streams end, on every node.
  // Should Redis be away, the closing is stored all the same: each node's streams see it when they catch up
  // with the stored state (below).
  runtime.onSessionsClosed((ids) =>
    runtime.events
      .sessionsClosed(ids)
      .catch((error: unknown) =>
        root.log.warn(
          { err: error, sessionIds: ids },
          'sessions closed; the news was not sent to the streams',
        ),
      ),
  );
  // Running scans whose coordinator is gone are taken over from their snapshots (leases.ts).
  startScanLeases(root);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const errors = SESSION_CALL_ERRORS;
  const contextOf = (request: FastifyRequest, sessionId: string) =>
    loadSessionContext(root.db, runtime, callerOf(request), sessionId);
  const streams = new Set<ServerResponse>();
  const slots = new StreamSlots();
  root.addHook('onClose', async () => {
    for (const raw of streams) raw.end();
  });

  app.post(
    routePath(SESSION_PATHS.pulseSequenceRun),
    simulatorCall('Run a pulse sequence: 202 at once; status and progress follow as events', {
      params: sessionItemParamsSchema,
      response: { 202: scanSummarySchema, ...errors, 429: errors[400] },
    }),
    async (request, reply) => {
      const context = await contextOf(request, request.params.sessionId);
      const scan = await runPulseSequence(root.db, runtime, request.log, context, request.params.id);
      return reply.status(202).send(scan);
    },
  );

  app.post(
    routePath(SESSION_PATHS.pulseSequenceCancel),
    simulatorCall('Cancel a pulse sequence’s running scan (stops within a second); answers its latest scan', {
      params: sessionItemParamsSchema,
      response: { 200: scanSummarySchema, ...errors },
    }),
    async (request) =>
      cancelPulseSequence(
        root.db,
        runtime,
        await contextOf(request, request.params.sessionId),
        request.params.id,
      ),
  );

  app.get(
    routePath(SESSION_PATHS.pulseSequenceScans),
    simulatorCall(
      'Every scan of a pulse sequence, oldest first: each run is a series of its own (seriesNumber)',
      {
        params: sessionItemParamsSchema,
        response: { 200: scanSummarySchema.array(), ...errors },
      },
    ),
    async (request) =>
      listSequenceScans(root.db, await contextOf(request, request.params.sessionId), request.params.id),
  );

  app.get(
    routePath(SESSION_PATHS.events),
    simulatorCall(
      'Server-Sent Events (`event: scan`) of every status change and progress of the session’s scans; ' +
        'reconnect with Last-Event-ID; 429 past SESSION_EVENT_STREAMS_PER_USER_MAX open streams of the user',
      {
        params: sessionIdParamsSchema,
      },
    ),
    async (request, reply) => {
      const context = await contextOf(request, request.params.sessionId);
      const sessionId = context.session.id;
      const lastEventId = request.headers['last-event-id'];
      // Before the stream starts, so that a refusal is an ordinary error answer; given back by stop().
      const releaseSlot = slots.take(callerOf(request).userId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(': connected\n\n');
      const heartbeat = setInterval(() => raw.write(': keepalive\n\n'), SSE_HEARTBEAT_MS);
      heartbeat.unref();
      streams.add(raw);
      const unsubscribe = runtime.events.subscribe(sessionId, (e) => raw.write(sseFrame(e)));
      // The session was closed (PUT close or the reaper, on any node): a last `closed` frame with the code its
      // calls now answer, then the stream ends (an EventSource's reconnect then answers 410, code 700701).
      const offClosed = runtime.events.onSessionClosed(sessionId, () => {
        stop();
        raw.end(sessionClosedFrame);
      });
      /** Sends each pulse sequence's latest scan as the database holds it; ends the stream of a closed session. */
      const sendStoredState = async (): Promise<void> => {
        for (const e of await storedState(root.db, sessionId)) if (streams.has(raw)) raw.write(sseFrame(e));
        if (streams.has(raw) && (await findSession(root.db, sessionId))?.closed_at) {
          stop();
          raw.end(sessionClosedFrame);
        }
      };
      // Events lost while Redis was away: the stream catches up with the stored state (jobs/events.ts).
      const offResync = runtime.events.onResync(sessionId, () => {
        sendStoredState().catch((error: unknown) =>
          request.log.warn({ err: error, sessionId }, 'event stream not brought up to date'),
        );
      });
      // Whichever way the stream ends (the client goes away, the session closes, the server stops), once.
      let stopped = false;
      function stop(): void {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        unsubscribe();
        offClosed();
        offResync();
        streams.delete(raw);
        releaseSlot();
      }
      request.raw.on('close', stop);
      raw.on('close', stop);
      if (raw.destroyed) stop();
      if (typeof lastEventId === 'string' && lastEventId.length > 0) {
        const missed = runtime.events.since(sessionId, lastEventId);
        if (missed) for (const e of missed) raw.write(sseFrame(e));
        // This node no longer holds that event: send each pulse sequence's latest scan as it stands.
        else await sendStoredState();
      }
    },
  );

  app.get(
    routePath(SESSION_PATHS.reconstructedImages),
    simulatorCall(
      'A finished scan’s series: metadata with a URL per slice (JSON); ?format=dicom a zip of DICOM files, ' +
        '?format=nifti a .nii.gz',
      {
        params: sessionItemParamsSchema,
        querystring: reconstructedImagesQuerySchema,
        response: { 200: reconstructedImagesSchema, ...errors },
      },
    ),
    async (request, reply) => {
      const context = await contextOf(request, request.params.sessionId);
      const { format = 'json', series: seriesName } = request.query;
      if (format === 'json')
        return reconstructedImages(root.db, context.session.id, request.params.id, seriesName);
      const { scan, result } = await loadFinishedScan(root.db, context.session.id, request.params.id);
      const series = diffusionSeriesOf(result, seriesName);
      const bytes =
        format === 'fsl'
          ? await fslZip(runtime, scan, result)
          : format === 'dicom'
            ? await dicomZip(runtime, scan, result, series)
            : await niftiGz(runtime, scan, result, series);
      const suffix = series && format !== 'fsl' ? `-${series.name}` : '';
      const ending = { dicom: '-dicom.zip', nifti: '.nii.gz', fsl: '-dwi-fsl.zip' }[format];
      const name = `scan-${scan.id.slice(0, 8)}${suffix}${ending}`;
      // A download, not the JSON of the 200 schema: sent through the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', format === 'nifti' ? 'application/gzip' : 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    routePath(SESSION_PATHS.scoutImages),
    simulatorCall(
      'A scout (localiser) image through the isocenter, or through the centre of region regionId',
      {
        params: scoutParamsSchema,
        querystring: scoutQuerySchema,
        response: { 200: scoutImageSchema, ...errors },
      },
    ),
    async (request) =>
      scoutImage(
        runtime,
        await contextOf(request, request.params.sessionId),
        request.params.id,
        request.query.regionId,
      ),
  );

  const sendSlice = (reply: FastifyReply, bytes: Uint8Array) =>
    reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

  app.get(
    routePath(SESSION_PATHS.reconstructedSlice),
    simulatorCall(
      'One slice’s pixels: little-endian Float32, rows × columns, row by row; ?series=name: of one of a DWI ' +
        'scan’s series (a b-value’s trace, the ADC map)',
      { params: sliceParamsSchema, querystring: seriesQuerySchema },
    ),
    async (request, reply) => {
      const { sessionId, id, index } = request.params;
      const context = await contextOf(request, sessionId);
      const series = request.query.series;
      return sendSlice(
        reply,
        await sliceBytes(root.db, runtime, context.session.id, id, index, 'image', series),
      );
    },
  );

  app.get(
    routePath(SESSION_PATHS.reconstructedKSpace),
    simulatorCall(
      'One slice’s k-space: little-endian Float32 (real, imaginary) pairs, [phase][read]; the first receive ' +
        'channel’s, or channel `coil` (0 ≤ coil < receiveChannels) computed again from the scan’s snapshot',
      {
        params: sliceParamsSchema,
        querystring: kspaceQuerySchema,
      },
    ),
    async (request, reply) => {
      const { sessionId, id, index } = request.params;
      const context = await contextOf(request, sessionId);
      const { coil, series } = request.query;
      const bytes =
        coil === undefined || series !== undefined
          ? await sliceBytes(root.db, runtime, context.session.id, id, index, 'kspace', series)
          : await coilKSpaceBytes(root.db, runtime, context.session.id, id, index, coil);
      return sendSlice(reply, bytes);
    },
  );
};
