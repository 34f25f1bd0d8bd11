/**
 * Larmor as an OAuth 2.0 client of a learning platform (issue 27.4–5): an access token by the client_credentials
 * grant with a JWT client assertion signed by the organisation's key (RFC 7523 §2.2; IMS Security Framework 1.0
 * §4.1) for a service's scope, a link's line item found or created in its container (AGS 2.0 §3.2), and a score
 * posted to a line item (AGS 2.0 §3.4). Each outcome says whether a later try may succeed
 * (network errors, timeouts, 408, 429 and 5xx) or not (the platform refused).
 */
import {
  LTI_AGS_SCOPES,
  LTI_LINE_ITEM_CONTAINER_MEDIA_TYPE,
  LTI_LINE_ITEM_MEDIA_TYPE,
  LTI_SCORE_MEDIA_TYPE,
  ltiLineItemSchema,
  ltiUrlSchema,
  type LtiLineItemCreate,
  type LtiScore,
} from '@larmor/contracts';
import { importJWK, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ensureSigningKey } from './keys.ts';
import type { PlatformRow } from './repository.ts';

/** How long a client assertion is valid [s]. */
const ASSERTION_TTL_S = 300;
/** How long Larmor waits for a platform's answer [ms]. */
const PLATFORM_TIMEOUT_MS = 15_000;
/** A token is used until this long before it expires [s]. */
const TOKEN_EXPIRY_MARGIN_S = 60;
/** Lifetime assumed when the token answer gives no expires_in [s] (RFC 6749 §5.1 leaves it optional). */
const DEFAULT_TOKEN_LIFETIME_S = 3600;
/** Most characters of a platform's answer kept in an error message. */
const ANSWER_EXCERPT_LENGTH = 200;

const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Why a call to the platform failed, and whether trying again later may help. */
export class PlatformCallError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const retryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

async function excerpt(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim();
  return text.length > ANSWER_EXCERPT_LENGTH ? `${text.slice(0, ANSWER_EXCERPT_LENGTH)}…` : text;
}

/** `fetch` with a timeout; no answer is a retryable PlatformCallError. */
export async function platformFetch(what: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlatformCallError(`${what}: no answer from ${new URL(url).host} (${reason})`, true);
  }
}

/** The error of a platform's non-2xx answer, with its status and the start of its body. */
export async function failure(what: string, response: Response): Promise<PlatformCallError> {
  const body = await excerpt(response);
  return new PlatformCallError(
    `${what}: the platform answered ${response.status}${body ? ` ${body}` : ''}`,
    retryableStatus(response.status),
  );
}

/** A JWT client assertion for the platform's token endpoint, signed with the organisation's key. */
export async function clientAssertion(db: Db, platform: PlatformRow): Promise<string> {
  const key = await ensureSigningKey(db, platform.client_id);
  const privateKey = await importJWK(JSON.parse(key.private_jwk) as Record<string, unknown>, 'RS256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.oauth_client_id)
    .setSubject(platform.oauth_client_id)
    .setAudience(platform.token_url)
    .setIssuedAt()
    .setExpirationTime(`${ASSERTION_TTL_S}s`)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(privateKey);
}

/** Access tokens by platform registration (and its token URL and client id), kept until shortly before expiry. */
export function createTokenCache(db: Db) {
  const tokens = new Map<string, { token: string; expiresAtMs: number }>();
  const keyOf = (p: PlatformRow, scope: string) => `${p.id}\n${p.token_url}\n${p.oauth_client_id}\n${scope}`;

  async function request(
    platform: PlatformRow,
    scope: string,
  ): Promise<{ token: string; expiresAtMs: number }> {
    const what = 'Access token request';
    const response = await platformFetch(what, platform.token_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: CLIENT_ASSERTION_TYPE,
        client_assertion: await clientAssertion(db, platform),
        scope,
      }).toString(),
    });
    if (!response.ok) throw await failure(what, response);
    const answer = tokenAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success)
      throw new PlatformCallError(`${what}: the platform's answer has no access_token`, false);
    const lifetimeS = answer.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S;
    return {
      token: answer.data.access_token,
      expiresAtMs: Date.now() + Math.max(0, lifetimeS - TOKEN_EXPIRY_MARGIN_S) * 1000,
    };
  }

  return {
    /** A usable access token of `platform` for `scope`. */
    async tokenFor(platform: PlatformRow, scope: string): Promise<string> {
      const cached = tokens.get(keyOf(platform, scope));
      if (cached !== undefined && cached.expiresAtMs > Date.now()) return cached.token;
      const fresh = await request(platform, scope);
      tokens.set(keyOf(platform, scope), fresh);
      return fresh.token;
    },
    /** Forgets the platform's token for `scope` (the platform refused it). */
    forget(platform: PlatformRow, scope: string): void {
      tokens.delete(keyOf(platform, scope));
    },
  };
}
export type TokenCache = ReturnType<typeof createTokenCache>;

/** The scores URL of a line item: `/scores` appended to its path, its query kept (AGS 2.0 §3.4). */
export function scoresUrlOf(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/**
 * A call to one of the platform's services with a token of `scope`; a non-2xx answer throws its
 * PlatformCallError, and a refused token (expired early, revoked) is forgotten so the next try fetches a new one.
 */
export async function authorisedFetch(
  tokens: TokenCache,
  platform: PlatformRow,
  scope: string,
  what: string,
  url: string,
  init: RequestInit & { headers: Record<string, string> },
): Promise<Response> {
  const response = await platformFetch(what, url, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${await tokens.tokenFor(platform, scope)}` },
  });
  if (response.ok) return response;
  const error = await failure(what, response);
  if (response.status === 401) {
    tokens.forget(platform, scope);
    throw new PlatformCallError(error.message, true);
  }
  throw error;
}

/** Posts `score` to the line item; throws PlatformCallError when the platform does not take it. */
export async function postScore(
  tokens: TokenCache,
  platform: PlatformRow,
  lineItem: string,
  score: LtiScore,
): Promise<void> {
  await authorisedFetch(tokens, platform, LTI_AGS_SCOPES.score, 'Score', scoresUrlOf(lineItem), {
    method: 'POST',
    headers: { 'content-type': LTI_SCORE_MEDIA_TYPE },
    body: JSON.stringify(score),
  });
}

/** The https URL of a line item in the platform's answer, or a PlatformCallError (the answer is unusable). */
function lineItemUrlOf(what: string, body: unknown): string {
  const item = ltiLineItemSchema.safeParse(body);
  if (!item.success || !ltiUrlSchema.safeParse(item.data.id).success)
    throw new PlatformCallError(`${what}: the platform's answer has no https line item id`, false);
  return item.data.id;
}

/**
 * The line item of `item.resourceLinkId` in the container `lineItems`: the platform's existing one for that link
 * (GET filtered by resource_link_id, AGS 2.0 §3.2.4), else one created by POST (§3.2.6). Answers its URL.
 */
export async function findOrCreateLineItem(
  tokens: TokenCache,
  platform: PlatformRow,
  lineItems: string,
  item: LtiLineItemCreate,
): Promise<string> {
  const search = new URL(lineItems);
  search.searchParams.set('resource_link_id', item.resourceLinkId);
  const found = await authorisedFetch(
    tokens,
    platform,
    LTI_AGS_SCOPES.lineItem,
    'Line items',
    search.toString(),
    {
      method: 'GET',
      headers: { accept: LTI_LINE_ITEM_CONTAINER_MEDIA_TYPE },
    },
  );
  const listed = await found.json().catch(() => null);
  if (!Array.isArray(listed))
    throw new PlatformCallError("Line items: the platform's answer is not a list of line items", false);
  // A platform that ignores the filter lists every line item of the context: take the link's own only.
  const own = listed.find(
    (entry: unknown) => ltiLineItemSchema.safeParse(entry).data?.resourceLinkId === item.resourceLinkId,
  );
  if (own !== undefined) return lineItemUrlOf('Line items', own);
  const created = await authorisedFetch(tokens, platform, LTI_AGS_SCOPES.lineItem, 'Line item', lineItems, {
    method: 'POST',
    headers: { 'content-type': LTI_LINE_ITEM_MEDIA_TYPE, accept: LTI_LINE_ITEM_MEDIA_TYPE },
    body: JSON.stringify(item),
  });
  return lineItemUrlOf('Line item', await created.json().catch(() => null));
}
