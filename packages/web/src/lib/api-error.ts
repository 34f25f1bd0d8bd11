/**
 * Error normalisation by HTTP answer (platform-shell.md §8 "Handling by HTTP answer"). Every failed call the
 * client makes becomes an ApiError, except cancelled requests and network errors, which pass through unchanged.
 */

/** The error body every call answers with on failure: { error: { message, code, cause, validation? } }. */
export interface ErrorBody {
  error: { message?: string; code?: number | string; cause?: unknown; validation?: Record<string, string> };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: number | string | undefined;
  override readonly cause: unknown;
  readonly validation: Record<string, string> | undefined;

  constructor(init: {
    message: string;
    status: number;
    code?: number | string | undefined;
    cause?: unknown;
    validation?: Record<string, string> | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.cause = init.cause;
    this.validation = init.validation;
  }
}

export function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as { error: unknown }).error === 'object' &&
    (body as { error: unknown }).error !== null
  );
}

/** 'API-VALIDATION.{FIELD}.{RULE}' in upper case, from the first entry of a validation map. */
export function validationCode(validation: Record<string, string>): string | undefined {
  const first = Object.entries(validation)[0];
  if (first === undefined) return undefined;
  const [field, rule] = first;
  return `API-VALIDATION.${field}.${rule}`.toUpperCase();
}

/** Turns a non-2xx answer into the ApiError the spec prescribes. */
export function normalizeHttpError(status: number, body: unknown): ApiError {
  const error = isErrorBody(body) ? body.error : undefined;
  const message = error?.message;
  if (status === 400 && error?.validation !== undefined) {
    const code = validationCode(error.validation);
    if (code !== undefined) {
      return new ApiError({
        message: message ?? code,
        status,
        code,
        cause: error.cause,
        validation: error.validation,
      });
    }
  }
  if (status === 409) {
    // The validation map rides along (a refusal to publish over failing reference checks names
    // `overrideReason`, issue 21); message and code stay the spec's.
    return new ApiError({
      message: message ?? 'Conflict',
      status,
      code: 409,
      cause: error?.cause,
      validation: error?.validation,
    });
  }
  if (error !== undefined) {
    return new ApiError({
      message: message ?? `Request failed (${status})`,
      status,
      code: error.code,
      cause: error.cause,
    });
  }
  return new ApiError({ message: `Request failed (${status})`, status, code: status });
}
