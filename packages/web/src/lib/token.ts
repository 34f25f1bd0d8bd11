/** Access-token claims the client reads (platform-shell.md §3): uid, scope (space-separated roles), exp [s]. */
export interface TokenClaims {
  uid?: string | number;
  /** Space-separated role names, e.g. 'Admin Teacher'. */
  scope?: string;
  /** Expiry, seconds since the Unix epoch. */
  exp?: number;
  [claim: string]: unknown;
}

/** The error a malformed token raises; the message is the spec's (platform-shell.md §5, token decoding). */
export class InvalidTokenError extends Error {
  constructor() {
    super('Invalid token specified');
    this.name = 'InvalidTokenError';
  }
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Decodes the payload of a JWT without verifying it (the server verifies; the client only reads claims).
 * Throws InvalidTokenError for a non-string or malformed token.
 */
export function decodeToken(token: unknown): TokenClaims {
  if (typeof token !== 'string') throw new InvalidTokenError();
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || payload === '') throw new InvalidTokenError();
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new InvalidTokenError();
    return claims as TokenClaims;
  } catch {
    throw new InvalidTokenError();
  }
}

/** The scope claim (space-separated roles) when it is a string; undefined otherwise. */
export function tokenScope(claims: TokenClaims | null | undefined): string | undefined {
  return typeof claims?.scope === 'string' ? claims.scope : undefined;
}

/** Seconds the token has left at `nowMs` (negative once expired); undefined when it carries no exp. */
export function secondsLeft(claims: TokenClaims, nowMs: number): number | undefined {
  return typeof claims.exp === 'number' ? claims.exp - nowMs / 1000 : undefined;
}

/** A token whose expiry lies in the past is Expired (platform-shell.md §4). */
export function isExpired(claims: TokenClaims, nowMs: number): boolean {
  const left = secondsLeft(claims, nowMs);
  return left !== undefined && left <= 0;
}

/** Decodes without throwing: undefined for a missing or malformed token. */
export function tryDecodeToken(token: unknown): TokenClaims | undefined {
  try {
    return decodeToken(token);
  } catch {
    return undefined;
  }
}
