/**
 * Workspaces in a real browser against the real server: a teacher of two organisations picks one in the
 * 'Welcome back' dialog, the tokens are replaced and the page reloads; an admin adds a group to one of them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { completeFirstLogin, createClient, createUser, uniqueName } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import { FIRST_PASSWORD, OWN_PASSWORD, signIn, storyFile } from '../support/story.ts';

const { baseUrl, admin, openPage, signedIn } = storyFile();

/** The active identity claim of the stored access token. */
function activeIdentity(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const payload = (localStorage.getItem('accessToken') ?? '').split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { identity?: unknown })
      .identity;
  });
}

describe('workspaces', () => {
  it('a teacher of two organisations picks the other one in the Welcome back dialog and the app reloads in it', async () => {
    const north = `North ${uniqueName('org')}`;
    const south = `South ${uniqueName('org')}`;
    const clientIds = [await createClient(baseUrl, admin, north), await createClient(baseUrl, admin, south)];
    const created = await createUser(baseUrl, admin, {
      username: uniqueName('tch'),
      password: FIRST_PASSWORD,
      role: 'Teacher',
      clientIds,
    });
    const teacher = await completeFirstLogin(baseUrl, created, OWN_PASSWORD);
    const { context, page } = await openPage();
    try {
      await page.goto('/');
      await page.evaluate(() => localStorage.setItem('isNewPlatformUI', 'true'));
      await signIn(page, teacher);
      const picker = page.getByRole('dialog', { name: 'Welcome back' });
      await expect.poll(() => picker.isVisible()).toBe(true);
      await expect.poll(() => picker.getByText(north).isVisible()).toBe(true);
      expect(await picker.getByText(south).isVisible()).toBe(true);
      expect(await page.getByTestId('nav-manage-programs').isVisible()).toBe(true);
      await keepScreenshot(page, 'teacher-welcome-back-picker');

      const before = await activeIdentity(page);
      const other = picker
        .getByRole('button')
        .filter({ hasText: /North|South/ })
        .filter({ hasNotText: 'current' });
      await other.first().click();
      await expect.poll(() => activeIdentity(page)).not.toBe(before);
      await page.waitForLoadState('load');
      await page.waitForTimeout(1_000);
      expect(await picker.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('an admin adds a group to an organisation and sees it in the groups list', async () => {
    const org = `Clinic ${uniqueName('org')}`;
    await createClient(baseUrl, admin, org);
    const group = `Radiographers ${uniqueName('g')}`;
    await signedIn(admin, async (page) => {
      await page.goto('/admin/groups');
      await page.getByRole('combobox', { name: 'Organisation' }).click();
      await page.getByRole('option', { name: org }).click();
      await page.getByLabel('Group name').fill(group);
      await page.getByRole('button', { name: 'Add group' }).click();
      await expect.poll(() => page.getByRole('cell', { name: group }).isVisible()).toBe(true);
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: new RegExp(group) })
            .getByText(org)
            .isVisible(),
        )
        .toBe(true);
      await keepScreenshot(page, 'admin-groups');
    });
  });
});
