/**
 * The OpenID Connect sign-in (issue 27.6; OIDC Core 1.0 §3.1, RFC 7636 PKCE), through `openid-client`: the start
 * discovers the provider, stores a state, nonce and S256 code verifier (single use, SSO_STATE_TTL_S) and sends the
 * browser to the provider; the callback takes the state (used up), exchanges the code and has the id_token
 * verified (signature by the provider's JWKS, iss, aud, exp, nonce). The user is found by (provider, sub) — never
 * by e-mail — or made in the provider's organisation with its default role, when the e-mail is in the allowed
 * domain. Each refusal is an SsoRefusal with a message for the person signing in, and writes no account.
 */
import type { SsoCallbackQuery, TokenPair } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { isoNow } from '../../db/ids.ts';
import { ApiError } from '../../plugins/errors.ts';
import { issueTokens } from '../auth/sessions.ts';
import { externalAccount, syntheticIdentity } from '../lti/accounts.ts';
import * as repo from './repository.ts';
import type { ProviderRow } from './repository.ts';
import { redirectUrlOf } from './service.ts';

/** The cookie that binds a started sign-in to its browser (its value: the state). */
export const SSO_BROWSER_COOKIE = 'larmor_sso_state';
/** How long a started sign-in's state, nonce and code verifier stay usable [s]. */
export const SSO_STATE_TTL_S = 600;
/** Discovered provider configurations kept in memory (by provider and its last change). */
const CONFIGURATIONS_MAX = 200;
/** How long Larmor waits for each of the provider's answers (discovery, JWKS, token endpoint) [s]. */
const PROVIDER_TIMEOUT_S = 10;
/** Longest name of a provider error the refusal repeats [characters]. */
const PROVIDER_ERROR_MAX_LENGTH = 200;

/**
 * A refused sign-in: `message` is for the person signing in (the callback page shows it); `status` the HTTP status
 * an API call would answer (logged: the browser is sent to /auth/callback either way).
 */
export class SsoRefusal extends Error {
  override name = 'SsoRefusal';
  readonly status: 400 | 401 | 403 | 404 | 502;

  constructor(status: SsoRefusal['status'], message: string) {
    super(message);
    this.status = status;
  }
}

const refused = (why: string): SsoRefusal =>
  new SsoRefusal(401, `Single sign-on failed: ${why}. Please sign in again.`);

/** The provider's configuration (discovery, cached per provider change). */
export function configurationCache(): (provider: ProviderRow) => Promise<oidc.Configuration> {
  const configurations = new Map<string, oidc.Configuration>();
  return async (provider) => {
    const key = `${provider.id}|${provider.updated_at}`;
    const known = configurations.get(key);
    if (known !== undefined) return known;
    let configuration: oidc.Configuration;
    try {
      configuration = await oidc.discovery(
        new URL(provider.issuer),
        provider.oauth_client_id,
        provider.client_secret,
        undefined,
        // The id_token's signature is verified by the provider's JWKS too (not only trusted for coming over TLS).
        { execute: [oidc.enableNonRepudiationChecks], timeout: PROVIDER_TIMEOUT_S },
      );
    } catch (error) {
      throw new SsoRefusal(
        502,
        `Single sign-on is unavailable: the provider's discovery document could not be read (${messageOf(error)}).`,
      );
    }
    if (configurations.size >= CONFIGURATIONS_MAX)
      configurations.delete(configurations.keys().next().value ?? '');
    configurations.set(key, configuration);
    return configuration;
  };
}

/** The most precise message of an error: that of its innermost Error cause (openid-client wraps oauth4webapi's). */
function messageOf(error: unknown): string {
  let message = 'unknown error';
  for (let at = error; at instanceof Error; at = at.cause) message = at.message;
  return message;
}

/**
 * The provider's authorization URL for a new sign-in, its state, nonce and code verifier stored; the state also
 * goes into the browser's SSO_BROWSER_COOKIE, so that the callback completes only in the browser that started it
 * (no login CSRF: a callback URL sent to someone else signs nobody in).
 */
export async function startSignIn(
  app: FastifyInstance,
  providerId: string,
  configurationOf: (provider: ProviderRow) => Promise<oidc.Configuration>,
): Promise<{ url: string; state: string }> {
  const provider = await repo.findProvider(app.db, providerId);
  if (provider === undefined || provider.enabled !== 1) {
    throw new SsoRefusal(404, 'This single sign-on option is not available. Please sign in another way.');
  }
  const configuration = await configurationOf(provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await repo.insertState(app.db, {
    state,
    provider_id: provider.id,
    nonce,
    code_verifier: codeVerifier,
    created_at: isoNow(),
    expires_at: isoNow(SSO_STATE_TTL_S),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUrlOf(app.config.publicUrl),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.toString(), state };
}

/** The verified e-mail claim's domain check; 403 when the provider allows one domain and the user is not in it. */
function checkDomain(provider: ProviderRow, claims: oidc.IDToken): void {
  if (provider.email_domain === null) return;
  const email = typeof claims['email'] === 'string' ? claims['email'].toLowerCase() : undefined;
  const domain = email?.slice(email.lastIndexOf('@') + 1);
  if (claims['email_verified'] === false || domain !== provider.email_domain) {
    throw new SsoRefusal(
      403,
      `Single sign-on refused: only accounts with a verified @${provider.email_domain} e-mail address may use this sign-in option.`,
    );
  }
}

/** The authorization response's query as the URL the provider redirected to (what openid-client checks). */
function callbackUrl(publicUrl: string, query: SsoCallbackQuery): URL {
  const url = new URL(redirectUrlOf(publicUrl));
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url;
}

/** The provider's id_token claims after the code exchange, every check passed. */
async function verifiedClaims(
  configuration: oidc.Configuration,
  url: URL,
  state: repo.StateRow,
): Promise<oidc.IDToken> {
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, url, {
      pkceCodeVerifier: state.code_verifier,
      expectedState: state.state,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (claims === undefined) throw new Error('no id_token');
    return claims;
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError) throw providerError(error.error);
    throw refused(`the provider's answer could not be verified (${messageOf(error)})`);
  }
}

const providerError = (error: string): SsoRefusal =>
  refused(`the provider answered "${error.slice(0, PROVIDER_ERROR_MAX_LENGTH)}"`);

/** The callback: the user's tokens once every check passed; `browserState` the browser's SSO_BROWSER_COOKIE. */
export async function completeSignIn(
  app: FastifyInstance,
  query: SsoCallbackQuery,
  browserState: string | undefined,
  configurationOf: (provider: ProviderRow) => Promise<oidc.Configuration>,
): Promise<TokenPair> {
  const taken = query.state === undefined ? undefined : await repo.takeState(app.db, query.state);
  if (query.error !== undefined && taken === undefined) throw providerError(query.error);
  if (taken === undefined || taken.expires_at < isoNow()) {
    throw refused('the sign-in request is unknown, already used or expired');
  }
  if (browserState !== taken.state) throw refused('the sign-in was started in another browser or tab');
  const provider = await repo.findProvider(app.db, taken.provider_id);
  if (provider === undefined || provider.enabled !== 1) {
    throw refused('this single sign-on option is no longer available');
  }
  const configuration = await configurationOf(provider);
  const claims = await verifiedClaims(configuration, callbackUrl(app.config.publicUrl, query), taken);
  checkDomain(provider, claims);
  const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  let userId: string;
  try {
    userId = await app.db.transaction().execute((trx) =>
      externalAccount(
        trx,
        {
          linked: (db) => repo.linkedAccount(db, provider.id, claims.sub),
          link: (db, id, now) => repo.linkAccount(db, provider.id, claims.sub, id, now),
          clientId: provider.client_id,
          ...syntheticIdentity(provider.id, claims.sub, 'sso'),
          roleFollows: false,
        },
        {
          role: provider.default_role,
          givenName: str(claims['given_name']),
          familyName: str(claims['family_name']),
        },
      ),
    );
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403) throw new SsoRefusal(403, error.message);
    throw error;
  }
  return issueTokens(app, userId);
}
