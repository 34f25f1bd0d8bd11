/**
 * Sign-in sessions: an access token (JWT, config.accessTokenTtlS) and a rotating refresh token stored as a
 * SHA-256 hash. Each sign-in starts a token family; every refresh marks the presented token used and
 * issues the next one in the family; presenting a used or revoked token revokes the whole family
 * (refresh-token reuse detection, OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
 */
import { ERROR_CAUSES, ERROR_CODES, REFRESH_TOKEN_TTL_S, type TokenPair } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { signAccessToken } from '../../plugins/auth.ts';
import { defaultIdentity, identitiesOf, type IdentityRecord } from '../identities/repository.ts';
import { hashOpaqueToken, isoNow, newId, newOpaqueToken } from './opaque-tokens.ts';
import {
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  refreshTokenByHash,
  revokeFamily,
  userRole,
  type Db,
} from './repository.ts';
import { scopeFor } from './scope.ts';

const invalidRefreshToken = (): ApiError =>
  new ApiError(401, ERROR_CODES.INVALID_TOKEN, 'Invalid refresh token', ERROR_CAUSES.UNAUTHENTICATED);

/**
 * Issues a token pair for `userId` acting as `identityId` (its default identity when undefined; an
 * identity id the user does not hold is refused with 404). `familyId` continues a family (a session) on
 * rotation; without it a new session starts.
 */
export async function issueTokens(
  app: FastifyInstance,
  userId: string,
  identityId?: string | null,
  familyId?: string,
): Promise<TokenPair> {
  const sessionId = familyId ?? newId();
  if (familyId === undefined) await insertSession(app.db, sessionId, userId);
  const role = await userRole(app.db, userId);
  const identities = await identitiesOf(app.db, userId);
  let identity: IdentityRecord | null;
  if (identityId === undefined) identity = defaultIdentity(identities);
  else
    identity =
      identities.find((i) => i.id === identityId) ??
      (identityId === null ? null : defaultIdentity(identities));
  const accessToken = await signAccessToken(
    app.config.jwtSecret,
    {
      uid: userId,
      scope: scopeFor(role, identity?.role ?? null),
      identity: identity?.id ?? null,
      sid: sessionId,
    },
    app.config.accessTokenTtlS,
  );
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(app.db, {
    userId,
    familyId: sessionId,
    tokenHash: hashOpaqueToken(refreshToken),
    identityId: identity?.id ?? null,
    expiresAt: isoNow(REFRESH_TOKEN_TTL_S),
  });
  return { accessToken, refreshToken };
}

/**
 * Exchanges a refresh token for a new pair in the same family. A spent (used or revoked) token revokes the
 * family; an unknown, expired token or one of an inactive user answers 401.
 */
export async function rotateRefreshToken(app: FastifyInstance, token: string): Promise<TokenPair> {
  const row = await refreshTokenByHash(app.db, hashOpaqueToken(token));
  if (!row) throw invalidRefreshToken();
  if (row.used_at !== null || row.revoked_at !== null) {
    await revokeFamily(app.db, row.family_id);
    throw invalidRefreshToken();
  }
  if (row.expires_at <= isoNow() || row.status !== 'active') throw invalidRefreshToken();
  // Only one of two concurrent refreshes with the same token wins; the loser counts as reuse.
  if (!(await markRefreshTokenUsed(app.db, row.id))) {
    await revokeFamily(app.db, row.family_id);
    throw invalidRefreshToken();
  }
  return issueTokens(app, row.user_id, row.identity_id, row.family_id);
}

/** Logout: revokes the family of `token`; unknown tokens are ignored so logout always succeeds. */
export async function logout(db: Db, token: string): Promise<void> {
  const row = await refreshTokenByHash(db, hashOpaqueToken(token));
  if (row) await revokeFamily(db, row.family_id);
}
