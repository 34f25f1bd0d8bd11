/**
 * POST v1/error-reports (contracts error-reports.ts): the web app's report of an error the user may not have
 * seen. The caller's user id (from the token, never from the body) is attached, and the report goes to the
 * server's log at warn level, where operators collect the logs; the answer is 204 with no body.
 */
import { ERROR_REPORT_PATHS, errorReportSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { perUserAuthRateLimit } from '../../plugins/security.ts';
import { routePath } from '../../plugins/route-path.ts';

export const errorReportsRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    routePath(ERROR_REPORT_PATHS.reports),
    {
      // At most AUTH_RATE_LIMIT_PER_MINUTE reports a minute per user: a page in a loop cannot flood the log.
      preHandler: [authenticate, perUserAuthRateLimit(app)],
      schema: {
        summary: 'Reports an error seen in the web app; the server logs it with the caller’s user id',
        tags: ['platform'],
        security: [{ bearer: [] }],
        body: errorReportSchema,
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      request.log.warn({ errorReport: request.body, userId }, `web app error report: ${request.body.name}`);
      return reply.status(204).send();
    },
  );
};
