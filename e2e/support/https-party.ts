/**
 * An outside party of the browser stories that Larmor's server calls over https (an LTI platform, an OpenID
 * Connect provider): a server on 127.0.0.1 with a self-signed certificate (the Larmor server trusts it through
 * NODE_EXTRA_CA_CERTS = `certPath`), its own RS256 key published as a JWK Set, and JWTs signed with it, issued
 * by its origin. The story's `handle` answers every request; nothing is mocked.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';

/** How long the party's JWTs are valid [s]. */
const TOKEN_LIFETIME_S = 300;

export interface HttpsParty {
  /** https://127.0.0.1:<port>: the party's origin and the issuer of its JWTs. */
  origin: string;
  /** Its certificate (PEM), for NODE_EXTRA_CA_CERTS. */
  certPath: string;
  /** Its public key as a JWK Set (kid `<name>-key`). */
  jwks: JSONWebKeySet;
  /**
   * A JWT of `claims` for `audience`, issued now by `origin`, valid 5 minutes, signed with its key; `claims` may
   * set iss, aud, iat or exp themselves.
   */
  sign(claims: Record<string, unknown>, audience: string): Promise<string>;
  close(): Promise<void>;
}

export type HttpsHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  party: HttpsParty,
) => void;

/** Answers `body` as JSON with `status`. */
export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Starts party `name`, its key and certificate files in `dir`; `handle` answers its requests. */
export async function startHttpsParty(dir: string, name: string, handle: HttpsHandler): Promise<HttpsParty> {
  const keyPath = path.join(dir, `${name}.key`);
  const certPath = path.join(dir, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  const kid = `${name}-key`;
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const server = https.createServer(
    { key: fs.readFileSync(keyPath), cert: fs.readFileSync(certPath) },
    (request, response) => handle(request, response, new URL(request.url ?? '/', party.origin), party),
  );
  const party: HttpsParty = {
    origin: '',
    certPath,
    jwks,
    sign: (claims, audience) => {
      const nowS = Math.floor(Date.now() / 1000);
      // The registered claims unless `claims` sets them (a story breaking one check on purpose).
      const registered = { iss: party.origin, aud: audience, iat: nowS, exp: nowS + TOKEN_LIFETIME_S };
      return new SignJWT({ ...registered, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(privateKey);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  party.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return party;
}
