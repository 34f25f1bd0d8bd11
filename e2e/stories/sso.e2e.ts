/**
 * Issue 27.6 in a real browser against `larmor start`: an organisation's OpenID Connect provider (an https server
 * run by this story: discovery document, JWKS, an authorization endpoint that approves at once, a token endpoint
 * that checks the client secret and the PKCE verifier; its certificate trusted by the Larmor server through
 * NODE_EXTRA_CA_CERTS). An administrator adds the provider in Admin › Single sign-on (the secret shows as "Set");
 * a visitor presses its button on the sign-in page and lands signed in, in the provider's organisation, and again
 * as the same account; a user outside the allowed e-mail domain lands on /auth/callback with the refusal's reason.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, uniqueName, type Credentials } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { keepScreenshot, launchBrowser } from '../support/browser.ts';
import { json, startHttpsParty } from '../support/https-party.ts';
import { endPartyStory, serverTrusting } from '../support/party-story.ts';
import type { RunningServer } from '../support/server.ts';

const CLIENT_ID = 'larmor-sso-e2e';
const CLIENT_SECRET = 'story-secret-0123456789';

/** The story's identity provider: the next user its authorization endpoint approves, and its https issuer. */
interface Provider {
  issuer: string;
  certPath: string;
  nextUser: Record<string, unknown>;
  close(): Promise<void>;
}

async function startProvider(dir: string): Promise<Provider> {
  const codes = new Map<string, { nonce: string; challenge: string; user: Record<string, unknown> }>();
  const provider: Provider = { issuer: '', certPath: '', nextUser: {}, close: async () => undefined };
  const party = await startHttpsParty(dir, 'idp', (request, response, url, self) => {
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      json(response, 200, {
        issuer: self.origin,
        authorization_endpoint: `${self.origin}/authorize`,
        token_endpoint: `${self.origin}/token`,
        jwks_uri: `${self.origin}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/jwks') return json(response, 200, self.jwks);
    if (request.method === 'GET' && url.pathname === '/authorize') {
      // The user signs in at the provider and approves: back to Larmor's redirect URI with a code.
      const code = randomUUID();
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        user: provider.nextUser,
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.search = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '' }).toString();
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (
        url.pathname !== '/token' ||
        grant === undefined ||
        form.get('client_secret') !== CLIENT_SECRET ||
        verifier !== grant.challenge
      ) {
        json(response, 400, { error: 'invalid_grant' });
        return;
      }
      void self
        .sign({ nonce: grant.nonce, ...grant.user }, CLIENT_ID)
        .then((idToken) =>
          json(response, 200, { access_token: randomUUID(), token_type: 'Bearer', id_token: idToken }),
        );
    });
  });
  provider.issuer = party.origin;
  provider.certPath = party.certPath;
  provider.close = () => party.close();
  return provider;
}

describe('OpenID Connect single sign-on', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-sso-'));
  let provider: Provider;
  let larmorServer: RunningServer;
  let browser: Browser;
  const admin: Credentials = { username: 'ssoadmin', password: 'sso admin password 1' };

  beforeAll(async () => {
    provider = await startProvider(dir);
    larmorServer = await serverTrusting(provider.certPath, admin, 'ssoadmin@example.test');
    browser = await launchBrowser();
  }, 120_000);
  afterAll(() => endPartyStory(dir, { browser, server: larmorServer, party: provider }));

  /** A fresh page on Larmor's public address (where the provider sends the browser back). */
  async function openPage(): Promise<{ page: Page; close: () => Promise<void> }> {
    const publicUrl = `http://localhost:${new URL(larmorServer.url).port}`;
    // The provider's certificate is the story's own (self-signed): the browser visits its authorization endpoint.
    const context = await browser.newContext({
      baseURL: publicUrl,
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { page, close: () => context.close() };
  }

  it('an admin adds the provider; a user signs in with its button, and one outside the domain is refused', async () => {
    const school = uniqueName('SSO school');
    await createClient(larmorServer.url, admin, school);
    const buttonText = `Sign in with ${school} Microsoft`;

    const adminPage = await openPage();
    try {
      const { page } = adminPage;
      await page.goto('/');
      await page.getByLabel('Username').fill(admin.username);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('/admin/sso');
      await page.getByRole('combobox', { name: 'Organisation' }).click();
      await page.getByRole('option', { name: school }).click();
      await expect
        .poll(() => page.getByTestId('sso-redirect-url').textContent())
        .toContain('/api/v1/sso/callback');
      await page.getByRole('button', { name: 'Add provider' }).click();
      const form = page.getByRole('dialog', { name: 'Add sign-in provider' });
      await form.getByLabel('Button text').fill(buttonText);
      await form.getByRole('textbox', { name: /^Issuer URL/ }).fill(provider.issuer);
      await form.getByLabel('Client ID').fill(CLIENT_ID);
      await form.getByLabel('Client secret').fill(CLIENT_SECRET);
      await form.getByRole('textbox', { name: /^Allowed e-mail domain/ }).fill('school.example');
      await form.getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => form.isVisible()).toBe(false);
      const row = page.getByRole('row', { name: new RegExp(buttonText) });
      await expect.poll(() => row.textContent()).toContain('Set');
      expect(await page.content()).not.toContain(CLIENT_SECRET);
      await expectAccessible(page, 'the single sign-on administration');
      await keepScreenshot(page, 'sso-admin');
    } finally {
      await adminPage.close();
    }

    const visitor = await openPage();
    try {
      const { page } = visitor;
      provider.nextUser = {
        sub: 'entra-ada',
        email: 'ada@school.example',
        given_name: 'Ada',
        family_name: 'Byron',
      };
      await page.goto('/');
      const button = page.getByRole('link', { name: buttonText });
      await expect.poll(() => button.isVisible()).toBe(true);
      await expectAccessible(page, 'the sign-in page with a single sign-on button');
      await keepScreenshot(page, 'sso-sign-in');
      await button.click();
      await page.waitForURL('**/dashboard');
      const terms = page.getByRole('dialog', { name: 'Terms and policies' });
      await expect.poll(() => terms.isVisible()).toBe(true);
      await terms.getByRole('button', { name: 'Yes, I accept' }).click();
      const me = () =>
        page.evaluate(async () => {
          const token = localStorage.getItem('accessToken') ?? '';
          const res = await fetch('/api/me/', { headers: { authorization: `Bearer ${token}` } });
          return (await res.json()) as {
            user: { username: string; name: string; clients: { name: string }[] };
          };
        });
      const first = await me();
      expect(first.user.name).toBe('Ada Byron');
      expect(first.user.clients.map((c) => c.name)).toEqual([school]);

      // Signed out, the same provider user (by sub, with a new address) signs in again as the same account.
      await page.evaluate(() => localStorage.clear());
      provider.nextUser = { ...provider.nextUser, email: 'ada.byron@school.example' };
      await page.goto('/');
      await page.getByRole('link', { name: buttonText }).click();
      await page.waitForURL('**/dashboard');
      expect((await me()).user.username).toBe(first.user.username);

      // A user of another domain: refused on /auth/callback, with the reason and the way back.
      provider.nextUser = { sub: 'entra-eve', email: 'eve@elsewhere.example' };
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto('/');
      await page.getByRole('link', { name: buttonText }).click();
      await page.waitForURL('**/auth/callback**');
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain('only accounts with a verified @school.example');
      await expect.poll(() => page.getByRole('link', { name: 'Back to sign in' }).isVisible()).toBe(true);
      await expectAccessible(page, 'a refused single sign-on');
      await keepScreenshot(page, 'sso-refused');
    } finally {
      await visitor.close();
    }
  }, 180_000);
});
