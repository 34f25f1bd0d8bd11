import { HEALTH_PATHS, healthResponseSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { routePath } from '../../plugins/route-path.ts';

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
 * `probe`, shared: a call while an earlier one is still running gets that one's outcome instead of starting
 * another, so any number of concurrent callers cost one run at a time.
 */
export function sharedProbe<T>(probe: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= probe().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * GET /health: whether the server and its database answer; a database that fails, or does not answer within
 * HEALTH_CHECK_TIMEOUT_MS, gives 503 with `error`. It is exempt from the rate limits, so that a load balancer
 * or monitor behind one busy address never takes a healthy node out (issue 19 item 10); being unlimited, it
 * stays cheap: concurrent calls share one database query, and so never take more than one pooled connection.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const databaseAnswers = sharedProbe(() => within(sql`select 1`.execute(app.db), HEALTH_CHECK_TIMEOUT_MS));
  app.withTypeProvider<ZodTypeProvider>().get(
    routePath(HEALTH_PATHS.health),
    {
      config: { rateLimit: false },
      schema: { tags: ['platform'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (request, reply) => {
      try {
        await databaseAnswers();
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
