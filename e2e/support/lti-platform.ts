/**
 * The LTI 1.3 platform of the browser stories (issue 27): an https server on 127.0.0.1 with a self-signed
 * certificate (the Larmor server trusts it through NODE_EXTRA_CA_CERTS), its own RS256 key and JWKS, an OIDC
 * authentication endpoint that answers Larmor's authentication request with an auto-submitting form_post of the
 * signed id_token and the state (as Moodle and Canvas do), a deep-linking return URL, course pages the story
 * writes (e.g. one that frames Larmor's login initiation), and the grade and roster services Larmor calls
 * (lti-platform-services.ts). Built on `jose`; nothing is mocked.
 */
import type { ServerResponse } from 'node:http';
import { json, startHttpsParty, type HttpsParty } from './https-party.ts';
import { createPlatformServices, type PlatformServices } from './lti-platform-services.ts';

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LTI_DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const LTI_ROLES = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
} as const;
/** The client id the story platforms give Larmor. */
export const LTI_CLIENT_ID = 'larmor-e2e';

export interface LtiPlatform {
  /** https://127.0.0.1:<port>, also the platform's origin. */
  issuer: string;
  certPath: string;
  /** The JWTs posted to its deep-linking return URL (/return). */
  returned: string[];
  /**
   * The id_token claims its authentication endpoint (/auth) signs for a login_hint (the launch the user started);
   * the nonce of Larmor's request is added.
   */
  launches: Map<string, Record<string, unknown>>;
  /** HTML pages it serves, by path (e.g. a course page that frames Larmor). */
  pages: Map<string, string>;
  /** Its token, line items, scores and membership services: what they received, and its members. */
  services: PlatformServices;
  /** The registration Larmor's admin enters (POST v1/clients/{id}/lti/platforms). */
  registration(name: string): Record<string, unknown>;
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An html document with a blank icon (no favicon request to fail). */
export function htmlPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="data:,"></head><body>${body}</body></html>`
  );
}

/** A form that posts `fields` to `action` (in `target`, when given) as soon as the page loads. */
export function autoPostForm(action: string, fields: Record<string, string>, target?: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const targetAttribute = target === undefined ? '' : ` target="${escapeHtml(target)}"`;
  return (
    `<form id="auto-post" method="post" action="${escapeHtml(action)}"${targetAttribute}>${inputs}</form>` +
    "<script>document.getElementById('auto-post').submit();</script>"
  );
}

/** Starts a platform whose files (key, certificate) go in `dir`. */
export async function startLtiPlatform(dir: string): Promise<LtiPlatform> {
  const returned: string[] = [];
  const launches = new Map<string, Record<string, unknown>>();
  const pages = new Map<string, string>();
  const html = (response: ServerResponse, status: number, body: string) =>
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

  /** The OIDC authentication request (IMS Security Framework §5.1.1.2): answered with a form_post. */
  const authenticate = async (
    party: HttpsParty,
    query: URLSearchParams,
  ): Promise<{ status: number; body: string }> => {
    const claims = launches.get(query.get('login_hint') ?? '');
    const redirectUri = query.get('redirect_uri');
    const state = query.get('state');
    const nonce = query.get('nonce');
    const wellFormed =
      query.get('client_id') === LTI_CLIENT_ID &&
      query.get('response_type') === 'id_token' &&
      query.get('response_mode') === 'form_post' &&
      query.get('scope') === 'openid';
    if (claims === undefined || redirectUri === null || state === null || nonce === null || !wellFormed) {
      return { status: 400, body: htmlPage('Refused', '<h1>Invalid authentication request</h1>') };
    }
    const idToken = await party.sign({ ...claims, nonce }, LTI_CLIENT_ID);
    return {
      status: 200,
      body: htmlPage('Launching', autoPostForm(redirectUri, { id_token: idToken, state })),
    };
  };

  const services = createPlatformServices(LTI_CLIENT_ID);
  const party = await startHttpsParty(dir, 'platform', (request, response, url, self) => {
    if (request.method === 'GET' && url.pathname === '/jwks') return json(response, 200, self.jwks);
    if (request.method === 'GET' && url.pathname === '/auth') {
      authenticate(self, url.searchParams).then(
        ({ status, body }) => html(response, status, body),
        (error: unknown) => html(response, 500, htmlPage('Error', escapeHtml(String(error)))),
      );
      return;
    }
    const page = request.method === 'GET' ? pages.get(url.pathname) : undefined;
    if (page !== undefined) {
      html(response, 200, page);
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (services.handle(request.method ?? 'GET', url, request.headers, body, response) === true) return;
      const jwt = new URLSearchParams(body).get('JWT');
      if (request.method === 'POST' && url.pathname === '/return' && jwt !== null) {
        returned.push(jwt);
        html(response, 200, htmlPage('Content added', '<h1>Content added</h1>'));
        return;
      }
      html(response, 404, htmlPage('Not found', '<h1>Not found</h1>'));
    });
  });
  const issuer = party.origin;
  return {
    issuer,
    certPath: party.certPath,
    returned,
    launches,
    pages,
    services: services.state,
    registration: (name) => ({
      name,
      issuer,
      clientId: LTI_CLIENT_ID,
      deploymentIds: ['d1'],
      jwksUrl: `${issuer}/jwks`,
      authUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
    }),
    sign: (claims) => party.sign(claims, LTI_CLIENT_ID),
    close: () => party.close(),
  };
}
