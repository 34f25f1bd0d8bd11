/** Tissue-characteristic calls (simulator.md §7); see service.ts for who changes what. */
import {
  tissueConfigurationSchema,
  tissueEditSchema,
  tissueLabParamsSchema,
  tissueQuerySchema,
  SESSION_PATHS,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { SESSION_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { simulatorCall } from '../../plugins/simulator.ts';
import { editTissue, resetTissues, tissueConfiguration } from './service.ts';

export const tissuesRoutes: FastifyPluginAsync = async (root) => {
  const runtime = root.simulator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const errors = SESSION_CALL_ERRORS;
  /** The read and the reset of a module's (or a session's) tissues take the same ids and answer the list. */
  const moduleTissuesCall = (summary: string) =>
    simulatorCall(summary, {
      params: tissueLabParamsSchema,
      querystring: tissueQuerySchema,
      response: { 200: tissueConfigurationSchema, ...errors },
    });

  app.get(
    routePath(SESSION_PATHS.tissueConfiguration),
    moduleTissuesCall(
      'T1 and T2 [ms] of the module’s tissues (with a session’s own values when sessionId is given)',
    ),
    async (request) =>
      tissueConfiguration(root.db, runtime, callerOf(request), request.params.labId, request.query.sessionId),
  );

  app.delete(
    routePath(SESSION_PATHS.tissueReset),
    moduleTissuesCall(
      'Reset a session’s tissue values to the module’s (sessionId), or a module’s to the library’s',
    ),
    async (request) =>
      resetTissues(root.db, runtime, callerOf(request), request.params.labId, request.query.sessionId),
  );

  app.post(
    routePath(SESSION_PATHS.tissueEdit),
    simulatorCall(
      'Set one tissue’s T1 and T2 [ms]: in a session (session_id), or a teacher’s edit of the module',
      {
        body: tissueEditSchema,
        response: { 200: tissueConfigurationSchema, ...errors },
      },
    ),
    async (request) => editTissue(root.db, runtime, callerOf(request), request.body),
  );
};
