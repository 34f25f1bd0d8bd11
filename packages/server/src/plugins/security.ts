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
    // Helmet's strict default policy (no inline scripts), plus blob: images and workers for the viewers.
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        // Served over plain HTTP (a LAN address, the embedded default), upgrading would break every request.
        'upgrade-insecure-requests': app.config.publicUrl.startsWith('https:') ? [] : null,
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
