/**
/**
 * A learning platform for the LTI tests: its RSA key, its JWKS served at an https URL through a stubbed `fetch`
 * (the only outbound call a launch makes), id_tokens signed as Moodle or Canvas sign them, and the browser's side
 * of the exchange (login initiation, the form post of the id_token); for grade return (AGS) and rosters (NRPS),
 * its OAuth token endpoint (client_credentials with a client assertion), its line items container, its line items'
 * score endpoints and its context's membership, which record what they receive and answer what the test queues.
 */
import {
  LTI_CLAIMS,
  LTI_DL_CLAIMS,
  LTI_LINE_ITEM_CONTAINER_MEDIA_TYPE,
  LTI_LINE_ITEM_MEDIA_TYPE,
  ltiPlatformSchema,
  type LtiPlatformCreate,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createMarkingWorld, type MarkingWorld } from '../attempts/marking.test-support.ts';

export const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

export interface FakePlatform {
  registration: LtiPlatformCreate;
  /** Signs an id_token with `claims` over the defaults of a resource-link launch. */
  sign(
    claims: Record<string, unknown>,
    options?: { key?: CryptoKey; kid?: string; alg?: string },
  ): Promise<string>;
  /** A key the platform does not publish. */
  strangerKey: CryptoKey;
  /** Claims every token carries unless `sign` is given others (e.g. the resource link's target link URI). */
  defaults: Record<string, unknown>;
  /** The forms posted to the token endpoint. */
  tokenRequests: URLSearchParams[];
  /** The scores posted to line items: the scores URL, the request's headers and its JSON body. */
  scores: { url: string; headers: Headers; body: unknown }[];
  /** What the next score posts get, in turn (an HTTP status, or `network` for no answer); then 200. */
  scoreAnswers: (number | 'network')[];
  /** A line item URL of the platform (with a query, as Moodle's have). */
  lineItem(name: string): string;
  /** The AGS endpoint claim of a link whose line item is `lineItem` (score scope granted). */
  agsClaim(lineItem: string): Record<string, unknown>;
  /** The context's line items container (AGS 2.0 §3.2), with a query as Moodle's has. */
  lineItemsUrl: string;
  /** The line items in the container: those given, and those POSTed to it. */
  lineItems: Record<string, unknown>[];
  /** The container's requests: method, URL, headers and the JSON body of a POST. */
  lineItemRequests: { method: string; url: string; headers: Headers; body: unknown }[];
  /** What the next container requests get, in turn (an HTTP status); then the container's answer. */
  lineItemAnswers: number[];
  /** The members of the context's roster (NRPS), served MEMBERS_PER_PAGE a page with `Link: rel="next"`. */
  members: Record<string, unknown>[];
  /** The roster reads: URL and headers. */
  rosterRequests: { url: string; headers: Headers }[];
  /** What the next roster reads get, in turn (an HTTP status, or `page` for the page); then the page. */
  rosterAnswers: (number | 'page')[];
  /** The context's membership URL, and the NRPS claim naming it. */
  membershipsUrl: string;
  nrpsClaim(): Record<string, unknown>;
}

/** Members on one page of the fake platform's roster. */
export const MEMBERS_PER_PAGE = 2;

/** The NRPS claim's name. */
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

/** The AGS endpoint claim's name. */
export const AGS_ENDPOINT = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';

/** A platform whose JWKS `fetch` answers; call `vi.unstubAllGlobals()` after the test. */
export async function fakePlatform(name: string): Promise<FakePlatform> {
  const issuer = `https://${name}.lms.example`;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'platform-key', alg: 'RS256', use: 'sig' }] };
  const jwksUrl = `${issuer}/jwks-${crypto.randomUUID()}`;
  const tokenUrl = `${issuer}/token`;
  const tokens = new Set<string>();
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === jwksUrl) return Response.json(jwks);
    if (url === tokenUrl && init?.method === 'POST') {
      const form = new URLSearchParams(String(init.body));
      platform.tokenRequests.push(form);
      const token = `token-${platform.tokenRequests.length}`;
      tokens.add(token);
      return Response.json({
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: form.get('scope'),
      });
    }
    if (url.split('?')[0] === platform.lineItemsUrl.split('?')[0])
      return lineItemsContainer(platform, url, init, tokens);
    if (url.startsWith(`${issuer}/lineitems/`) && init?.method === 'POST') {
      const headers = new Headers(init.headers);
      platform.scores.push({ url, headers, body: JSON.parse(String(init.body)) as unknown });
      const answer = platform.scoreAnswers.shift();
      if (answer === 'network') throw new TypeError('fetch failed');
      if (!tokens.has((headers.get('authorization') ?? '').replace(/^Bearer /, '')))
        return Response.json({ error: 'invalid_token' }, { status: 401 });
      return new Response(answer === undefined ? null : `answer ${answer}`, { status: answer ?? 200 });
    }
    if (url.startsWith(platform.membershipsUrl) && (init?.method ?? 'GET') === 'GET') {
      const headers = new Headers(init?.headers);
      platform.rosterRequests.push({ url, headers });
      const answer = platform.rosterAnswers.shift();
      if (answer !== undefined && answer !== 'page')
        return new Response(`answer ${answer}`, { status: answer });
      if (!tokens.has((headers.get('authorization') ?? '').replace(/^Bearer /, '')))
        return Response.json({ error: 'invalid_token' }, { status: 401 });
      const page = Number(new URL(url).searchParams.get('page') ?? '0');
      const members = platform.members.slice(page * MEMBERS_PER_PAGE, (page + 1) * MEMBERS_PER_PAGE);
      const more = (page + 1) * MEMBERS_PER_PAGE < platform.members.length;
      return Response.json(
        { id: url, context: { id: 'ctx-1' }, members },
        {
          headers: {
            'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
            ...(more && { link: `<${platform.membershipsUrl}?page=${page + 1}>; rel="next"` }),
          },
        },
      );
    }
    return realFetch(input, init);
  });
  const registration: LtiPlatformCreate = {
    name,
    issuer,
    clientId: `${name}-client`,
    deploymentIds: ['deployment-1'],
    jwksUrl,
    authUrl: `${issuer}/auth`,
    tokenUrl,
  };
  const platform: FakePlatform = {
    registration,
    strangerKey: stranger.privateKey,
    defaults: {},
    tokenRequests: [],
    scores: [],
    scoreAnswers: [],
    lineItem: (name) => `${issuer}/lineitems/${name}/lineitem?type_id=7`,
    agsClaim: (lineItem) => ({
      scope: [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      ],
      lineitems: platform.lineItemsUrl,
      lineitem: lineItem,
    }),
    lineItemsUrl: `${issuer}/lineitems/all?type_id=7`,
    lineItems: [],
    lineItemRequests: [],
    lineItemAnswers: [],
    members: [],
    rosterRequests: [],
    rosterAnswers: [],
    membershipsUrl: `${issuer}/contexts/ctx-1/memberships`,
    nrpsClaim: () => ({
      context_memberships_url: platform.membershipsUrl,
      service_versions: ['2.0'],
    }),
    sign: async (claims, options = {}) => {
      const nowS = Math.floor(Date.now() / 1000);
      const payload = {
        [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
        [LTI_CLAIMS.version]: '1.3.0',
        [LTI_CLAIMS.deploymentId]: 'deployment-1',
        [LTI_CLAIMS.resourceLink]: { id: 'link-1' },
        [LTI_CLAIMS.roles]: [LEARNER],
        given_name: 'Ada',
        family_name: 'Lovelace',
        sub: 'user-1',
        ...platform.defaults,
        ...claims,
      };
      const jwt = new SignJWT(payload)
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'platform-key' })
        .setIssuer(typeof claims['iss'] === 'string' ? claims['iss'] : issuer)
        .setAudience((claims['aud'] as string | string[] | undefined) ?? registration.clientId)
        .setIssuedAt(typeof claims['iat'] === 'number' ? claims['iat'] : nowS)
        .setExpirationTime(typeof claims['exp'] === 'number' ? claims['exp'] : nowS + 300);
      return jwt.sign(options.key ?? privateKey);
    },
  };
  return platform;
}

/** A fake platform named `<prefix><8 random characters>`, registered by an admin of organisation `clientId`. */
export async function registeredPlatform(
  app: FastifyInstance,
  clientId: string,
  adminHeaders: Record<string, string>,
  prefix: string,
): Promise<FakePlatform> {
  const platform = await fakePlatform(`${prefix}${crypto.randomUUID().slice(0, 8)}`);
  const created = await app.inject({
    method: 'POST',
    url: `/api/v1/clients/${clientId}/lti/platforms`,
    headers: adminHeaders,
    payload: platform.registration,
  });
  expect(created.statusCode, created.body).toBe(201);
  ltiPlatformSchema.parse(created.json());
  return platform;
}

/** The marking world (attempts/marking.test-support.ts) with a platform `prefix`… of its organisation A registered. */
export async function markingWorldWithPlatform(
  app: FastifyInstance,
  db: Kysely<Database>,
  prefix: string,
): Promise<{ m: MarkingWorld; platform: FakePlatform }> {
  const m = await createMarkingWorld(app, db);
  return { m, platform: await registeredPlatform(app, m.world.a.clientId, m.world.a.adminHeaders, prefix) };
}

/**
 * Registers the hooks of a test file on the marking world: before each test `markingWorldWithPlatform` (handed to
 * `use`), after each the fake platform's `fetch` stub removed.
 */
export function useMarkingPlatform(
  t: { readonly app: FastifyInstance; readonly db: Kysely<Database> },
  prefix: string,
  use: (world: { m: MarkingWorld; platform: FakePlatform }) => void,
): void {
  beforeEach(async () => use(await markingWorldWithPlatform(t.app, t.db, prefix)));
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** The line items container: GET lists (filtered by `resource_link_id`), POST creates (AGS 2.0 §3.2). */
function lineItemsContainer(
  platform: FakePlatform,
  url: string,
  init: RequestInit | undefined,
  tokens: ReadonlySet<string>,
): Response {
  const method = init?.method ?? 'GET';
  const headers = new Headers(init?.headers);
  const body = method === 'POST' ? (JSON.parse(String(init?.body)) as Record<string, unknown>) : undefined;
  platform.lineItemRequests.push({ method, url, headers, body });
  const answer = platform.lineItemAnswers.shift();
  if (answer !== undefined) return new Response(`answer ${answer}`, { status: answer });
  if (!tokens.has((headers.get('authorization') ?? '').replace(/^Bearer /, '')))
    return Response.json({ error: 'invalid_token' }, { status: 401 });
  if (method === 'POST') {
    const created = {
      ...body,
      id: `${new URL(url).origin}/lineitems/created-${platform.lineItems.length + 1}/lineitem`,
    };
    platform.lineItems.push(created);
    return Response.json(created, { status: 201, headers: { 'content-type': LTI_LINE_ITEM_MEDIA_TYPE } });
  }
  const link = new URL(url).searchParams.get('resource_link_id');
  return Response.json(
    platform.lineItems.filter((item) => link === null || item['resourceLinkId'] === link),
    { headers: { 'content-type': LTI_LINE_ITEM_CONTAINER_MEDIA_TYPE } },
  );
}

/** The platform's side of the browser in a launch: login initiation, then the form post of the id_token. */
export function platformBrowser(app: FastifyInstance, platform: FakePlatform, targetLink: () => string) {
  const formPost = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  /** A login initiation form post as a platform sends it, with `extra` fields over the defaults. */
  const postLogin = (extra: Record<string, string> = {}) =>
    formPost('/api/v1/lti/login', {
      iss: platform.registration.issuer,
      login_hint: 'hint-1',
      target_link_uri: targetLink(),
      client_id: platform.registration.clientId,
      lti_message_hint: 'message-hint',
      ...extra,
    });
  return {
    postLogin,
    /** Login initiation; answers the state and nonce of the redirect. */
    async initiate(extra: Record<string, string> = {}) {
      const res = await postLogin(extra);
      expect(res.statusCode, res.body).toBe(302);
      const location = new URL(String(res.headers.location));
      return {
        location,
        state: location.searchParams.get('state') ?? '',
        nonce: location.searchParams.get('nonce') ?? '',
      };
    },
    /** The platform's post of the id_token to `path` (the redirect URI unless told). */
    launch: (idToken: string, state: string, path = '/api/v1/lti/launch') =>
      formPost(path, { id_token: idToken, state }),
  };
}

/** The tokens and in-app destination of a launch's 303 to /auth/callback. */
export function signedIn(res: { headers: Record<string, unknown> }) {
  const fragment = new URLSearchParams(new URL(String(res.headers['location'])).hash.slice(1));
  return {
    accessToken: fragment.get('accessToken') ?? '',
    to: fragment.get('to') ?? '',
    headers: { authorization: `Bearer ${fragment.get('accessToken') ?? ''}` },
  };
}

/** The claims of a deep-linking request (LTI Deep Linking 2.0 §4.4) from an instructor, `settings` over the defaults. */
export function deepLinkingRequest(settings: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    [LTI_CLAIMS.messageType]: 'LtiDeepLinkingRequest',
    [LTI_CLAIMS.resourceLink]: undefined,
    [LTI_CLAIMS.targetLinkUri]: undefined,
    [LTI_CLAIMS.roles]: [INSTRUCTOR],
    [LTI_DL_CLAIMS.settings]: {
      deep_link_return_url: 'https://lms.example/deep-link-return?course=7',
      accept_types: ['ltiResourceLink', 'link'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: false,
      data: 'opaque-platform-data-42',
      ...settings,
    },
  };
}

/**
 * A whole launch through `app` (login initiation, then the id_token posted with its state) with `claims` over
 * the platform's defaults; answers the signed-in user's id and access token.
 */
export async function launchAs(
  app: FastifyInstance,
  platform: FakePlatform,
  claims: Record<string, unknown>,
): Promise<{ userId: string; headers: { authorization: string } }> {
  const browser = platformBrowser(app, platform, () => `${app.config.publicUrl}/api/v1/lti/launch`);
  const { state, nonce } = await browser.initiate();
  const res = await browser.launch(await platform.sign({ nonce, ...claims }), state);
  expect(res.statusCode, res.body).toBe(303);
  const { accessToken, headers } = signedIn(res);
  return { userId: String(decodeJwt(accessToken).uid), headers };
}
