/**
 * Security headers (helmet), rate limits and the NUL guard. Every route shares a generous per-address limit;
 * login, registration and the forgot/reset calls get a strict one through `authRateLimit`.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { CONTROL_CHARACTER_RULE, ERROR_CAUSES, ERROR_CODES } from '@larmor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { frameAncestors, type FrameAncestors } from './frame-ancestors.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The CSP frame-ancestors sources: Larmor and the registered LTI platforms (plugins/frame-ancestors.ts). */
    frameAncestors: FrameAncestors;
  }
}

const MINUTE_MS = 60_000;

/**
 * The dot-separated path of the first string (value or key) holding NUL in `value`, `part` for the value
 * itself; undefined when there is none. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function pathOfNul(value: unknown, part: string): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [item, path] = entry;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path || part;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses NUL anywhere in a request's parameters, query or JSON body with 400, before validation: the
 * schemas refuse control characters field by field (contracts textSchema), and this guard keeps a field
 * that forgot to, in any module, from reaching PostgreSQL, which cannot store NUL (issue 8 item 9).
 */
async function refuseNul(request: FastifyRequest): Promise<void> {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const field = pathOfNul(value, part);
    if (field !== undefined) {
      throw new ApiError(400, ERROR_CODES.BAD_REQUEST, 'Invalid request', ERROR_CAUSES.VALIDATION, {
        [field]: CONTROL_CHARACTER_RULE,
      });
    }
  }
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', refuseNul);
  const frames = frameAncestors(app.db, (error) =>
    app.log.error({ err: error }, 'reading LTI frame origins failed'),
  );
  app.decorate('frameAncestors', frames);
  app.addHook('onReady', () => frames.refresh());
  await app.register(helmet, {
    // Helmet's strict default policy (no inline scripts), plus blob: images and workers for the viewers, and
    // WebAssembly compilation for the engine's SIMD kernels (FFT, Bloch) in the simulator's preview worker:
    // 'wasm-unsafe-eval' allows compiling WebAssembly modules only, never eval() of JavaScript.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        // Larmor in a learning platform's iframe (LTI launches): its own pages and the registered platforms' origins.
        'frame-ancestors': [() => frames.current()],
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

/**
 * preHandler, after `authenticate`: the strict limit (AUTH_RATE_LIMIT_PER_MINUTE) counted per signed-in user,
 * whatever address the calls come from, for calls that check a password (me/change-password). With
 * `authRateLimit` as the route's config, the call is limited per address and per user (issue 8 item 5).
 */
export function perUserAuthRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const max = app.config.authRateLimitPerMinute;
  const limit =
    max > 0
      ? app.createRateLimit({
          max,
          timeWindow: MINUTE_MS,
          keyGenerator: (request) => `user:${request.auth?.userId ?? ''}`,
        })
      : null;
  return async (request, reply) => {
    if (limit === null || request.auth === null) return;
    const outcome = await limit(request);
    // isAllowed means allow-listed; otherwise the count decides.
    if (outcome.isAllowed || !outcome.isExceeded) return;
    void reply.header('retry-after', outcome.ttlInSeconds);
    throw new ApiError(
      429,
      ERROR_CODES.BAD_REQUEST,
      `Too many requests, retry in ${outcome.ttlInSeconds} s`,
      ERROR_CAUSES.RATE_LIMITED,
    );
  };
}

/**
 * onRequest hook that keeps a module's answers out of every cache (Cache-Control: no-store): tokens and
 * personal data (login, refresh-token, me/, identities, users, organisations, mail; issue 8 item 11). It runs
 * first, so error answers carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/** Route `config` for the strictly limited calls (login, register, forgot/reset): AUTH_RATE_LIMIT_PER_MINUTE. */
export function authRateLimit(app: FastifyInstance): {
  rateLimit: false | { max: number; timeWindow: number };
} {
  const max = app.config.authRateLimitPerMinute;
  return { rateLimit: max > 0 ? { max, timeWindow: MINUTE_MS } : false };
}

/** Path segments after which the next segment is a secret link token (API calls and the web app's routes). */
const TOKEN_BEFORE_SEGMENTS = new Set(['activate', 'activate-account', 'reset-password']);
/** Query parameters whose values are secrets, by name (case-insensitive). */
const SECRET_QUERY_PARAMETER = /token|secret|password|code|key/i;
/** What a secret is replaced with in the log. */
export const REDACTED = '[redacted]';

/**
 * `url` as it may be logged: the token segment of activation and reset links and the values of secret-named
 * query parameters replaced by REDACTED (issue 8 item 6: link tokens must not reach the log).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const segments = path.split('/');
  const redactedPath = segments
    .map((segment, i) => (i > 0 && TOKEN_BEFORE_SEGMENTS.has(segments[i - 1] ?? '') ? REDACTED : segment))
    .join('/');
  if (queryStart < 0) return redactedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_QUERY_PARAMETER.test(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** The request as the log shows it (pino's `req` serializer): Fastify's usual fields, the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
