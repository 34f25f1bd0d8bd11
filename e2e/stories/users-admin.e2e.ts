/**
 * The admin users pages in a real browser against the real server: create, find by name, edit, bulk update,
 * delete, and the empty table. The story keeps a screenshot in e2e/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { uniqueName } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import { pathOf, storyFile } from '../support/story.ts';

const { admin, signedIn } = storyFile();

describe('user administration', () => {
  it('an admin creates a user, finds, edits, deactivates and deletes them; a search without match shows No data', async () => {
    const username = uniqueName('crud');
    await signedIn(admin, async (page) => {
      await page.goto('/admin/users');

      await page.getByRole('button', { name: 'Create user' }).click();
      const create = page.getByRole('dialog', { name: 'Create user' });
      await create.getByLabel('Username').fill(username);
      await create.getByLabel('E-mail').fill(`${username}@example.test`);
      await create.getByLabel('First name').fill('Grace');
      await create.getByLabel('Last name').fill('Hopper');
      await create.getByLabel('Password (optional)').fill('initial password 1');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await expect.poll(() => create.isVisible()).toBe(false);

      await page.getByLabel('Search by name').fill(username);
      const link = page.getByRole('link', { name: username });
      await expect.poll(() => link.isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);

      await page.getByLabel(`Select ${username}`).check();
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: new RegExp(username) })
            .getByText('deactivated')
            .isVisible(),
        )
        .toBe(true);

      await link.click();
      await page.waitForURL(/\/admin\/users\/[0-9a-f-]+$/);
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit user' });
      await edit.getByLabel('Last name').fill('Brewster Hopper');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByRole('cell', { name: 'Grace Brewster Hopper' }).isVisible())
        .toBe(true);
      await keepScreenshot(page, 'admin-user-details');

      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete user' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL('**/admin/users');
      expect(pathOf(page)).toBe('/admin/users');

      await page.getByLabel('Search by name').fill(username);
      await expect.poll(() => page.getByRole('cell', { name: 'No data' }).isVisible()).toBe(true);
    });
  });
});
