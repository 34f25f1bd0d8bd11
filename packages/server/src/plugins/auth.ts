/**
 * Authentication and the permission guard. Access tokens are HS256 JWTs (jose) with the claims of
 * @larmor/contracts/auth (uid, scope, exp, identity); anything else (alg none, another algorithm, a bad
 * signature, an expired or malformed token) answers 401 with code INVALID_TOKEN.
 */
import { accessTokenClaimsSchema, rolesInScope, type AccessTokenClaims, type Role } from '@larmor/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { isSessionLive } from '../modules/auth/repository.ts';
import { forbidden, unauthenticated } from './errors.ts';

/** Who is calling, once authenticated. */
export interface AuthContext {
  userId: string;
  /** Roles of the active identity, from the token's scope claim. */
  roles: Role[];
  /** The active identity's id, null when the user has none. */
  identityId: string | null;
  /** The sign-in session (refresh-token family) of the presented access token. */
  sessionId: string;
  /** Expiry of the presented access token [s since the epoch]. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` (and so by `requireRole`); null on public routes. */
    auth: AuthContext | null;
  }
}

const ALGORITHM = 'HS256';

/** Signs an access token for `claims` that expires `ttlS` seconds from now. */
export async function signAccessToken(
  secret: Uint8Array,
  claims: Omit<AccessTokenClaims, 'exp'>,
  ttlS: number,
): Promise<string> {
  const nowS = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid: claims.uid, scope: claims.scope, identity: claims.identity, sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.uid)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + ttlS)
    .sign(secret);
}

/** The claims of a valid access token; throws a 401 ApiError for anything else. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessTokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ['exp'] }));
  } catch {
    throw unauthenticated();
  }
  const claims = accessTokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw unauthenticated();
  return claims.data;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header);
  if (!match?.[1]) throw unauthenticated('Missing bearer token');
  return match[1];
}

/**
 * preHandler: verifies the bearer token, and that its user still exists and is active and its session is not
 * revoked nor past its absolute lifetime (one query, two primary-key look-ups), then sets `request.auth`. Logout, refresh-token reuse,
 * deactivation, deletion and a password change elsewhere end the access tokens of a session at once.
 */
export const authenticate: preHandlerAsyncHookHandler = async function (request) {
  const claims = await verifyAccessToken(request.server.config.jwtSecret, bearerToken(request));
  const { db, config } = request.server;
  const signedInAfter = new Date(Date.now() - config.sessionMaxAgeS * 1000).toISOString();
  if (!(await isSessionLive(db, claims.uid, claims.sid, signedInAfter))) throw unauthenticated();
  request.auth = {
    userId: claims.uid,
    roles: rolesInScope(claims.scope),
    identityId: claims.identity,
    sessionId: claims.sid,
    expiresAt: claims.exp,
  };
};

/** preHandler: authenticates, then answers 403 (code NOT_AUTHORIZED) unless the scope holds one of `roles`. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    await authenticate.call(this, request, reply);
    if (!request.auth?.roles.some((role) => roles.includes(role))) throw forbidden();
  };
}

/** The authenticated caller of a route guarded by `authenticate` or `requireRole`. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Adds the `request.auth` decoration to the root instance. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}
