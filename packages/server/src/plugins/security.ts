/**
 * Security headers (helmet) and rate limits. Every route shares a generous per-address limit; login,
 * registration and the forgot/reset calls get a strict one through `authRateLimit`.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CAUSES, ERROR_CODES } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

const MINUTE_MS = 60_000;

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // The Swagger UI page needs inline styles and scripts; the web app is built without them.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  const max = app.config.rateLimitPerMinute;
  await app.register(rateLimit, {
    global: max > 0,
    max: max > 0 ? max : 1,
    timeWindow: MINUTE_MS,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        context.statusCode,
        ERROR_CODES.BAD_REQUEST,
        `Too many requests, retry in ${context.after}`,
        ERROR_CAUSES.RATE_LIMITED,
      ),
  });
}

/** Route `config` for the strictly limited calls (login, register, forgot/reset): AUTH_RATE_LIMIT_PER_MINUTE. */
export function authRateLimit(app: FastifyInstance): {
  rateLimit: false | { max: number; timeWindow: number };
} {
  const max = app.config.authRateLimitPerMinute;
  return { rateLimit: max > 0 ? { max, timeWindow: MINUTE_MS } : false };
}
