/**
 * What the story files share: their setup (server, admin, one Chromium per file), signing in through the form,
 * and a student past the first login.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { completeFirstLogin, createUser, uniqueName, type Credentials } from './api.ts';
import { launchBrowser, newPage } from './browser.ts';

/**
 * A story file's setup: the server's address and the admin from the global setup, and one Chromium launched
 * before the file's stories and closed after them. `openPage` gives each story a fresh context at 1280 × 800;
 * `signedIn` runs a story on one, signed in to the dashboard.
 */
export function storyFile(): {
  baseUrl: string;
  admin: Credentials;
  openPage: (options?: Parameters<typeof newPage>[2]) => ReturnType<typeof newPage>;
  signedIn: (who: Credentials, story: (page: Page) => Promise<void>) => Promise<void>;
} {
  const baseUrl = inject('baseUrl');
  const admin: Credentials = { username: inject('adminUsername'), password: inject('adminPassword') };
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const openPage = (options?: Parameters<typeof newPage>[2]) => {
    if (browser === undefined) throw new Error('openPage runs inside a story, after the browser launched');
    return newPage(browser, baseUrl, options);
  };
  return {
    baseUrl,
    admin,
    openPage,
    /** Runs `story` on a fresh page signed in as `who` (on the dashboard), then closes the page's context. */
    signedIn: async (who, story) => {
      const { context, page } = await openPage();
      try {
        await signInToDashboard(page, who);
        await story(page);
      } finally {
        await context.close();
      }
    },
  };
}

export const FIRST_PASSWORD = 'first password 123';
export const OWN_PASSWORD = 'my own password 456';

/** Fills the sign-in form of / and submits it. */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /, signs in through the form and waits for the dashboard (a user past the forced dialogs). */
export async function signInToDashboard(page: Page, who: Credentials): Promise<void> {
  await page.goto('/');
  await signIn(page, who);
  await page.waitForURL('**/dashboard');
}

/** A student who has accepted the terms and set their own password. */
export async function settledStudent(baseUrl: string, admin: Credentials): Promise<Credentials> {
  const created = await createUser(baseUrl, admin, {
    username: uniqueName('stu'),
    password: FIRST_PASSWORD,
    role: 'Student',
  });
  return completeFirstLogin(baseUrl, created, OWN_PASSWORD);
}

/** A teacher or student of organisation `clientId` (created by the admin), past the first login. */
export async function organisationMember(
  baseUrl: string,
  admin: Credentials,
  clientId: string,
  role: 'Teacher' | 'Student',
  prefix: string = role === 'Teacher' ? 'teach' : 'stu',
): Promise<Credentials> {
  const created = await createUser(baseUrl, admin, {
    username: uniqueName(prefix),
    password: FIRST_PASSWORD,
    role,
    clientIds: [clientId],
  });
  return completeFirstLogin(baseUrl, created, OWN_PASSWORD);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
