/**
 * Opaque tokens (refresh tokens, activation and reset links): 32 random bytes, base64url, handed out once and
 * stored only as their SHA-256 hex digest, so a database leak gives no usable token.
 */
import crypto from 'node:crypto';

const TOKEN_BYTES = 32;

export function newOpaqueToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
