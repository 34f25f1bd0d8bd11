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
  /**
   * S3-compatible object storage for scan images and k-space, http(s)://KEY:SECRET@host:port/bucket[/prefix]
   * [?region=…]; default: files under DATA_DIR/blobs.
   */
  S3_URL: 'S3_URL',
  /** Worker threads that run scans (in `larmor start` without REDIS_URL, and in each `larmor worker`); default cores − 1 in the server, one per core in a worker. */
  SCAN_THREADS: 'SCAN_THREADS',
  /**
   * How long an API process holds a running scan without renewing its lease [ms]; a scan whose lease passed is
   * taken over by another API process from its stored snapshot. Default 30000.
   */
  SCAN_LEASE_MS: 'SCAN_LEASE_MS',
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
  /** Absolute lifetime of a sign-in session [s], from sign-in, whatever the refreshes; default 30 days. */
  SESSION_MAX_AGE: 'SESSION_MAX_AGE',
  /**
   * Trust X-Forwarded-For/-Proto/-Host from a reverse proxy: `true` (every hop), a number of hops, or a
   * comma-separated list of proxy addresses/CIDRs; default off (the socket's address is the client's).
   */
  TRUST_PROXY: 'TRUST_PROXY',
  /** Log level of the server (fatal, error, warn, info, debug, trace, silent); default info. */
  LOG_LEVEL: 'LOG_LEVEL',
  /**
   * The environment the server runs in (ENVIRONMENTS; some features differ by environment, platform-shell.md
   * §1): default production when NODE_ENV is production, else development, as the web app's VITE_LARMOR_ENV.
   */
  LARMOR_ENV: 'LARMOR_ENV',
} as const;

/** The environments of platform-shell.md §1. */
export const ENVIRONMENTS = ['development', 'production', 'integration', 'staging', 'testing'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export type EnvName = (typeof ENV)[keyof typeof ENV];

/** Where the API lives under the web app's origin. */
export const API_PREFIX = '/api';
