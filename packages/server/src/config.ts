/**
 * Server configuration from environment variables (names in @larmor/contracts/config). Defaults: PORT 8080,
 * DATA_DIR ./data, SQLite under DATA_DIR, access tokens for 8 h, a JWT secret generated once and kept in
 * DATA_DIR/jwt-secret when JWT_SECRET is not given.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ACCESS_TOKEN_TTL_S,
  ENV,
  ENVIRONMENTS,
  SESSION_MAX_AGE_S,
  type Environment,
} from '@larmor/contracts';
import { PASSWORD_HASH_COST, type PasswordHashCost } from './modules/auth/passwords.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  redisUrl: string | undefined;
  /** S3-compatible blob storage when set; otherwise blobs are files under DATA_DIR/blobs. */
  s3Url: string | undefined;
  /** Scan worker threads; undefined: the default of the process (cores − 1 in the server, cores in a worker). */
  scanThreads: number | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** HS256 key of access tokens; at least 32 bytes. */
  jwtSecret: Uint8Array;
  /** Access-token lifetime [s]. */
  accessTokenTtlS: number;
  /** Absolute lifetime of a sign-in session [s] from sign-in: refreshes never extend it. */
  sessionMaxAgeS: number;
  /**
   * Fastify's `trustProxy`: whether (and which) reverse proxies' X-Forwarded-* headers give the client's
   * address, so rate limits count per client rather than per proxy. False by default.
   */
  trustProxy: TrustProxy;
  /** argon2id cost of new password hashes: always the production cost, lowered only by the tests' configuration. */
  passwordHashCost: PasswordHashCost;
  /** Base URL of links in mail (activation, password reset). */
  publicUrl: string;
  /** Requests per minute and address on login, registration, forgot/reset; 0 turns the limit off. */
  authRateLimitPerMinute: number;
  /** Requests per minute and address on every other call; 0 turns the limit off. */
  rateLimitPerMinute: number;
  logLevel: string;
  /** Folder of the built web app served at /, when it exists. */
  webDistDir: string;
  /** Simulator sessions without keepalive for this long are closed [ms]; default SESSION_REAP_AFTER_MS (900 s). */
  sessionReapAfterMs?: number;
  /** How often the server looks for such sessions [ms]; default 30 s. */
  sessionReapIntervalMs?: number;
  /** How long an API process holds a running scan without renewing its lease [ms] (SCAN_LEASE_MS); default 6 s. */
  scanLeaseMs?: number;
  /** The environment (LARMOR_ENV); absent: development. Analytics and achievements are off in production. */
  environment?: Environment;
}

type Env = Readonly<Record<string, string | undefined>>;

/** What TRUST_PROXY may say: off, on (every hop), a number of hops, or proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY: empty or `false` off; `true` trusts every hop (only behind a proxy that overwrites
 * X-Forwarded-For); a whole number trusts that many hops; otherwise comma-separated proxy addresses or CIDRs.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  if (addresses.some((a) => !/^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(a))) {
    throw new Error(
      `${ENV.TRUST_PROXY} must be true, false, a number of hops or proxy addresses, got '${text}'`,
    );
  }
  return addresses;
}

const DEFAULT_PORT = 8080;
const DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE = 20;
const DEFAULT_RATE_LIMIT_PER_MINUTE = 6_000;
const JWT_SECRET_BYTES = 48;

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

/** SESSION_MAX_AGE [s]: at least one second (0 would end every session at once). */
function sessionMaxAge(env: Env): number {
  const value = positiveInt(env, ENV.SESSION_MAX_AGE, SESSION_MAX_AGE_S);
  if (value < 1) throw new Error(`${ENV.SESSION_MAX_AGE} must be at least 1 [s]`);
  return value;
}

/** The JWT secret: JWT_SECRET if given, else the one kept in DATA_DIR/jwt-secret (created on first use, mode 600). */
export function resolveJwtSecret(env: Env, dataDir: string): Uint8Array {
  const given = env[ENV.JWT_SECRET];
  if (given) {
    if (given.length < 32) throw new Error(`${ENV.JWT_SECRET} must be at least 32 characters`);
    return new TextEncoder().encode(given);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(JWT_SECRET_BYTES).toString('base64url'), {
      mode: 0o600,
      flag: 'wx',
    });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** LARMOR_ENV, one of ENVIRONMENTS; default production when NODE_ENV is production, else development. */
export function parseEnvironment(env: Env): Environment {
  const raw = env[ENV.LARMOR_ENV] ?? '';
  if (raw === '') return env['NODE_ENV'] === 'production' ? 'production' : 'development';
  const found = ENVIRONMENTS.find((e) => e === raw);
  if (!found) throw new Error(`${ENV.LARMOR_ENV} must be one of ${ENVIRONMENTS.join(', ')}, got '${raw}'`);
  return found;
}

/** Reads the configuration from `env`; creates DATA_DIR (and the JWT secret in it) when needed. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const dataDir = path.resolve(env[ENV.DATA_DIR] || './data');
  const port = positiveInt(env, ENV.PORT, DEFAULT_PORT);
  return {
    port,
    host: env[ENV.HOST] || '0.0.0.0',
    dataDir,
    databaseUrl: env[ENV.DATABASE_URL] || undefined,
    sqlitePath: path.join(dataDir, 'larmor.sqlite'),
    redisUrl: env[ENV.REDIS_URL] || undefined,
    s3Url: env[ENV.S3_URL] || undefined,
    scanThreads: positiveInt(env, ENV.SCAN_THREADS, 0) || undefined,
    ...(positiveInt(env, ENV.SCAN_LEASE_MS, 0)
      ? { scanLeaseMs: positiveInt(env, ENV.SCAN_LEASE_MS, 0) }
      : {}),
    smtpUrl: env[ENV.SMTP_URL] || undefined,
    mailFrom: env[ENV.MAIL_FROM] || 'Larmor <no-reply@larmor.local>',
    jwtSecret: resolveJwtSecret(env, dataDir),
    accessTokenTtlS: positiveInt(env, ENV.ACCESS_TOKEN_TTL, ACCESS_TOKEN_TTL_S),
    sessionMaxAgeS: sessionMaxAge(env),
    trustProxy: parseTrustProxy(env[ENV.TRUST_PROXY]),
    passwordHashCost: PASSWORD_HASH_COST,
    publicUrl: (env[ENV.PUBLIC_URL] || `http://localhost:${port}`).replace(/\/$/, ''),
    authRateLimitPerMinute: positiveInt(
      env,
      ENV.AUTH_RATE_LIMIT_PER_MINUTE,
      DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE,
    ),
    rateLimitPerMinute: positiveInt(env, ENV.RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE),
    logLevel: env[ENV.LOG_LEVEL] || 'info',
    environment: parseEnvironment(env),
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
