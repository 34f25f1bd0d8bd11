import { healthResponseSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

/** GET /health: whether the server and its database answer; a failing database gives 503 with `error`. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['platform'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(app.db);
          return { status: 'ok' as const, database: app.dbKind };
        } catch (error) {
          request.log.error({ err: error }, 'health check failed');
          return reply
            .status(503)
            .send({ status: 'error' as const, database: app.dbKind, error: 'database unreachable' });
        }
      },
    );
};
