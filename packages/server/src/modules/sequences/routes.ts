/**
 * Pulse-sequence calls of a session (simulator.md §7): collections ("Scan N"), pulse sequences (list, create
 * from a scheme, several at once, get, PATCH with limits checked, move), the schemes and their libraries.
 */
import { assertNotPrepared } from './prepared-guard.ts';
import {
  activeSchemasSchema,
  collectionCreateSchema,
  collectionListSchema,
  collectionSchema,
  idSchema,
  libraryConfigurationSchema,
  libraryParameterParamsSchema,
  libraryParameterValuesSchema,
  pulseSequenceCreateSchema,
  pulseSequenceListSchema,
  pulseSequenceMoveSchema,
  pulseSequencePatchSchema,
  pulseSequenceSchema,
  pulseSequencesManySchema,
  schemeParamsSchema,
  sessionIdParamsSchema,
  sessionItemParamsSchema,
  spatialsSchema,
  SESSION_PATHS,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { notFound, SESSION_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { sessionCall, simulatorCall } from '../../plugins/simulator.ts';
import { loadSessionContext } from '../sessions/context.ts';
import { findPulseSequenceById } from './repository.ts';
import {
  activeSchemas,
  createCollection,
  createPulseSequences,
  deletePulseSequence,
  getPulseSequence,
  libraryConfiguration,
  libraryParameterValues,
  listCollections,
  listPulseSequences,
  movePulseSequence,
  patchPulseSequence,
  spatialsDefault,
} from './service.ts';

export const sequencesRoutes: FastifyPluginAsync = async (root) => {
  const runtime = root.simulator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const errors = SESSION_CALL_ERRORS;
  const contextOf = (request: FastifyRequest, sessionId: string) =>
    loadSessionContext(root.db, runtime, callerOf(request), sessionId);

  app.get(
    routePath(SESSION_PATHS.collections),
    sessionCall('The session’s collections ("Scan N")', collectionListSchema),
    async (request) => {
      const context = await contextOf(request, request.params.sessionId);
      return listCollections(root.db, context.session.id);
    },
  );

  app.post(
    routePath(SESSION_PATHS.collections),
    simulatorCall('Add a collection (named "Scan N" unless a name is given)', {
      params: sessionIdParamsSchema,
      body: collectionCreateSchema.nullish(),
      response: { 201: collectionSchema, ...errors },
    }),
    async (request, reply) => {
      const context = await contextOf(request, request.params.sessionId);
      return reply.status(201).send(await createCollection(root.db, context.session.id, request.body?.name));
    },
  );

  app.get(
    routePath(SESSION_PATHS.pulseSequences),
    sessionCall('The session’s pulse sequences by seqnum', pulseSequenceListSchema),
    async (request) => {
      const context = await contextOf(request, request.params.sessionId);
      return listPulseSequences(root.db, context.session.id);
    },
  );

  app.post(
    routePath(SESSION_PATHS.pulseSequences),
    simulatorCall('Add a pulse sequence from a scheme, with its defaults for this scanner and plan', {
      params: sessionIdParamsSchema,
      body: pulseSequenceCreateSchema,
      response: { 201: pulseSequenceSchema, ...errors },
    }),
    async (request, reply) => {
      const context = await contextOf(request, request.params.sessionId);
      const [created] = await createPulseSequences(root.db, context, [request.body]);
      if (!created) throw new Error('no pulse sequence created');
      return reply.status(201).send(created);
    },
  );

  app.post(
    routePath(SESSION_PATHS.pulseSequencesMany),
    simulatorCall('Add several pulse sequences at once (all or none)', {
      params: sessionIdParamsSchema,
      body: pulseSequencesManySchema,
      response: { 201: pulseSequenceListSchema, ...errors },
    }),
    async (request, reply) => {
      const context = await contextOf(request, request.params.sessionId);
      return reply
        .status(201)
        .send(await createPulseSequences(root.db, context, request.body.pulseSequences));
    },
  );

  app.get(
    routePath(SESSION_PATHS.pulseSequence),
    simulatorCall('A pulse sequence with its latest scan', {
      params: sessionItemParamsSchema,
      response: { 200: pulseSequenceSchema, ...errors },
    }),
    async (request) => {
      const context = await contextOf(request, request.params.sessionId);
      return getPulseSequence(root.db, context.session.id, request.params.id);
    },
  );

  app.patch(
    routePath(SESSION_PATHS.pulseSequence),
    simulatorCall(
      'Change parameters or spatials: checked against @larmor/mri’s limits for this scanner, plan and module ' +
        '(400 names each broken limit and the value that satisfies it)',
      {
        params: sessionItemParamsSchema,
        body: pulseSequencePatchSchema,
        response: { 200: pulseSequenceSchema, ...errors },
      },
    ),
    async (request) =>
      patchPulseSequence(
        root.db,
        await contextOf(request, request.params.sessionId),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    routePath(SESSION_PATHS.pulseSequence),
    simulatorCall(
      'Delete a pulse sequence with its scans and images (409 while it runs); answers the remaining list, ' +
        'renumbered 1…n',
      {
        params: sessionItemParamsSchema,
        response: { 200: pulseSequenceListSchema, ...errors },
      },
    ),
    async (request) => {
      const context = await contextOf(request, request.params.sessionId);
      assertNotPrepared(context);
      return deletePulseSequence(root.db, runtime.blobs, context.session.id, request.params.id);
    },
  );

  app.post(
    routePath(SESSION_PATHS.pulseSequenceMove),
    simulatorCall('Move a pulse sequence to a position (1 = first); answers the reordered list', {
      params: sessionItemParamsSchema,
      body: pulseSequenceMoveSchema,
      response: { 200: pulseSequenceListSchema, ...errors },
    }),
    async (request) => {
      const context = await contextOf(request, request.params.sessionId);
      assertNotPrepared(context);
      return movePulseSequence(root.db, context.session.id, request.params.id, request.body.position);
    },
  );

  app.get(
    routePath(SESSION_PATHS.spatialsDefault),
    simulatorCall('The default slice geometry of a pulse sequence’s scheme in its session', {
      params: z.object({ id: idSchema }),
      response: { 200: spatialsSchema, ...errors },
    }),
    async (request) => {
      const row = await findPulseSequenceById(root.db, request.params.id);
      if (!row) throw notFound('Pulse sequence');
      return spatialsDefault(await contextOf(request, row.session_id), row);
    },
  );

  app.get(
    routePath(SESSION_PATHS.libraryParameterValues),
    simulatorCall(
      'Scheme a’s (a sequence-type code) default parameters and limits on the reference scanner, and the ' +
        'default spatials for anatomical model b',
      {
        params: libraryParameterParamsSchema,
        response: { 200: libraryParameterValuesSchema, ...errors },
      },
    ),
    async (request) => libraryParameterValues(request.params.a, request.params.b),
  );

  app.get(
    routePath(SESSION_PATHS.libraryConfiguration),
    simulatorCall('The limits of scheme id’s parameters on this session’s scanner and plan', {
      params: schemeParamsSchema,
      response: { 200: libraryConfigurationSchema, ...errors },
    }),
    async (request) =>
      libraryConfiguration(await contextOf(request, request.params.sessionId), request.params.id),
  );

  app.get(
    routePath(SESSION_PATHS.activeSchemas),
    sessionCall('The schemes this session may add (the module’s, within the plan)', activeSchemasSchema),
    async (request) => activeSchemas(await contextOf(request, request.params.sessionId)),
  );
};
