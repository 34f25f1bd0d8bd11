/**
 * The services of the story platform that Larmor's server calls (issue 27.4–5): the OAuth 2.0 token endpoint
 * (client_credentials with a JWT client assertion, verified against Larmor's published JWKS as a platform does;
 * IMS Security Framework §4.1), a context's line items container (AGS 2.0 §3.2: GET filtered by
 * `resource_link_id`, POST creates), each line item's scores endpoint (§3.4) and the context's membership
 * (NRPS 2.0). Each records what it receives; every call needs a token it issued for the call's scope.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { json } from './https-party.ts';

export const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

export interface PlatformServices {
  /** Larmor's JWKS URL (its organisation's keys), to verify client assertions: set by the story. */
  toolJwksUrl: string;
  /** The scopes of each token request, in order, once its client assertion verified. */
  tokenScopes: string[];
  /** The line items of the context: id (URL), label, resourceLinkId, scoreMaximum, tag. */
  lineItems: Record<string, unknown>[];
  /** The scores posted: the line item's URL and the score. */
  scores: { lineItem: string; score: Record<string, unknown> }[];
  /** The context's members (NRPS member objects). */
  members: Record<string, unknown>[];
}

/** The services of the platform (its origin is each request's), for the party's request handler. */
export function createPlatformServices(clientId: string) {
  const state: PlatformServices = {
    toolJwksUrl: '',
    tokenScopes: [],
    lineItems: [],
    scores: [],
    members: [],
  };
  const granted = new Map<string, string>();
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function token(issuer: string, response: ServerResponse, body: string): Promise<void> {
    const form = new URLSearchParams(body);
    jwks ??= createRemoteJWKSet(new URL(state.toolJwksUrl));
    try {
      await jwtVerify(form.get('client_assertion') ?? '', jwks, {
        issuer: clientId,
        subject: clientId,
        audience: `${issuer}/token`,
      });
    } catch {
      return json(response, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'client_credentials')
      return json(response, 400, { error: 'unsupported_grant_type' });
    const scope = form.get('scope') ?? '';
    state.tokenScopes.push(scope);
    const accessToken = `token-${state.tokenScopes.length}`;
    granted.set(accessToken, scope);
    json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope });
  }

  const allowed = (headers: IncomingHttpHeaders, scope: string): boolean =>
    granted.get((headers.authorization ?? '').replace(/^Bearer /, '')) === scope;

  /** Answers the request if it is one of the services'; false when it is not. */
  function handle(
    method: string,
    url: URL,
    headers: IncomingHttpHeaders,
    body: string,
    response: ServerResponse,
  ): boolean {
    if (method === 'POST' && url.pathname === '/token') {
      void token(url.origin, response, body);
      return true;
    }
    if (url.pathname === '/lineitems') {
      if (!allowed(headers, AGS_SCOPES.lineItem)) json(response, 401, { error: 'invalid_token' });
      else if (method === 'POST') {
        const created = {
          ...(JSON.parse(body) as object),
          id: `${url.origin}/lineitems/${state.lineItems.length + 1}/lineitem`,
        };
        state.lineItems.push(created);
        json(response, 201, created);
      } else {
        const link = url.searchParams.get('resource_link_id');
        json(
          response,
          200,
          state.lineItems.filter((item) => link === null || item['resourceLinkId'] === link),
        );
      }
      return true;
    }
    const scores = /^\/lineitems\/(\d+)\/lineitem\/scores$/.exec(url.pathname);
    if (method === 'POST' && scores !== null) {
      if (!allowed(headers, AGS_SCOPES.score)) json(response, 401, { error: 'invalid_token' });
      else {
        state.scores.push({
          lineItem: `${url.origin}/lineitems/${scores[1]}/lineitem`,
          score: JSON.parse(body) as Record<string, unknown>,
        });
        json(response, 200, {});
      }
      return true;
    }
    if (method === 'GET' && url.pathname === '/memberships') {
      if (!allowed(headers, NRPS_SCOPE)) json(response, 401, { error: 'invalid_token' });
      else json(response, 200, { id: url.toString(), context: { id: 'course-1' }, members: state.members });
      return true;
    }
    return false;
  }

  return { state, handle };
}
