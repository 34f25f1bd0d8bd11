import { healthResponseSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

/**
 * How long /health waits for the database's answer [ms]: a load balancer polling it must learn quickly that a
 * hanging database makes this node useless, rather than wait for the query timeouts of database.ts.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** Resolves when `work` does; rejects after `ms` if it has not (the work itself goes on and is ignored). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: whether the server and its database answer; a database that fails, or does not answer within
 * HEALTH_CHECK_TIMEOUT_MS, gives 503 with `error`.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['platform'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
      async (request, reply) => {
        try {
          await within(sql`select 1`.execute(app.db), HEALTH_CHECK_TIMEOUT_MS);
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
