/**
 * Simulator session calls (simulator.md §7; issue 11): open, read, keep alive and close a session, change its
 * configuration. The runtime the simulator modules share is `app.simulator` (plugins/simulator.ts).
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
  SESSION_PATHS,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { SESSION_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { sessionCall, simulatorCall } from '../../plugins/simulator.ts';
import { loadSessionContext } from './context.ts';
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

export const sessionsRoutes: FastifyPluginAsync = async (root) => {
  const runtime = root.simulator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const errors = SESSION_CALL_ERRORS;
  const params = sessionIdParamsSchema;

  app.post(
    routePath(SESSION_PATHS.sessions),
    simulatorCall(
      'Open a simulator session for a module (code 700700 beyond the active-session limit); with ' +
        'instanceId, 200 and the caller’s active session of that module and instance when there is one',
      {
        body: sessionCreateSchema,
        response: { 200: activeSessionSchema, 201: activeSessionSchema, ...errors },
      },
    ),
    async (request, reply) => {
      const { created, session } = await createSession(
        root.db,
        runtime,
        callerOf(request),
        request.body,
        request.log,
      );
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  app.get(
    routePath(SESSION_PATHS.session),
    simulatorCall('The active-session payload (pulse sequences of one collection when the query names it)', {
      params,
      querystring: activeSessionQuerySchema,
      response: { 200: activeSessionSchema, ...errors },
    }),
    async (request) =>
      activeSessionPayload(
        root.db,
        await loadSessionContext(root.db, runtime, callerOf(request), request.params.sessionId),
        request.query.pulseSequenceCollectionId,
      ),
  );

  app.get(
    routePath(SESSION_PATHS.instanceState),
    sessionCall(
      'Whether the session runs, and the seconds left before it is closed without keepalive',
      instanceStateSchema,
    ),
    async (request) => instanceState(root.db, runtime, callerOf(request), request.params.sessionId),
  );

  app.get(
    routePath(SESSION_PATHS.keepalive),
    sessionCall(
      'Keep the session open (the simulator sends it at most once a minute while its user is active)',
      sessionSchema,
    ),
    async (request) => keepalive(root.db, runtime, callerOf(request), request.params.sessionId),
  );

  app.put(
    routePath(SESSION_PATHS.close),
    sessionCall('Save and close the session (idempotent); its running scans are cancelled', sessionSchema),
    async (request) => closeOwnSession(root.db, runtime, callerOf(request), request.params.sessionId),
  );

  app.get(
    routePath(SESSION_PATHS.maxAllowed),
    simulatorCall('How many simulator sessions the caller may hold open, and how many are open', {
      response: { 200: maxAllowedSchema, 401: errors[401] },
    }),
    async (request) => maxAllowed(root.db, runtime, callerOf(request)),
  );

  app.get(
    routePath(SESSION_PATHS.activeSessionsExcluded),
    simulatorCall('The caller’s open sessions of other modules', {
      params: labIdParamsSchema,
      response: { 200: activeSessionsExcludedSchema, ...errors },
    }),
    async (request) => activeSessionsExcluding(root.db, runtime, callerOf(request), request.params.labId),
  );

  app.post(
    routePath(SESSION_PATHS.configuration),
    simulatorCall(
      'Change one configuration value (ranges of simulator.md §5; locked presets and cpusim refusals: 400)',
      {
        params,
        body: configurationChangeSchema,
        response: { 200: z.array(configurationItemSchema), ...errors },
      },
    ),
    async (request) =>
      changeConfiguration(
        root.db,
        await loadSessionContext(root.db, runtime, callerOf(request), request.params.sessionId),
        request.body,
      ),
  );

  app.get(
    routePath(SESSION_PATHS.coils),
    sessionCall('The receive coils of the session’s model', z.array(coilSchema)),
    async (request) =>
      coilsOf(await loadSessionContext(root.db, runtime, callerOf(request), request.params.sessionId)),
  );
};
