/**
 * Issue 27.4–5 against `larmor start` over real HTTP: the learning platform of the story (an https server,
 * e2e/support/lti-platform.ts and lti-platform-services.ts) launches a learner into a module from a link that has
 * no grade column yet — only its course's line items container, with the line item and score scopes — and names
 * its course roster. The learner scans and submits; the teacher grades and releases on the grade page and sees the
 * grade return "Sent"; the platform has received, with tokens it issued against client assertions it verified by
 * Larmor's published keys, one line item Larmor created for the link (out of 100, the module's title) and one
 * score on it. Then the teacher syncs the roster from the module page, and the platform's other learner is
 * enrolled in the program with an account of their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, uniqueName, type Credentials } from '../support/api.ts';
import { keepScreenshot, launchBrowser } from '../support/browser.ts';
import { collectConsoleErrors } from '../support/console-errors.ts';
import {
  LTI_CLAIM,
  LTI_CLIENT_ID,
  LTI_ROLES,
  startLtiPlatform,
  type LtiPlatform,
} from '../support/lti-platform.ts';
import { AGS_SCOPES, NRPS_SCOPE } from '../support/lti-platform-services.ts';
import { endPartyStory, learnerLaunch, ltiSchool, serverTrusting } from '../support/party-story.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/story.ts';
import {
  scanT1SpinEcho,
  SPIN_ECHO_T2_OBJECTIVES,
  submitScan,
  T1_SE,
  type ToolsWorld,
} from './tools-support.ts';

const MODULE_TITLE = 'T2 weighting from the LMS';
const LEARNER = 'learner-9';

describe('LTI grade return and roster over HTTP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-lti-grades-'));
  let platform: LtiPlatform;
  let larmorServer: RunningServer;
  let browser: Browser;
  let publicUrl: string;
  let loginUrl: string;
  let teacher: Credentials;
  let programId: string;
  let courseId: string;
  let moduleId: string;
  const admin: Credentials = { username: 'ltigradesadmin', password: 'lti grades admin password 1' };

  beforeAll(async () => {
    platform = await startLtiPlatform(dir);
    larmorServer = await serverTrusting(platform.certPath, admin, 'ltigradesadmin@example.test');
    browser = await launchBrowser();
    const base = larmorServer.url;
    publicUrl = `http://localhost:${new URL(base).port}`;
    let clientId: string;
    ({ clientId, teacher, programId, courseId, moduleId } = await ltiSchool(
      base,
      admin,
      platform,
      { school: uniqueName('LTI grades school'), programTitle: 'Neuro by LTI', courseTitle: 'Contrast' },
      {
        title: MODULE_TITLE,
        anatomicalModelId: 1,
        sequenceTypes: [T1_SE],
        objectives: SPIN_ECHO_T2_OBJECTIVES,
      },
    ));
    platform.services.toolJwksUrl = `${base}/api/v1/lti/${clientId}/jwks`;

    const launchUri = `${publicUrl}/api/v1/lti/launch`;
    platform.launches.set(
      LEARNER,
      learnerLaunch(
        { sub: LEARNER, givenName: 'Ada', familyName: 'Lovelace' },
        { id: 'link-t2', title: MODULE_TITLE, moduleId, launchUri },
        {
          [`${LTI_CLAIM}context`]: { id: 'course-1', title: 'Neuro MRI' },
          // A link added by hand: no line item yet, the course's container and the right to create one.
          'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
            scope: [AGS_SCOPES.lineItem, AGS_SCOPES.score],
            lineitems: `${platform.issuer}/lineitems`,
          },
          'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
            context_memberships_url: `${platform.issuer}/memberships`,
            service_versions: ['2.0'],
          },
        },
      ),
    );
    platform.services.members.push(
      {
        user_id: LEARNER,
        roles: [LTI_ROLES.learner],
        status: 'Active',
        given_name: 'Ada',
        family_name: 'Lovelace',
      },
      {
        user_id: 'learner-10',
        roles: [LTI_ROLES.learner],
        status: 'Active',
        given_name: 'Grace',
        family_name: 'Hopper',
      },
      {
        user_id: 'learner-11',
        roles: [LTI_ROLES.learner],
        status: 'Inactive',
        given_name: 'Gone',
        family_name: 'Away',
      },
    );
    const login = {
      iss: platform.issuer,
      client_id: LTI_CLIENT_ID,
      lti_deployment_id: 'd1',
      login_hint: LEARNER,
      target_link_uri: launchUri,
    };
    loginUrl = `${publicUrl}/api/v1/lti/login?${new URLSearchParams(login).toString()}`;
  }, 180_000);
  afterAll(() => endPartyStory(dir, { browser, server: larmorServer, party: platform }));

  const newContext = (): Promise<BrowserContext> =>
    browser.newContext({
      baseURL: publicUrl,
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 900 },
    });

  it('a released grade reaches the platform in a line item Larmor created for the link; the roster sync enrols the course', async () => {
    // The learner launches from the platform and lands on the module, signed in.
    const learnerContext = await newContext();
    const errors = collectConsoleErrors(learnerContext);
    let student: { accessToken: string };
    try {
      const page = await learnerContext.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(loginUrl);
      await page.waitForURL(`${publicUrl}/courses/${courseId}/modules/${moduleId}`, { timeout: 60_000 });
      const terms = page.getByRole('dialog', { name: 'Terms and policies' });
      await terms.getByRole('button', { name: 'Yes, I accept' }).click();
      await terms.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: MODULE_TITLE }).waitFor();
      const accessToken = await page.evaluate(() => window.localStorage.getItem('accessToken'));
      if (accessToken === null) throw new Error('the launched learner holds no access token');
      student = { accessToken };
    } finally {
      await learnerContext.close();
    }
    // The learner scans a T1-weighted spin echo and submits it (through the API, as the signed-in learner).
    const world: ToolsWorld<{ accessToken: string }> = {
      baseUrl: larmorServer.url,
      teacher,
      student,
      programId,
      courseId,
      labId: moduleId,
    };
    const { scanId } = await scanT1SpinEcho(world);
    await submitScan(world, scanId);
    const me = await callAs<{ id: string }>(larmorServer.url, student, 'GET', 'v2/me/');

    // The teacher grades and releases on the grade page; the grade return shows "Sent".
    const teacherContext = await newContext();
    const teacherErrors = collectConsoleErrors(teacherContext);
    try {
      const page = await teacherContext.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto('/');
      await signIn(page, teacher);
      await page.waitForURL('**/dashboard');
      await page.goto(`/courses/${courseId}/modules/${moduleId}/students/${me.id}/grade`);
      const points = page.getByRole('textbox', { name: 'Points for T2 weighting (of 2)' });
      await expect.poll(() => points.isVisible(), { timeout: 30_000 }).toBe(true);
      await points.fill('1');
      await page.getByLabel('Comment to the student').fill('Lengthen TR and TE.');
      await page.getByRole('button', { name: 'Save grade' }).click();
      await expect.poll(() => page.getByText('Graded', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Release to the student' }).click();
      const returns = page.getByRole('region', { name: 'Grade return to the learning platform' });
      await expect
        .poll(() => returns.getByText('Sent', { exact: true }).isVisible(), { timeout: 60_000 })
        .toBe(true)
        .catch(async (error: unknown) => {
          // What the page and the platform show, so that a failure names its step.
          const shown = await page
            .locator('main')
            .innerText()
            .catch(() => '(no main)');
          const { lineItems, scores, tokenScopes } = platform.services;
          throw new Error(
            `${String(error)}\npage: ${shown}\nplatform: ${JSON.stringify({ lineItems, scores, tokenScopes })}`,
          );
        });
      expect(await returns.getByText('Story LMS').isVisible()).toBe(true);
      await keepScreenshot(page, 'lti-grade-return-sent');

      // What the platform received: one line item for the link, made by Larmor, and the score on it.
      expect(platform.services.lineItems).toEqual([
        {
          id: `${platform.issuer}/lineitems/1/lineitem`,
          scoreMaximum: 100,
          label: MODULE_TITLE,
          resourceLinkId: 'link-t2',
          resourceId: moduleId,
          tag: 'larmor',
        },
      ]);
      expect(platform.services.scores).toHaveLength(1);
      expect(platform.services.scores[0]).toMatchObject({
        lineItem: `${platform.issuer}/lineitems/1/lineitem`,
        score: {
          userId: LEARNER,
          scoreMaximum: 100,
          comment: 'Lengthen TR and TE.',
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
        },
      });
      expect(platform.services.tokenScopes).toEqual(
        expect.arrayContaining([AGS_SCOPES.lineItem, AGS_SCOPES.score]),
      );

      // The roster: the course's other active learner gets an account and joins the program.
      await page.goto(`/courses/${courseId}/modules/${moduleId}`);
      await page.getByRole('button', { name: 'Sync roster from the learning platform' }).click();
      const summary = page.getByRole('status').filter({ hasText: 'read from 1 platform link' });
      await expect
        .poll(() => summary.textContent(), { timeout: 30_000 })
        .toMatch(/^3 members read from 1 platform link; 1 new account; 1 newly enrolled; 1 left out/);
      expect(platform.services.tokenScopes).toContain(NRPS_SCOPE);
      const enrolled = await callAs<{ firstName: string; lastName: string }[]>(
        larmorServer.url,
        teacher,
        'GET',
        `v1/programs/${programId}/enrollments`,
      );
      expect(enrolled.map((row) => `${row.firstName} ${row.lastName}`).sort()).toEqual([
        'Ada Lovelace',
        'Grace Hopper',
      ]);
      expect([...errors, ...teacherErrors]).toEqual([]);
    } finally {
      await teacherContext.close();
    }
  }, 300_000);
});
