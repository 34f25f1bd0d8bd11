/**
 * Tablets (issue "Accessibility and look"): the non-simulator pages work down to 768 px. An admin on a 768 × 1024
 * screen opens the navigation from the menu button, reaches the users page, and the page never scrolls sideways
 * (wide tables scroll in their own box). The story keeps screenshots.
 */
import { describe, expect, it } from 'vitest';
import { keepScreenshot } from '../support/browser.ts';
import { pathOf, signInToDashboard, storyFile } from '../support/story.ts';

const { admin, openPage } = storyFile();

const TABLET = { width: 768, height: 1024 };

describe('tablet layout', () => {
  it('an admin on a 768 px tablet navigates from the menu button and no page scrolls sideways', async () => {
    const { context, page } = await openPage({ viewport: TABLET });
    await signInToDashboard(page, admin);
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await sideways()).toBe(false);
    await keepScreenshot(page, 'tablet-dashboard');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect.poll(() => drawer.getByRole('link', { name: 'Admin' }).isVisible()).toBe(true);
    await keepScreenshot(page, 'tablet-navigation-drawer');
    await drawer.getByRole('link', { name: 'Admin' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin/);
    await page.goto('/admin/users');
    await expect.poll(() => page.getByRole('heading', { name: 'Users' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table').getByRole('link').count()).toBeGreaterThan(0);
    expect(await sideways()).toBe(false);
    await keepScreenshot(page, 'tablet-admin-users');
    await context.close();
  });
});
