/**
 * Keyboard access in a real browser against the real server: the top navigation shows where the focus is,
 * and the user menu opens, is walked and closes from the keyboard. The story keeps a screenshot.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { expectAccessible } from '../support/a11y.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { focusOutline, menuHasFocus, tabTo } from '../support/keyboard.ts';
import { createClient, uniqueName } from '../support/api.ts';
import { organisationMember, settledStudent, storyFile } from '../support/story.ts';

const { baseUrl, admin, signedIn } = storyFile();

describe('keyboard access', () => {
  it('a keyboard user sees the focus on the navigation and opens, walks and closes the user menu', async () => {
    const student = await settledStudent(baseUrl, admin);
    await signedIn(student, async (page) => {
      await page.getByTestId('nav-my-scan-results').waitFor();
      await tabTo(page, 'nav-my-scan-results');
      expect(await focusOutline(page)).not.toMatch(/^none|0px$/);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/scan-results');

      await tabTo(page, 'user-menu');
      expect(await focusOutline(page)).not.toMatch(/^none|0px$/);
      await page.keyboard.press('Enter');
      const menu = await menuHasFocus(page);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.locator(':focus').getAttribute('role')).toBe('menuitem');
      // My Scan Results imposes the reading-room (dark) scheme: kept and checked in it.
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, 'keyboard-user-menu.dark.png'),
        fullPage: true,
      });
      await expectAccessible(page, 'screen "keyboard-user-menu" (dark)');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect.poll(() => page.locator(':focus').getAttribute('data-testid')).toBe('user-menu');
    });
  });

  it('a member of an organisation opens the user menu from the keyboard although its first entry, their workspace, cannot be chosen: the focus enters the menu and ArrowDown reaches View Profile', async () => {
    const clientId = await createClient(baseUrl, admin, uniqueName('School '));
    const student = await organisationMember(baseUrl, admin, clientId, 'Student');
    await signedIn(student, async (page) => {
      await page.getByTestId('user-menu').waitFor();
      await tabTo(page, 'user-menu');
      await page.keyboard.press('Enter');
      const workspace = page.getByRole('menuitem', { name: /^Member of School / });
      await expect.poll(() => workspace.getAttribute('aria-disabled')).toBe('true');
      await menuHasFocus(page);
      await expect.poll(() => page.locator(':focus').getAttribute('role')).toBe('menuitem');
      expect(await focusOutline(page)).not.toMatch(/^none|0px$/);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.locator(':focus').textContent()).toBe('View Profile');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator(':focus').getAttribute('data-testid')).toBe('user-menu');
    });
  });
});
