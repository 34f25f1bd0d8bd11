/**
 * Simulator session calls (simulator.md §7; issue 11). This plugin owns the simulator runtime (blob store,
 * scan queue, live events, session reaper) and registers the modules that share it: sequences, scans,
 * tissues and anatomy.
 */
import {
  activeSessionQuerySchema,
  activeSessionSchema,
  activeSessionsExcludedSchema,
  coilSchema,
  configurationChangeSchema,
  configurationItemSchema,
  instanceStateSchema,
  labIdParamsSchema,
  maxAllowedSchema,
  sessionCreateSchema,
  sessionIdParamsSchema,
  sessionSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { anatomyRoutes } from '../anatomy/routes.ts';
import { startScanLeases } from '../scans/leases.ts';
import { cancelScansOfSessions } from '../scans/runner.ts';
import { scansRoutes } from '../scans/routes.ts';
import { sequencesRoutes } from '../sequences/routes.ts';
import { tissuesRoutes } from '../tissues/routes.ts';
import { loadSessionContext } from './context.ts';
import { createSimulatorRuntime, type SimulatorRuntime } from './runtime.ts';
import {
  activeSessionPayload,
  activeSessionsExcluding,
  changeConfiguration,
  closeOwnSession,
  coilsOf,
  createSession,
  instanceState,
  keepalive,
  maxAllowed,
} from './service.ts';

export const SIMULATOR_TAGS = ['simulator'];
export const SIMULATOR_SECURITY = [{ bearer: [] }];
/** Error answers of session calls: ADMIN_CALL_ERRORS plus 410 (code 700701) for a closed or reaped session. */
export const SESSION_CALL_ERRORS = { ...ADMIN_CALL_ERRORS, 410: ADMIN_CALL_ERRORS[400] } as const;

/** What the simulator's route plugins receive. */
export interface SimulatorPluginOptions {
  runtime: SimulatorRuntime;
}

export const sessionsRoutes: FastifyPluginAsync = async (root) => {
  const runtime = await createSimulatorRuntime(root);
  runtime.onSessionsClosed((ids) => cancelScansOfSessions(root.db, runtime, ids));
  // After their scans' `cancelled` events: the closed sessions' event streams end, on every node.
  // Should Redis be away, the closing is stored all the same: each node's streams see it when they catch up
  // with the stored state (scans/routes.ts).
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
  startScanLeases(root, runtime);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = SIMULATOR_TAGS;
  const security = SIMULATOR_SECURITY;
  const errors = SESSION_CALL_ERRORS;
  const params = sessionIdParamsSchema;

  app.post(
    '/v1/sessions',
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Open a simulator session for a module (code 700700 beyond the active-session limit); with ' +
          'instanceId, 200 and the caller’s active session of that module and instance when there is one',
        tags,
        security,
        body: sessionCreateSchema,
        response: { 200: activeSessionSchema, 201: activeSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, session } = await createSession(root.db, runtime, callerOf(request), request.body);
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  app.get(
    '/v1/sessions/:sessionId',
    {
      preHandler: authenticate,
      schema: {
        summary: 'The active-session payload (pulse sequences of one collection when the query names it)',
        tags,
        security,
        params,
        querystring: activeSessionQuerySchema,
        response: { 200: activeSessionSchema, ...errors },
      },
    },
    async (request) =>
      activeSessionPayload(
        root.db,
        await loadSessionContext(root.db, runtime, callerOf(request), request.params.sessionId),
        request.query.pulseSequenceCollectionId,
      ),
  );

  app.get(
    '/v1/sessions/:sessionId/instance-state',
    {
      preHandler: authenticate,
      schema: {
        summary: 'Whether the session runs, and the seconds left before it is closed without keepalive',
        tags,
        security,
        params,
        response: { 200: instanceStateSchema, ...errors },
      },
    },
    async (request) => instanceState(root.db, runtime, callerOf(request), request.params.sessionId),
  );

  app.get(
    '/v1/sessions/:sessionId/keepalive',
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Keep the session open (the simulator sends it at most once a minute while its user is active)',
        tags,
        security,
        params,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => keepalive(root.db, runtime, callerOf(request), request.params.sessionId),
  );

  app.put(
    '/v1/sessions/:sessionId/close',
    {
      preHandler: authenticate,
      schema: {
        summary: 'Save and close the session (idempotent); its running scans are cancelled',
        tags,
        security,
        params,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => closeOwnSession(root.db, runtime, callerOf(request), request.params.sessionId),
  );

  app.get(
    '/v2/sessions/max-allowed',
    {
      preHandler: authenticate,
      schema: {
        summary: 'How many simulator sessions the caller may hold open, and how many are open',
        tags,
        security,
        response: { 200: maxAllowedSchema, 401: errors[401] },
      },
    },
    async (request) => maxAllowed(root.db, runtime, callerOf(request)),
  );

  app.get(
    '/me/active-sessions/:labId/excluded',
    {
      preHandler: authenticate,
      schema: {
        summary: 'The caller’s open sessions of other modules',
        tags,
        security,
        params: labIdParamsSchema,
        response: { 200: activeSessionsExcludedSchema, ...errors },
      },
    },
    async (request) => activeSessionsExcluding(root.db, runtime, callerOf(request), request.params.labId),
  );

  app.post(
    '/v1/sessions/:sessionId/configuration',
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Change one configuration value (ranges of simulator.md §5; locked presets and cpusim refusals: 400)',
        tags,
        security,
        params,
        body: configurationChangeSchema,
        response: { 200: z.array(configurationItemSchema), ...errors },
      },
    },
    async (request) =>
      changeConfiguration(
        root.db,
        await loadSessionContext(root.db, runtime, callerOf(request), request.params.sessionId),
        request.body,
      ),
  );

  app.get(
    '/v1/sessions/:sessionId/coils',
    {
      preHandler: authenticate,
      schema: {
        summary: 'The receive coils of the session’s model',
        tags,
        security,
        params,
        response: { 200: z.array(coilSchema), ...errors },
      },
    },
    async (request) =>
      coilsOf(await loadSessionContext(root.db, runtime, callerOf(request), request.params.sessionId)),
  );

  const options: SimulatorPluginOptions = { runtime };
  await root.register(sequencesRoutes, options);
  await root.register(scansRoutes, options);
  await root.register(tissuesRoutes, options);
  await root.register(anatomyRoutes, options);
};
