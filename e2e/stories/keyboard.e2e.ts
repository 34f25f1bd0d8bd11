/**
 * Keyboard access in a real browser against the real server: the top navigation shows where the focus is,
 * and the user menu opens, is walked and closes from the keyboard. The story keeps a screenshot.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot } from '../support/browser.ts';
import { settledStudent, signInToDashboard, storyFile } from '../support/story.ts';

const { baseUrl, admin, openPage } = storyFile();

/** Presses Tab until the element with `testId` has the focus (at most `limit` presses). */
async function tabTo(page: Page, testId: string, limit = 20): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.locator(':focus').getAttribute('data-testid');
    if (focused === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** The outline the focused element draws, e.g. 'solid 2px'; 'none 0px' when it shows no focus. */
function focusOutline(page: Page): Promise<string> {
  // A string runs in the page (the e2e code is typed for Node, without the DOM's names).
  return page.evaluate<string>(
    '(() => { const style = getComputedStyle(document.activeElement ?? document.body); return `${style.outlineStyle} ${style.outlineWidth}`; })()',
  );
}

describe('keyboard access', () => {
  it('a keyboard user sees the focus on the navigation and opens, walks and closes the user menu', async () => {
    const student = await settledStudent(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInToDashboard(page, student);
      await page.getByTestId('nav-my-scan-results').waitFor();
      await tabTo(page, 'nav-my-scan-results');
      expect(await focusOutline(page)).not.toMatch(/^none|0px$/);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/scan-results');

      await tabTo(page, 'user-menu');
      expect(await focusOutline(page)).not.toMatch(/^none|0px$/);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.locator(':focus').getAttribute('role')).toBe('menuitem');
      await keepScreenshot(page, 'keyboard-user-menu');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect.poll(() => page.locator(':focus').getAttribute('data-testid')).toBe('user-menu');
    } finally {
      await context.close();
    }
  });
});
