/**
 * The platform shell in a real browser against the real server (issue 3): each test is one user's story and
 * keeps a screenshot in e2e/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createUser, uniqueName } from '../support/api.ts';
import {
  FIRST_PASSWORD,
  OWN_PASSWORD,
  pathOf,
  settledStudent as settled,
  signIn,
  storyFile,
} from '../support/story.ts';
import { keepScreenshot } from '../support/browser.ts';

const { baseUrl, admin, openPage, signedIn } = storyFile();

/** A new student (username starting `prefix`) signs in for the first time on `page`: answers the terms dialog shown. */
async function firstSignInTerms(page: Page, prefix: string): Promise<Locator> {
  const student = await createUser(baseUrl, admin, {
    username: uniqueName(prefix),
    password: FIRST_PASSWORD,
    role: 'Student',
  });
  await page.goto('/');
  await signIn(page, student);
  const terms = page.getByRole('dialog', { name: 'Terms and policies' });
  await expect.poll(() => terms.isVisible()).toBe(true);
  return terms;
}

describe('the platform shell', () => {
  it('a first-time student accepts the terms and must change the password', async () => {
    const { context, page } = await openPage();
    try {
      const terms = await firstSignInTerms(page, 'new');
      await expect.poll(async () => (await terms.boundingBox())?.width).toBe(500);
      await terms.getByRole('button', { name: 'Yes, I accept' }).click();

      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: /close|cancel/i }).count()).toBe(0);
      const submit = dialog.getByRole('button', { name: 'Change password' });
      expect(await submit.isDisabled()).toBe(true);

      await dialog.getByLabel('Current password').fill(FIRST_PASSWORD);
      await dialog.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
      await dialog.getByLabel('Confirm new password').fill('something else 1');
      await dialog.getByLabel('Current password').click();
      await expect
        .poll(() => dialog.getByText('New password has to be different from the old password').isVisible())
        .toBe(true);
      await expect
        .poll(() => dialog.getByText('New password and password confirmation do not match').isVisible())
        .toBe(true);
      expect(await submit.isDisabled()).toBe(true);

      await dialog.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
      await dialog.getByLabel('Confirm new password').fill(OWN_PASSWORD);
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await expect.poll(() => page.getByText('Successfully changed password').isVisible()).toBe(true);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await keepScreenshot(page, 'first-login-terms-and-password');
    } finally {
      await context.close();
    }
  });

  it('a first-time student who declines the terms is logged out and back on /', async () => {
    const { context, page } = await openPage();
    try {
      const terms = await firstSignInTerms(page, 'dec');
      await terms.getByRole('button', { name: 'No, I do not accept' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in to Larmor' }).isVisible())
        .toBe(true);
      expect(pathOf(page)).toBe('/');
      expect(
        await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('profile')]),
      ).toEqual([null, null]);
      await keepScreenshot(page, 'declined-terms-logged-out');
    } finally {
      await context.close();
    }
  });

  it('a student opening /admin lands on /forbidden', async () => {
    const student = await settled(baseUrl, admin);
    await signedIn(student, async (page) => {
      await page.goto('/admin');
      await expect.poll(() => page.getByRole('heading', { name: 'Forbidden' }).isVisible()).toBe(true);
      expect(pathOf(page)).toBe('/forbidden');
      await keepScreenshot(page, 'student-admin-forbidden');
    });
  });

  it('a signed-out visitor to /profile returns there after signing in', async () => {
    const student = await settled(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await page.goto('/profile');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in to Larmor' }).isVisible())
        .toBe(true);
      expect(pathOf(page)).toBe('/');
      await signIn(page, student);
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByRole('heading', { name: 'Profile' }).isVisible()).toBe(true);
      await expect
        .poll(() => page.getByText(student.username, { exact: true }).first().isVisible())
        .toBe(true);
      await keepScreenshot(page, 'signed-out-visitor-returns-to-profile');

      // From the profile the Change Password dialog is optional: it can be closed.
      await page.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a student whose session expired is sent to /', async () => {
    const student = await settled(baseUrl, admin);
    await signedIn(student, async (page) => {
      // Time passes: the stored access token is now past its expiry.
      await page.evaluate(() => {
        const token = localStorage.getItem('accessToken') ?? '';
        const [head, payload, signature] = token.split('.');
        const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
          exp: number;
        };
        claims.exp = Math.floor(Date.now() / 1000) - 60;
        const expired = btoa(JSON.stringify(claims))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        localStorage.setItem('accessToken', `${head}.${expired}.${signature}`);
      });
      await page.goto('/scan-results');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in to Larmor' }).isVisible())
        .toBe(true);
      expect(pathOf(page)).toBe('/');
      await keepScreenshot(page, 'expired-session-sent-home');
    });
  });

  it('a token the server no longer accepts clears the storage and goes to / after 350 ms', async () => {
    const student = await settled(baseUrl, admin);
    await signedIn(student, async (page) => {
      await page.evaluate(() => {
        const token = localStorage.getItem('accessToken') ?? '';
        localStorage.setItem('accessToken', `${token.slice(0, token.lastIndexOf('.'))}.forged-signature`);
      });
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in to Larmor' }).isVisible())
        .toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      await keepScreenshot(page, 'rejected-token-sent-home');
    });
  });

  it("an admin imports users from a CSV file and sees each row's outcome", async () => {
    const first = uniqueName('imp');
    const second = uniqueName('imp');
    const csv = [
      'username,email,firstName,lastName,role',
      `${first},${first}@example.test,Ada,Lovelace,Student`,
      `${second},${second}@example.test,Alan,Turing,Teacher`,
      `${uniqueName('bad')},not-an-email,Bad,Row,Student`,
    ].join('\n');
    await signedIn(admin, async (page) => {
      await page.getByTestId('nav-admin').click();
      await page.waitForURL('**/admin/users');
      await page.getByRole('button', { name: 'Import users' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import users' });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'users.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const results = dialog.getByRole('table', { name: 'Import results' });
      await expect.poll(() => results.isVisible()).toBe(true);
      expect(await results.getByRole('row').count()).toBe(4);
      expect(await results.getByText('created').count()).toBe(2);
      expect(await results.getByText('error').count()).toBe(1);
      await expect.poll(() => dialog.getByText('2 of 3 rows imported').isVisible()).toBe(true);
      await keepScreenshot(page, 'admin-imports-users-csv');

      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByLabel('Search by name').fill(first);
      await expect.poll(() => page.getByRole('link', { name: first }).isVisible()).toBe(true);
    });
  });
});
