/**
 * Error mapping: every error answer has the body `{error: {message, code, cause, validation?}}` of
 * @larmor/contracts/errors with a numeric code of the catalogue (platform-shell.md §8).
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  errorBodySchema,
  type ErrorBody,
  type ErrorCode,
} from '@larmor/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BlobStoreError } from '../blobs/types.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { QueueUnavailableError } from '../jobs/types.ts';

/** Seconds a client is asked to wait (Retry-After) before retrying a call that met an unavailable database. */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * The error answers of an administration call for a route's `response` schema (and so the OpenAPI page):
 * bad input, no or a bad token, the wrong role, an unknown id, a conflict.
 */
export const ADMIN_CALL_ERRORS = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
} as const;

/** Error answers of session calls: ADMIN_CALL_ERRORS plus 410 (code 700701) for a closed or reaped session. */
export const SESSION_CALL_ERRORS = { ...ADMIN_CALL_ERRORS, 410: errorBodySchema } as const;

/** An error a handler throws on purpose: it becomes an answer with this status and body. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly reason: string | null;
  readonly validation: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    reason: string | null = null,
    validation?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.reason = reason;
    this.validation = validation;
  }

  toBody(): ErrorBody {
    return {
      error: {
        message: this.message,
        code: this.code,
        cause: this.reason,
        ...(this.validation ? { validation: this.validation } : {}),
      },
    };
  }
}

export const notFound = (what: string): ApiError =>
  new ApiError(404, ERROR_CODES.BAD_REQUEST, `${what} not found`, ERROR_CAUSES.NOT_FOUND);
export const conflict = (message: string): ApiError =>
  new ApiError(409, ERROR_CODES.INVALID_DATA, message, ERROR_CAUSES.CONFLICT);
export const forbidden = (message = 'Not authorized'): ApiError =>
  new ApiError(403, ERROR_CODES.NOT_AUTHORIZED, message, ERROR_CAUSES.FORBIDDEN);
export const unauthenticated = (message = 'Invalid or expired token'): ApiError =>
  new ApiError(401, ERROR_CODES.INVALID_TOKEN, message, ERROR_CAUSES.UNAUTHENTICATED);
/** A 400 for one field breaking one rule, in the same shape as schema validation failures. */
export const invalidField = (field: string, rule: string, message: string): ApiError =>
  new ApiError(400, ERROR_CODES.INVALID_DATA, message, ERROR_CAUSES.VALIDATION, { [field]: rule });

interface ValidationEntry {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/**
 * The rule a zod issue broke, in the vocabulary the client upper-cases into API-VALIDATION.{FIELD}.{RULE}:
 * required, type, min, max, format names (email, uuid, regex, datetime), enum, different, unknown, invalid.
 */
function ruleOf(entry: ValidationEntry): string {
  switch (entry.keyword) {
    case 'invalid_type':
      return /received undefined/.test(entry.message ?? '') ? 'required' : 'type';
    case 'too_small':
      return 'min';
    case 'too_big':
      return 'max';
    case 'invalid_format': {
      const format = entry.params['format'];
      return typeof format === 'string' ? format : 'format';
    }
    case 'invalid_value':
      return 'enum';
    case 'unrecognized_keys':
      return 'unknown';
    case 'custom': {
      const params = entry.params['params'];
      const rule =
        typeof params === 'object' && params !== null ? (params as { rule?: unknown }).rule : undefined;
      return typeof rule === 'string' ? rule : 'invalid';
    }
    default:
      return 'invalid';
  }
}

/** `{field: rule}` of a failed validation; the first rule per field wins; a whole-part failure is named after the part. */
export function validationMap(entries: readonly ValidationEntry[], part: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const entry of entries) {
    const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.') || part;
    map[field] ??= ruleOf(entry);
  }
  return map;
}

/** Fastify's own error codes that are the client's fault, with the answer each gets. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; cause: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    cause: ERROR_CAUSES.MALFORMED_JSON,
    message: 'Malformed JSON body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    cause: ERROR_CAUSES.MALFORMED_JSON,
    message: 'Empty JSON body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    cause: ERROR_CAUSES.PAYLOAD_TOO_LARGE,
    message: 'Request body too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    cause: ERROR_CAUSES.UNSUPPORTED_MEDIA_TYPE,
    message: 'Unsupported media type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    cause: ERROR_CAUSES.MALFORMED_JSON,
    message: 'Content length does not match the body',
  },
};

/**
 * PostgreSQL's SQLSTATE for text it cannot store (character_not_in_repertoire: NUL, or a byte sequence
 * invalid in UTF-8). The schemas and the NUL guard (security.ts) refuse such text first; should any slip
 * through, it is still the client's bad input (400), not a server failure.
 */
const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';

/** Seconds a client is asked to wait before retrying a call that met an unavailable scan queue or blob store. */
const SERVICE_RETRY_AFTER_S = 5;

/**
 * The service, in words, that an error says is unreachable or not answering (the scan queue's Redis, the blob
 * store); undefined for any other error. The answer names the service, never its address (the error's own
 * message, with the address, goes to the log).
 */
function unavailableService(error: unknown): string | undefined {
  if (error instanceof QueueUnavailableError) return 'scan queue';
  if (error instanceof BlobStoreError) return 'image store';
  return undefined;
}

/** Installs the error handler on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const thrown: unknown = error;
    if (thrown instanceof ApiError) return reply.status(thrown.statusCode).send(thrown.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const validation = validationMap(error.validation, part);
      const body = new ApiError(
        400,
        ERROR_CODES.BAD_REQUEST,
        'Invalid request',
        ERROR_CAUSES.VALIDATION,
        validation,
      );
      return reply.status(400).send(body.toBody());
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply
        .status(known.status)
        .send(new ApiError(known.status, ERROR_CODES.BAD_REQUEST, known.message, known.cause).toBody());
    }
    if (error.statusCode === 429) {
      const body = new ApiError(429, ERROR_CODES.BAD_REQUEST, 'Too many requests', ERROR_CAUSES.RATE_LIMITED);
      return reply.status(429).send(body.toBody());
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const body = new ApiError(error.statusCode, ERROR_CODES.BAD_REQUEST, error.message, null);
      return reply.status(error.statusCode).send(body.toBody());
    }
    if (error.code === PG_CHARACTER_NOT_IN_REPERTOIRE) {
      const body = new ApiError(
        400,
        ERROR_CODES.BAD_REQUEST,
        'The request holds characters that cannot be stored',
        ERROR_CAUSES.VALIDATION,
      );
      return reply.status(400).send(body.toBody());
    }
    const unavailable = unavailableService(thrown);
    if (unavailable) {
      request.log.warn({ err: error }, `${unavailable} unavailable`);
      const body = new ApiError(
        503,
        ERROR_CODES.DOWNSTREAM_SERVICE_ERROR,
        `The ${unavailable} is unavailable; try again shortly`,
        ERROR_CAUSES.UNAVAILABLE,
      );
      return reply.status(503).header('retry-after', SERVICE_RETRY_AFTER_S).send(body.toBody());
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const body = new ApiError(
        503,
        ERROR_CODES.DOWNSTREAM_SERVICE_ERROR,
        'The database is unavailable; try again shortly',
        ERROR_CAUSES.UNAVAILABLE,
      );
      return reply.status(503).header('retry-after', DATABASE_RETRY_AFTER_S).send(body.toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    const body = new ApiError(
      500,
      ERROR_CODES.INTERNAL_GET_ERROR,
      'Internal server error',
      ERROR_CAUSES.INTERNAL,
    );
    return reply.status(500).send(body.toBody());
  });
}

/** The 404 answer for a route that does not exist. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): void {
  reply.status(404).send(notFound(`Route ${request.method} ${request.url.split('?')[0] ?? ''}`).toBody());
}
