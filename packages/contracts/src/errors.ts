import { z } from 'zod';

/**
 * The numeric error codes of the catalogue (platform-shell.md §8), under names a reader would search for.
 * Every error answer of the API carries one of them in `error.code`.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400400,
  NOT_AUTHORIZED: 400403,
  NOT_LICENSED: 400406,
  INVALID_USERNAME: 400407,
  INVALID_PASSWORD: 400408,
  DEACTIVATED: 400409,
  INVALID_TOKEN: 400410,
  INVALID_MFA: 400411,
  INVALID_RECOVERY_CODE: 400412,
  INVALID_BARCODE: 400413,
  INVALID_USER_STATUS: 400414,
  INVALID_COLLECTION_DATE: 400415,
  INVALID_DATA: 400416,
  DOWNSTREAM_SERVICE_ERROR: 500419,
  JWT_GENERATION_ERROR: 500500,
  INTERNAL_GET_ERROR: 500505,
  INTERNAL_INSERT_ERROR: 500506,
  INTERNAL_UPDATE_ERROR: 500507,
  INTERNAL_DELETE_ERROR: 500508,
  PARSING_ERROR: 600600,
  INVALID_IMPORT_FILE_TYPE: 600601,
  TOO_MANY_ACTIVE_SESSIONS: 700700,
  INSTANCE_NOT_RUNNING: 700701,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

/**
 * Machine-readable reasons the server puts in `error.cause`, so a client can tell apart errors that share
 * a numeric code (a 404 and a 400 both carry BAD_REQUEST, for instance).
 */
export const ERROR_CAUSES = {
  VALIDATION: 'validation',
  MALFORMED_JSON: 'malformed_json',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  RATE_LIMITED: 'rate_limited',
  /** The user has MAX_ACTIVE_SCANS_PER_USER scans queued or running; a run is refused until one ends (429). */
  TOO_MANY_SCANS: 'too_many_scans',
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  INTERNAL: 'internal',
  /** A service the server depends on (the database) is unreachable or not answering; retry later (503). */
  UNAVAILABLE: 'unavailable',
} as const;

export type ErrorCause = (typeof ERROR_CAUSES)[keyof typeof ERROR_CAUSES];

/**
 * The body of every error answer (DESIGN.md §4, platform-shell.md §3): `validation` maps each failing field
 * (dot-separated path) to the rule it broke, e.g. `{ "email": "format", "password": "required" }`.
 */
export const errorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.number().int(),
    cause: z.string().nullable(),
    validation: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
