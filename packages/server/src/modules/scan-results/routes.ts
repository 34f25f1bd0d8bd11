/**
 * Scan-result calls (issue 14): keep a finished scan, read a scan result, its series (metadata and slice pixels),
 * its comparison with the module's reference scan (and the difference map's pixels), and the module's reference.
 */
import {
  ATTEMPT_PATHS,
  labIdParamsSchema,
  moduleReferenceAnswerSchema,
  moduleReferenceSchema,
  moduleReferenceSetSchema,
  referenceEvaluationSchema,
  SCAN_RESULT_REVIEW_PATHS,
  scanResultComparisonSchema,
  scanResultCreateSchema,
  scanResultIdParamsSchema,
  scanResultImagesSchema,
  scanResultSchema,
  scanResultSliceParamsSchema,
  seriesQuerySchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { signedInCalls, type Answers } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { compareWithReference, differenceBytes } from './comparison.ts';
import { scanResultImages, scanResultSliceBytes } from './images.ts';
import { evaluateReference } from './reference-checks.ts';
import { clearModuleReference, getModuleReference, setModuleReference } from './reference.ts';
import { getScanResult, keepScan } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';
import { noContent } from '../../plugins/replies.ts';

/** Raw Float32 pixels: private to the reader, and never changing (a scan result is immutable). */
function sendPixels(reply: FastifyReply, bytes: Uint8Array, cache: boolean) {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('cache-control', cache ? 'private, max-age=31536000, immutable' : 'private, no-cache')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** Options of a call of the attempts API (attempts, scan results, attempt replay): one OpenAPI tag. */
export const attemptCall = signedInCalls(['attempts'], ADMIN_CALL_ERRORS);

export const scanResultsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  /** A call on one scan result, by its id. */
  const scanResultCall = <const R extends Answers>(summary: string, response: R) =>
    attemptCall(authenticate, { summary, params: scanResultIdParamsSchema, response });
  /** A call on a module's reference scan for the caller's organisation, by the module's id. */
  const referenceCall = <const R extends Answers>(summary: string, response: R) =>
    attemptCall(authenticate, { summary, params: labIdParamsSchema, response });

  app.post(
    routePath(ATTEMPT_PATHS.scanResults),
    attemptCall(authenticate, {
      summary: 'Keep a finished scan of your own session as a scan result (its snapshot and images copied)',
      body: scanResultCreateSchema,
      response: { 200: scanResultSchema, 201: scanResultSchema },
    }),
    async (request, reply) => {
      const runtime = root.simulator;
      const { created, result } = await keepScan(
        root.db,
        runtime,
        await scopeOf(request),
        request.body.scanId,
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    routePath(ATTEMPT_PATHS.scanResult),
    scanResultCall('A scan result: its snapshot and series size (owner, their organisation’s staff)', {
      200: scanResultSchema,
    }),
    async (request) => getScanResult(root.db, await scopeOf(request), request.params.scanResultId),
  );

  app.get(
    routePath(SCAN_RESULT_REVIEW_PATHS.images),
    attemptCall(authenticate, {
      summary:
        'A scan result’s series for the viewer: geometry [m], window, protocol and a URL per slice (owner, ' +
        'their organisation’s staff); ?series= one of a DWI scan’s series',
      params: scanResultIdParamsSchema,
      querystring: seriesQuerySchema,
      response: { 200: scanResultImagesSchema },
    }),
    async (request) =>
      scanResultImages(root.db, await scopeOf(request), request.params.scanResultId, request.query.series),
  );

  app.get(
    routePath(SCAN_RESULT_REVIEW_PATHS.slice),
    attemptCall(authenticate, {
      summary:
        'One slice of a scan result (?series= of a DWI scan’s series): little-endian Float32, rows × columns, ' +
        'row by row',
      params: scanResultSliceParamsSchema,
      querystring: seriesQuerySchema,
      response: {},
    }),
    async (request, reply) => {
      const { scanResultId, index } = request.params;
      const scope = await scopeOf(request);
      const runtime = root.simulator;
      const series = request.query.series;
      const bytes = await scanResultSliceBytes(root.db, runtime, scope, scanResultId, index, series);
      return sendPixels(reply as FastifyReply, bytes, true);
    },
  );

  app.get(
    routePath(SCAN_RESULT_REVIEW_PATHS.comparison),
    scanResultCall(
      'A scan result against the module’s reference scan: differing parameters with their consequences and ' +
        'the difference map of the centre slices (or why there is none)',
      { 200: scanResultComparisonSchema },
    ),
    async (request) =>
      compareWithReference(
        root.db,
        root.simulator.blobs,
        await scopeOf(request),
        request.params.scanResultId,
      ),
  );

  app.get(
    routePath(SCAN_RESULT_REVIEW_PATHS.difference),
    scanResultCall(
      'The difference map’s pixels, |this − reference|: little-endian Float32, rows × columns',
      {},
    ),
    async (request, reply) => {
      const blobs = root.simulator.blobs;
      const bytes = await differenceBytes(
        root.db,
        blobs,
        await scopeOf(request),
        request.params.scanResultId,
      );
      return sendPixels(reply as FastifyReply, bytes, false);
    },
  );

  app.get(
    routePath(SCAN_RESULT_REVIEW_PATHS.reference),
    referenceCall('The module’s reference scan for the caller’s organisation (null when none)', {
      200: moduleReferenceAnswerSchema,
    }),
    async (request) => getModuleReference(root.db, await scopeOf(request), request.params.labId),
  );

  app.put(
    routePath(SCAN_RESULT_REVIEW_PATHS.reference),
    attemptCall(authenticate, {
      summary:
        'Mark one of your own scan results of the module as its reference scan for your organisation ' +
        '(teachers and administrators)',
      params: labIdParamsSchema,
      body: moduleReferenceSetSchema,
      response: { 200: moduleReferenceSchema },
    }),
    async (request) =>
      setModuleReference(root.db, await scopeOf(request), request.params.labId, request.body.scanResultId),
  );

  app.get(
    routePath(SCAN_RESULT_REVIEW_PATHS.referenceEvaluation),
    referenceCall(
      'The module’s objectives checked against its reference scan, with what each measured (teachers and ' +
        'administrators of its organisation)',
      { 200: referenceEvaluationSchema },
    ),
    async (request) =>
      evaluateReference(root.db, root.simulator.blobs, await scopeOf(request), request.params.labId),
  );

  app.delete(
    routePath(SCAN_RESULT_REVIEW_PATHS.reference),
    referenceCall(
      'The module has no reference scan for your organisation any more (teachers and administrators)',
      {
        204: z.null(),
      },
    ),
    noContent(async (request) => clearModuleReference(root.db, await scopeOf(request), request.params.labId)),
  );
};
