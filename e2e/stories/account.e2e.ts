/**
 * Accounts in a real browser against the real server: registration through the free-plan dialog, and the
 * user menu with logout. Each story keeps a screenshot in e2e/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { activationPath, completeFirstLogin, createUser, uniqueName } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import { signIn, storyFile } from '../support/story.ts';

const { baseUrl, admin, openPage, signedIn } = storyFile();

describe('accounts', () => {
  it('a visitor registers, activates from the mail, accepts the terms and sees the free-version dialog once', async () => {
    const username = uniqueName('reg');
    const email = `${username}@example.test`;
    const password = 'registered password 1';
    // At the 1280 × 800 of every story, the 1200 px free-plan dialog still shows at its full width.
    const { context, page } = await openPage();
    try {
      await page.goto('/signup');
      await page.getByLabel('First name').fill('Rosalind');
      await page.getByLabel('Last name').fill('Franklin');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      expect(await page.locator('input[name="firstName"]').count()).toBe(1);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Check your e-mail' }).isVisible())
        .toBe(true);

      await page.goto(await activationPath(baseUrl, admin, email));
      await expect.poll(() => page.getByText('Your account is active').isVisible()).toBe(true);

      await page.evaluate(() => localStorage.setItem('isNewPlatformUI', 'true'));
      await page.goto('/');
      await signIn(page, { username, password });
      const terms = page.getByRole('dialog', { name: 'Terms and policies' });
      await expect.poll(() => terms.isVisible()).toBe(true);
      await terms.getByRole('button', { name: 'Yes, I accept' }).click();

      const upsell = page.getByRole('dialog', { name: 'You are using the free version' });
      await expect.poll(() => upsell.isVisible()).toBe(true);
      await expect.poll(() => upsell.getByText('1.5 T scanner').isVisible()).toBe(true);
      await expect.poll(async () => (await upsell.boundingBox())?.width).toBe(1200);
      expect(await page.getByTestId('nav-catalog').isVisible()).toBe(true);
      await keepScreenshot(page, 'registered-free-plan-dialog');
      await upsell.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => upsell.isVisible()).toBe(false);

      await page.reload();
      await expect.poll(() => page.getByTestId('nav-catalog').isVisible()).toBe(true);
      await page.waitForTimeout(1_000);
      expect(await upsell.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a student opens the user menu, finds their name and the account links, and logs out', async () => {
    const created = await createUser(baseUrl, admin, {
      username: uniqueName('menu'),
      password: 'first password 123',
      role: 'Student',
    });
    const student = await completeFirstLogin(baseUrl, created, 'my own password 456');
    await signedIn(student, async (page) => {
      await page.getByTestId('user-menu').click();
      const menu = page.getByRole('menu');
      await expect.poll(() => menu.getByText(`Story ${student.username}`).first().isVisible()).toBe(true);
      for (const item of ['View Profile', 'Preferences', 'Logout']) {
        expect(await menu.getByRole('menuitem', { name: item }).isVisible()).toBe(true);
      }
      await keepScreenshot(page, 'student-user-menu');
      await menu.getByRole('menuitem', { name: 'Logout' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in to Larmor' }).isVisible())
        .toBe(true);
      const kept = await page.evaluate(() =>
        [
          'accessToken',
          'refreshToken',
          'profile',
          'next_maintenance_at',
          'instance_id',
          'isLoginModalAcknowledged',
        ].map((key) => localStorage.getItem(key)),
      );
      expect(kept).toEqual([null, null, null, null, null, null]);
    });
  });
});
