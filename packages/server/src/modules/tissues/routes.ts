/** Tissue-characteristic calls (simulator.md §7); see service.ts for who changes what. */
import {
  tissueConfigurationSchema,
  tissueEditSchema,
  tissueLabParamsSchema,
  tissueQuerySchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import {
  SESSION_CALL_ERRORS,
  SIMULATOR_SECURITY,
  SIMULATOR_TAGS,
  type SimulatorPluginOptions,
} from '../sessions/routes.ts';
import { editTissue, resetTissues, tissueConfiguration } from './service.ts';

export const tissuesRoutes: FastifyPluginAsync<SimulatorPluginOptions> = async (root, { runtime }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = SIMULATOR_TAGS;
  const security = SIMULATOR_SECURITY;
  const errors = SESSION_CALL_ERRORS;

  app.get(
    '/v1/tissue-characteristics/:labId/configuration',
    {
      preHandler: authenticate,
      schema: {
        summary:
          'T1 and T2 [ms] of the module’s tissues (with a session’s own values when sessionId is given)',
        tags,
        security,
        params: tissueLabParamsSchema,
        querystring: tissueQuerySchema,
        response: { 200: tissueConfigurationSchema, ...errors },
      },
    },
    async (request) =>
      tissueConfiguration(root.db, runtime, callerOf(request), request.params.labId, request.query.sessionId),
  );

  app.delete(
    '/v1/tissue-characteristics/:labId/reset-configuration',
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Reset a session’s tissue values to the module’s (sessionId), or a module’s to the library’s',
        tags,
        security,
        params: tissueLabParamsSchema,
        querystring: tissueQuerySchema,
        response: { 200: tissueConfigurationSchema, ...errors },
      },
    },
    async (request) =>
      resetTissues(root.db, runtime, callerOf(request), request.params.labId, request.query.sessionId),
  );

  app.post(
    '/v1/tissue-characteristics/configuration',
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Set one tissue’s T1 and T2 [ms]: in a session (session_id), or a teacher’s edit of the module',
        tags,
        security,
        body: tissueEditSchema,
        response: { 200: tissueConfigurationSchema, ...errors },
      },
    },
    async (request) => editTissue(root.db, runtime, callerOf(request), request.body),
  );
};
