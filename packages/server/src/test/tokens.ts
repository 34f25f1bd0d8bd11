/** Forged access tokens for the tests that prove the server refuses them. */

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned token (`alg: none`) claiming whatever `claims` say. */
export function algNoneToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

/** `token` with its payload replaced by `claims` and the original signature kept. */
export function tamperedToken(token: string, claims: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header ?? ''}.${base64url(claims)}.${signature ?? ''}`;
}

/** The claims a forger writes: `uid` as a platform administrator, in no identity, never expiring. */
export function adminClaims(uid: string): Record<string, unknown> {
  return { uid, scope: 'Admin', exp: 9e9, identity: null };
}
