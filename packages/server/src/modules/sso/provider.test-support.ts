/**
 * An OpenID Connect provider for the SSO tests, run in process behind a stubbed `fetch` (the only outbound calls a
 * sign-in makes): its discovery document, its JWKS, and a token endpoint that checks the client secret, the
 * redirect URI and the PKCE verifier (S256) of each code before it answers an id_token signed with `jose`. The
 * user's side of the authorization endpoint is `authorize`: it approves the request the start redirected to.
 */
import type { SsoProviderCreate } from '@larmor/contracts';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { vi } from 'vitest';

/** What the provider puts into one code's id_token, and how it signs it. */
export interface Grant {
  claims: Record<string, unknown>;
  /** Signs with a key the provider does not publish. */
  strangerKey?: boolean;
}

interface PendingCode {
  grant: Grant;
  nonce: string;
  challenge: string;
  redirectUri: string;
  clientId: string;
}

export interface FakeProvider {
  issuer: string;
  configuration: SsoProviderCreate;
  /** Approves the authorization request at `location` for a user: the callback's query (code, state, iss). */
  authorize(location: string, grant: Grant): URLSearchParams;
  /** Token requests answered (each code once). */
  tokenRequests: number;
}

const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** A provider at its own https issuer; call `vi.unstubAllGlobals()` after the test. */
export async function fakeProvider(name: string, emailDomain: string | null = null): Promise<FakeProvider> {
  const issuer = `https://${name}.idp.example/tenant-${randomUUID().slice(0, 8)}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger: CryptoKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'idp-key', alg: 'RS256', use: 'sig' }] };
  const configuration: SsoProviderCreate = {
    name: `Sign in with ${name}`,
    issuer,
    clientId: `${name}-larmor`,
    clientSecret: `${name}-secret-${randomUUID()}`,
    emailDomain,
    defaultRole: 'Student',
    enabled: true,
  };
  const codes = new Map<string, PendingCode>();
  const endpoints = {
    discovery: `${issuer}/.well-known/openid-configuration`,
    authorize: `${issuer}/authorize`,
    token: `${issuer}/token`,
    jwks: `${issuer}/jwks`,
  };
  const provider: FakeProvider = {
    issuer,
    configuration,
    tokenRequests: 0,
    authorize(location, grant) {
      const request = new URL(location).searchParams;
      const code = randomUUID();
      codes.set(code, {
        grant,
        nonce: request.get('nonce') ?? '',
        challenge: request.get('code_challenge') ?? '',
        redirectUri: request.get('redirect_uri') ?? '',
        clientId: request.get('client_id') ?? '',
      });
      return new URLSearchParams({ code, state: request.get('state') ?? '' });
    },
  };

  async function token(body: URLSearchParams): Promise<Response> {
    provider.tokenRequests += 1;
    const code = codes.get(body.get('code') ?? '');
    codes.delete(body.get('code') ?? '');
    const fail = (error: string) => Response.json({ error }, { status: 400 });
    if (code === undefined || body.get('grant_type') !== 'authorization_code') return fail('invalid_grant');
    if (
      body.get('client_id') !== configuration.clientId ||
      body.get('client_secret') !== configuration.clientSecret
    )
      return Response.json({ error: 'invalid_client' }, { status: 401 });
    if (body.get('redirect_uri') !== code.redirectUri) return fail('invalid_grant');
    if (s256(body.get('code_verifier') ?? '') !== code.challenge) return fail('invalid_grant');
    const nowS = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ nonce: code.nonce, ...code.grant.claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-key' })
      .setIssuer(typeof code.grant.claims['iss'] === 'string' ? code.grant.claims['iss'] : issuer)
      .setAudience((code.grant.claims['aud'] as string | undefined) ?? code.clientId)
      .setIssuedAt(nowS)
      .setExpirationTime(typeof code.grant.claims['exp'] === 'number' ? code.grant.claims['exp'] : nowS + 300)
      .sign(code.grant.strangerKey === true ? stranger : privateKey);
    return Response.json({
      access_token: randomUUID(),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = request.url.split('?')[0];
    if (url === endpoints.discovery) {
      return Response.json({
        issuer,
        authorization_endpoint: endpoints.authorize,
        token_endpoint: endpoints.token,
        jwks_uri: endpoints.jwks,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url === endpoints.jwks) return Response.json(jwks);
    if (url === endpoints.token && request.method === 'POST') {
      return token(new URLSearchParams(await request.text()));
    }
    // Anything else on the provider's host does not exist (a wrong issuer path: no discovery document there).
    if (new URL(url ?? '').origin === new URL(issuer).origin)
      return new Response('Not found', { status: 404 });
    return realFetch(input, init);
  });
  return provider;
}
