/**
 * Sign-in sessions: an access token (JWT, config.accessTokenTtlS) and a rotating refresh token stored as a
 * SHA-256 hash. Each sign-in starts a token family (an auth_sessions row); every refresh marks the presented
 * token used and issues the next one in the family; presenting a used or revoked token revokes the whole
 * family (refresh-token reuse detection, OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
 *
 * A session lives at most config.sessionMaxAgeS from sign-in (absolute lifetime, OWASP ASVS 5.0 V7.3.2):
 * refreshing does not extend it, no refresh token outlives it, and its access tokens stop with it.
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  REFRESH_TOKEN_TTL_S,
  type AccessTokenClaims,
  type TokenPair,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { signAccessToken, type AuthContext } from '../../plugins/auth.ts';
import { defaultIdentity, identitiesOf, type IdentityRecord } from '../identities/repository.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import {
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  refreshTokenByHash,
  revokeFamily,
  sessionStart,
  userRole,
  type Db,
} from './repository.ts';
import { scopeFor } from './scope.ts';

const invalidRefreshToken = (): ApiError =>
  new ApiError(401, ERROR_CODES.INVALID_TOKEN, 'Invalid refresh token', ERROR_CAUSES.UNAUTHENTICATED);

/** The session tokens are issued in: a new one (signed in at `signedInAt`), or an existing family. */
type SessionRef = { kind: 'new'; signedInAt: string } | { kind: 'continue'; id: string; signedInAt: string };

/** The moment a session signed in at `signedInAt` [ISO 8601] ends. */
function sessionEnd(app: FastifyInstance, signedInAt: string): string {
  return new Date(Date.parse(signedInAt) + app.config.sessionMaxAgeS * 1000).toISOString();
}

/** What a transaction wrote for a token pair: the access token's claims (signed after commit) and the refresh token. */
interface WrittenTokens {
  claims: Omit<AccessTokenClaims, 'exp'>;
  refreshToken: string;
}

/**
 * Writes a token pair for `userId` acting as `identityId` (its default identity when undefined; an identity
 * the user does not hold falls back to the default, null to none) in `session`, inside `trx`: the session
 * row, and the refresh token, which expires after REFRESH_TOKEN_TTL_S or at the session's end if sooner.
 * The access token is signed by `signWritten` after the transaction commits: signing waits for a thread of the
 * pool the password checks use, and under a sign-in storm holding the database connection for that wait
 * serialised every sign-in (SQLite) or exhausted the pool (PostgreSQL).
 */
async function writeTokens(
  trx: Db,
  app: FastifyInstance,
  userId: string,
  identityId: string | null | undefined,
  session: SessionRef,
): Promise<WrittenTokens> {
  const sessionId = session.kind === 'continue' ? session.id : newId();
  if (session.kind === 'new') await insertSession(trx, sessionId, userId, session.signedInAt);
  const role = await userRole(trx, userId);
  const identities = await identitiesOf(trx, userId);
  let identity: IdentityRecord | null;
  if (identityId === undefined) identity = defaultIdentity(identities);
  else
    identity =
      identities.find((i) => i.id === identityId) ??
      (identityId === null ? null : defaultIdentity(identities));
  const refreshToken = newOpaqueToken();
  const idleEnd = isoNow(REFRESH_TOKEN_TTL_S);
  const end = sessionEnd(app, session.signedInAt);
  await insertRefreshToken(trx, {
    userId,
    familyId: sessionId,
    tokenHash: hashOpaqueToken(refreshToken),
    identityId: identity?.id ?? null,
    expiresAt: end < idleEnd ? end : idleEnd,
  });
  const claims = {
    uid: userId,
    scope: scopeFor(role, identity?.role ?? null),
    identity: identity?.id ?? null,
    sid: sessionId,
  };
  return { claims, refreshToken };
}

/** The token pair of what a committed transaction wrote. */
async function signWritten(app: FastifyInstance, written: WrittenTokens): Promise<TokenPair> {
  const accessToken = await signAccessToken(app.config.jwtSecret, written.claims, app.config.accessTokenTtlS);
  return { accessToken, refreshToken: written.refreshToken };
}

/** Signs `userId` in: a new session acting as their default identity, written in one transaction. */
export async function issueTokens(app: FastifyInstance, userId: string): Promise<TokenPair> {
  const session: SessionRef = { kind: 'new', signedInAt: isoNow() };
  const written = await app.db
    .transaction()
    .execute((trx) => writeTokens(trx, app, userId, undefined, session));
  return signWritten(app, written);
}

/**
 * Switches the caller to identity `identityId` (already checked to be theirs): a new token family that keeps
 * the sign-in time of the caller's session, so switching never extends the absolute lifetime.
 */
export async function switchIdentity(
  app: FastifyInstance,
  caller: AuthContext,
  identityId: string,
): Promise<TokenPair> {
  const signedInAt = await sessionStart(app.db, caller.sessionId);
  if (signedInAt === undefined) throw notFound('Session');
  const session: SessionRef = { kind: 'new', signedInAt };
  const written = await app.db
    .transaction()
    .execute((trx) => writeTokens(trx, app, caller.userId, identityId, session));
  return signWritten(app, written);
}

/**
 * Exchanges a refresh token for a new pair in the same family. A spent (used or revoked) token revokes the
 * family; an unknown or expired token, one of an inactive user or of a session past its absolute lifetime
 * answers 401. Spending the token and writing the next one is one transaction.
 */
export async function rotateRefreshToken(app: FastifyInstance, token: string): Promise<TokenPair> {
  const row = await refreshTokenByHash(app.db, hashOpaqueToken(token));
  if (!row) throw invalidRefreshToken();
  if (row.used_at !== null || row.revoked_at !== null) {
    await revokeFamily(app.db, row.family_id);
    throw invalidRefreshToken();
  }
  const now = isoNow();
  if (row.expires_at <= now || row.status !== 'active') throw invalidRefreshToken();
  if (sessionEnd(app, row.session_created_at) <= now) throw invalidRefreshToken();
  const session: SessionRef = { kind: 'continue', id: row.family_id, signedInAt: row.session_created_at };
  const written = await app.db.transaction().execute(async (trx) => {
    // Only one of two concurrent refreshes with the same token wins; the loser counts as reuse.
    if (!(await markRefreshTokenUsed(trx, row.id))) return null;
    return writeTokens(trx, app, row.user_id, row.identity_id, session);
  });
  if (written === null) {
    await revokeFamily(app.db, row.family_id);
    throw invalidRefreshToken();
  }
  return signWritten(app, written);
}

/** Logout: revokes the family of `token`; unknown tokens are ignored so logout always succeeds. */
export async function logout(db: Db, token: string): Promise<void> {
  const row = await refreshTokenByHash(db, hashOpaqueToken(token));
  if (row) await revokeFamily(db, row.family_id);
}
