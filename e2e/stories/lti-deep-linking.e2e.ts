/**
 * Issue 27.3 in a real browser against `larmor start`: a learning platform (an https server run by this story,
 * e2e/support/lti-platform.ts, with its own key and JWKS, its certificate trusted by the Larmor server through NODE_EXTRA_CA_CERTS) sends an
 * instructor's LtiDeepLinkingRequest; the teacher lands signed in on Larmor's picker (axe-clean in both themes),
 * picks a module with the keyboard, and the auto-submitting form posts the LtiDeepLinkingResponse JWT to the
 * platform's return URL, where it verifies against Larmor's JWKS and names the module.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName, type Credentials } from '../support/api.ts';
import { keepScreenshot, launchBrowser } from '../support/browser.ts';
import {
  LTI_CLAIM as CLAIM,
  LTI_CLIENT_ID,
  LTI_DL_CLAIM as DL_CLAIM,
  LTI_ROLES,
  startLtiPlatform,
  type LtiPlatform,
} from '../support/lti-platform.ts';
import { endPartyStory, ltiSchool, serverTrusting } from '../support/party-story.ts';
import type { RunningServer } from '../support/server.ts';

describe('LTI deep linking', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-lti-'));
  let platform: LtiPlatform;
  let larmorServer: RunningServer;
  let browser: Browser;
  const admin: Credentials = { username: 'ltiadmin', password: 'lti admin password 1' };

  beforeAll(async () => {
    platform = await startLtiPlatform(dir);
    larmorServer = await serverTrusting(platform.certPath, admin, 'ltiadmin@example.test');
    browser = await launchBrowser();
  }, 120_000);
  afterAll(() => endPartyStory(dir, { browser, server: larmorServer, party: platform }));

  it('a teacher picks a module in the picker and the signed response reaches the platform', async () => {
    const base = larmorServer.url;
    const publicUrl = `http://localhost:${new URL(base).port}`;
    const { clientId, moduleId } = await ltiSchool(
      base,
      admin,
      platform,
      { school: uniqueName('LTI school'), programTitle: 'Neuro by LTI', courseTitle: 'Contrast' },
      { title: 'T2 spin echo', anatomicalModelId: 1, sequenceTypes: [5, 2] },
    );

    // The platform's login initiation, then its form post of the id_token, as a browser carries it.
    const login = await fetch(`${base}/api/v1/lti/login`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        iss: platform.issuer,
        client_id: LTI_CLIENT_ID,
        login_hint: 'teacher-1',
        target_link_uri: `${publicUrl}/api/v1/lti/deep-linking`,
      }),
    });
    expect(login.status).toBe(302);
    const auth = new URL(login.headers.get('location') ?? '');
    const idToken = await platform.sign({
      sub: 'teacher-1',
      nonce: auth.searchParams.get('nonce'),
      given_name: 'Grace',
      family_name: 'Hopper',
      [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${CLAIM}version`]: '1.3.0',
      [`${CLAIM}deployment_id`]: 'd1',
      [`${CLAIM}roles`]: [LTI_ROLES.instructor],
      [`${DL_CLAIM}deep_linking_settings`]: {
        deep_link_return_url: `${platform.issuer}/return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        data: 'story-data',
      },
    });
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.setContent(
        `<form id="post" method="post" action="${base}/api/v1/lti/deep-linking">` +
          `<input name="id_token" value="${idToken}"><input name="state" value="${auth.searchParams.get('state') ?? ''}">` +
          '</form>',
      );
      await page.evaluate(() => (document.getElementById('post') as HTMLFormElement).submit());
      await page.waitForURL('**/lti/deep-linking/**');
      const programRadio = page.getByRole('radio', { name: /Neuro by LTI/ });
      await expect.poll(() => programRadio.isVisible()).toBe(true);
      await keepScreenshot(page, 'lti-deep-linking-picker');

      // The keyboard: the program's radio, an arrow key onto its module, Tab to the button, Enter.
      await programRadio.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.getByRole('radio', { name: 'T2 spin echo' }).isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      const add = page.getByRole('button', { name: 'Add “T2 spin echo” to Story LMS' });
      await expect.poll(() => add.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');

      await page.waitForURL(`${platform.issuer}/return`);
      expect(platform.returned).toHaveLength(1);
      const jwks = (await (await fetch(`${base}/api/v1/lti/${clientId}/jwks`)).json()) as Parameters<
        typeof createLocalJWKSet
      >[0];
      const { payload } = await jwtVerify(platform.returned[0] ?? '', createLocalJWKSet(jwks), {
        issuer: LTI_CLIENT_ID,
        audience: platform.issuer,
      });
      expect(payload[`${CLAIM}message_type`]).toBe('LtiDeepLinkingResponse');
      expect(payload[`${DL_CLAIM}data`]).toBe('story-data');
      expect(payload[`${DL_CLAIM}content_items`]).toMatchObject([
        { type: 'ltiResourceLink', title: 'T2 spin echo', custom: { module_id: moduleId } },
      ]);
    } finally {
      await context.close();
    }
  });
});
