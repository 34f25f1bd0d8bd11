/**
 * Names of the environment variables the server reads (README "Configuration"). Defaults are the server's;
 * they are listed here so docs, CLI and tests spell each name once.
 */
export const ENV = {
  /** HTTP port; default 8080. */
  PORT: 'PORT',
  /** Interface to listen on; default 0.0.0.0. */
  HOST: 'HOST',
  /** Folder of the SQLite database, the JWT secret and blobs; default ./data. */
  DATA_DIR: 'DATA_DIR',
  /** PostgreSQL connection string; when set, PostgreSQL replaces the embedded SQLite database. */
  DATABASE_URL: 'DATABASE_URL',
  /** Redis connection string; when set, scan jobs go through BullMQ. */
  REDIS_URL: 'REDIS_URL',
  /** SMTP connection string (smtp://user:pass@host:port); when set, outbox mail is sent. */
  SMTP_URL: 'SMTP_URL',
  /** Sender address of outgoing mail. */
  MAIL_FROM: 'MAIL_FROM',
  /** Secret for signing access tokens (HS256); generated and kept under DATA_DIR when not given. */
  JWT_SECRET: 'JWT_SECRET',
  /** Access-token lifetime [s]; default 8 h. */
  ACCESS_TOKEN_TTL: 'ACCESS_TOKEN_TTL',
  /** Public URL of the web app, used in links of outgoing mail; default http://localhost:PORT. */
  PUBLIC_URL: 'PUBLIC_URL',
  /** Requests per minute and client address on login, registration and the forgot/reset calls. */
  AUTH_RATE_LIMIT_PER_MINUTE: 'AUTH_RATE_LIMIT_PER_MINUTE',
  /** Requests per minute and client address on every other call. */
  RATE_LIMIT_PER_MINUTE: 'RATE_LIMIT_PER_MINUTE',
  /** Log level of the server (fatal, error, warn, info, debug, trace, silent); default info. */
  LOG_LEVEL: 'LOG_LEVEL',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];

/** Where the API lives under the web app's origin. */
export const API_PREFIX = '/api';
