/**
 * Server configuration from environment variables (names in @larmor/contracts/config). Defaults: PORT 8080,
 * DATA_DIR ./data, SQLite under DATA_DIR, access tokens for 8 h, a JWT secret generated once and kept in
 * DATA_DIR/jwt-secret when JWT_SECRET is not given.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_S, ENV } from '@larmor/contracts';
import { PASSWORD_HASH_COST, type PasswordHashCost } from './modules/auth/passwords.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** HS256 key of access tokens; at least 32 bytes. */
  jwtSecret: Uint8Array;
  /** Access-token lifetime [s]. */
  accessTokenTtlS: number;
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
}

type Env = Readonly<Record<string, string | undefined>>;

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
    smtpUrl: env[ENV.SMTP_URL] || undefined,
    mailFrom: env[ENV.MAIL_FROM] || 'Larmor <no-reply@larmor.local>',
    jwtSecret: resolveJwtSecret(env, dataDir),
    accessTokenTtlS: positiveInt(env, ENV.ACCESS_TOKEN_TTL, ACCESS_TOKEN_TTL_S),
    passwordHashCost: PASSWORD_HASH_COST,
    publicUrl: (env[ENV.PUBLIC_URL] || `http://localhost:${port}`).replace(/\/$/, ''),
    authRateLimitPerMinute: positiveInt(
      env,
      ENV.AUTH_RATE_LIMIT_PER_MINUTE,
      DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE,
    ),
    rateLimitPerMinute: positiveInt(env, ENV.RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE),
    logLevel: env[ENV.LOG_LEVEL] || 'info',
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
