/**
 * The simulator journey with the keyboard alone (issue 15): a student signs in, opens a module, starts the
 * simulator (a new tab), adds a T2-weighted TSE, changes TE, runs it, opens the image viewer with Ctrl+Shift+2,
 * and saves and closes — pressing Tab, Shift+Tab, Enter, Space, arrows and the spec's shortcuts only (no click,
 * no fill, no mouse). At each step the focused control shows its focus (an outline), and the step's effect is
 * checked. Screens are kept and checked with axe as the keyboard user sees them.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectSessionClosed, schoolBrainModule } from './simulator-support.ts';
import type { Credentials } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import {
  closeDialogWithEscape,
  focusOutline,
  focusedElement,
  menuHasFocus,
  named,
  pickOptionByKeyboard,
  tabTo,
  VISIBLE_OUTLINE,
} from '../support/keyboard.ts';
import { storyFile } from '../support/story.ts';

const { baseUrl, admin, openPage } = storyFile();

/** How long a page may take to show what the keyboard is to reach next [ms]. */
const CONTENT_TIMEOUT_MS = 20_000;

/** Tabs (or Shift+Tabs) to the control named `name` and checks that it shows the focus. */
async function focusOn(
  page: Page,
  name: RegExp | string,
  options: { role?: string; backwards?: boolean; limit?: number } = {},
): Promise<void> {
  // The page may still be loading what is to be reached (a lazy page, its data): wait until text of that name
  // shows before tabbing, or the presses run through the header alone on a busy machine. Waiting is no mouse use.
  await page
    .getByText(name)
    .first()
    .waitFor({ state: 'visible', timeout: CONTENT_TIMEOUT_MS })
    .catch(() => undefined);
  await tabTo(page, named(name, options.role), {
    limit: options.limit ?? 40,
    ...(options.backwards === undefined ? {} : { backwards: options.backwards }),
  });
  expect(await focusOutline(page), `the focus on "${String(name)}" is visible`).toMatch(VISIBLE_OUTLINE);
}

/**
 * Keeps e2e/screenshots/<name>.dark.png of a simulator tab as the keyboard user sees it (the reading-room theme
 * it opens in; the simulator's own stories keep both themes) and checks it with axe.
 */
async function keepDarkScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.dark.png`), fullPage: true });
  await expectAccessible(page, `screen "${name}" (dark)`);
}

/** Selects the focused input's text and types `text` over it. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Signs in on / with the keyboard: the form's fields are tab stops; Enter submits. */
async function signInByKeyboard(page: Page, who: Credentials): Promise<void> {
  await page.goto('/');
  await focusOn(page, 'Username');
  await page.keyboard.type(who.username);
  await focusOn(page, 'Password');
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
}

/** Adds a T2-weighted TSE from the scan list: the picker opens with the arrows, Enter picks, Add adds it. */
async function addSequenceByKeyboard(tab: Page): Promise<void> {
  await focusOn(tab, 'Add a sequence');
  // The arrows open the list and move through it (the module allows one sequence type); Enter picks.
  await pickOptionByKeyboard(tab, tab.getByRole('combobox', { name: 'Add a sequence' }), 'T2-weighted TSE');
  await focusOn(tab, 'Add');
  await tab.keyboard.press('Enter');
  await expect
    .poll(() => tab.getByRole('heading', { name: 'T2-weighted TSE', level: 1 }).isVisible())
    .toBe(true);
}

/** In the open menu, moves with ArrowDown to the item named `name` and chooses it with Enter. */
async function chooseMenuItem(page: Page, name: RegExp | string): Promise<void> {
  // The arrows walk the menu once it holds the focus.
  await menuHasFocus(page);
  const passed: string[] = [];
  for (let press = 0; press < 20; press += 1) {
    await page.keyboard.press('ArrowDown');
    const focused = await focusedElement(page);
    passed.push(`${focused.tag}[${focused.role ?? ''}] "${focused.name}"`);
    if (named(name, 'menuitem')(focused)) {
      expect(await focusOutline(page), `the focus on "${String(name)}" is visible`).toMatch(VISIBLE_OUTLINE);
      await page.keyboard.press('Enter');
      // Choosing an item closes the menu; an Enter that reached anything else leaves it open.
      await expect
        .poll(() => page.getByRole('menu').count(), { message: `Enter on "${String(name)}" closes the menu` })
        .toBe(0);
      return;
    }
  }
  const menus = await page.evaluate(() =>
    [...document.querySelectorAll('[role="menu"]')].map((m) => `${m.id}: ${m.textContent ?? ''}`),
  );
  throw new Error(
    `the arrows never reached the menu item ${String(name)}: ${passed.join(', ')}; menus: ${JSON.stringify(menus)}`,
  );
}

describe('keyboard-only simulator journey', () => {
  it('a student signs in, opens a module, starts the simulator, adds a sequence, changes TE, runs it, opens the image viewer and saves and closes without the mouse', async () => {
    const { student, programId, courseId, labId, title } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInByKeyboard(page, student);

      // Open the module: the program, then the module's link.
      await focusOn(page, new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), { limit: 60 });
      await page.keyboard.press('Enter');
      await focusOn(page, 'Make the CSF bright', { limit: 60 });
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/browse/${programId}/${courseId}/modules/${labId}`);

      // Start scanning opens the simulator in a new tab; the keyboard follows it there.
      await focusOn(page, 'Start scanning', { limit: 60 });
      const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
      tab.setDefaultTimeout(20_000);
      await tab.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await expect.poll(() => tab.getByRole('combobox', { name: 'Add a sequence' }).isEnabled()).toBe(true);
      const sessionId = /\/session\/([0-9a-f-]{36})\//.exec(tab.url())?.[1] ?? '';

      await addSequenceByKeyboard(tab);
      await keepDarkScreenshot(tab, 'keyboard-simulator-added');

      // Change TE from the sequence's 100 ms to 80 ms: type over it; leaving the field applies it, and the
      // live preview follows.
      const preview = tab.getByTestId('live-preview');
      await expect.poll(() => preview.getAttribute('aria-label')).toMatch(/, TE 100(\.0)? ms$/);
      await focusOn(tab, /^TE/, { limit: 80 });
      await typeOver(tab, '80');
      await tab.keyboard.press('Tab');
      await expect.poll(() => tab.getByRole('textbox', { name: /^TE/ }).inputValue()).toBe('80');
      await expect.poll(() => preview.getAttribute('aria-label')).toMatch(/, TE 80(\.0)? ms$/);

      // Run it (back through the page with Shift+Tab) and wait for Finished.
      await focusOn(tab, 'Run', { backwards: true, limit: 80 });
      await tab.keyboard.press('Enter');
      await expect
        .poll(() => tab.getByRole('main').getByText('Finished').first().isVisible(), { timeout: 90_000 })
        .toBe(true);

      // The image viewer: Ctrl+Shift+2 opens it in a new tab, showing the series just scanned.
      const [viewer] = await Promise.all([
        context.waitForEvent('page'),
        tab.keyboard.press('Control+Shift+2'),
      ]);
      await viewer.waitForURL(/\/session\/[0-9a-f-]{36}\/image-viewer$/);
      const slices = viewer.getByTestId('series-viewer');
      await expect.poll(() => slices.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
      // Its viewport is a tab stop; the arrows scroll the slices.
      await focusOn(viewer, /T2-weighted TSE, slice \d+ of 20$/);
      const before = Number(await slices.getAttribute('data-slice-index'));
      await viewer.keyboard.press(before > 0 ? 'ArrowDown' : 'ArrowUp');
      await expect.poll(async () => Number(await slices.getAttribute('data-slice-index'))).not.toBe(before);
      await keepDarkScreenshot(viewer, 'keyboard-image-viewer');
      await viewer.close();

      // Save and close, from the simulator's tab: the module page again.
      await tab.bringToFront();
      await focusOn(tab, 'Save and close', { backwards: true, limit: 80 });
      await tab.keyboard.press('Enter');
      await tab.waitForURL(`**/browse/${programId}/${courseId}/modules/${labId}`);
      // The server closed it: the session answers the instance-not-running error.
      await expectSessionClosed(baseUrl, student, sessionId);
    } finally {
      await context.close();
    }
  });

  it('in the simulator the keyboard opens the menus (Enter, arrows), renames and duplicates a sequence through its actions menu and dialog, moves it with its handle, and gets the focus back after each menu and dialog', async () => {
    const { student, programId, labId } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInByKeyboard(page, student);
      await page.goto(`/session/-1/simulator?programId=${programId}&labId=${labId}`);
      await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await expect.poll(() => page.getByRole('combobox', { name: 'Add a sequence' }).isEnabled()).toBe(true);
      await addSequenceByKeyboard(page);
      const focusedName = async () => (await focusedElement(page)).name;

      // Settings > Scanner settings: a dialog; Escape closes it and the focus returns to Settings.
      await focusOn(page, 'Settings', { limit: 80 });
      await page.keyboard.press('Enter');
      await chooseMenuItem(page, 'Scanner settings');
      const scanner = page.getByRole('dialog', { name: 'Scanner settings' });
      await expect.poll(() => scanner.isVisible()).toBe(true);
      await closeDialogWithEscape(page, scanner);
      await expect.poll(focusedName).toBe('Settings');

      // Preferences: Enter opens the menu, the arrows walk it, Enter chooses; the focus returns to its button.
      // (After Settings: the theme change re-renders the whole screen.)
      await focusOn(page, 'Preferences', { limit: 80 });
      await page.keyboard.press('Enter');
      await chooseMenuItem(page, /Light$/);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
        .toBe('light');
      await expect.poll(focusedName).toBe('Preferences');

      // Rename through the row's actions menu: the dialog takes the focus, Enter saves, the focus comes back.
      const list = page.getByRole('navigation', { name: 'Scan list' });
      await focusOn(page, 'Actions for T2-weighted TSE', { limit: 80 });
      await page.keyboard.press('Enter');
      await chooseMenuItem(page, 'Rename');
      const rename = page.getByRole('dialog', { name: 'Rename sequence' });
      await expect.poll(() => rename.isVisible()).toBe(true);
      await expect.poll(focusedName).toBe('Name');
      await typeOver(page, 'T2 long TE');
      await page.keyboard.press('Enter');
      await expect.poll(() => list.getByText('1. T2 long TE').isVisible()).toBe(true);
      await expect.poll(focusedName).toBe('Actions for T2 long TE');

      // Duplicate from the same menu (Space opens it too).
      await page.keyboard.press('Space');
      await chooseMenuItem(page, 'Duplicate');
      await expect.poll(() => list.getByText('2. T2 long TE (copy)').isVisible()).toBe(true);
      await keepDarkScreenshot(page, 'keyboard-simulator-scan-list');

      // Move the copy first with its handle: Space picks it up, ArrowUp moves it, Space drops it.
      await focusOn(page, 'Move T2 long TE (copy)', { limit: 80 });
      const announcement = page.getByRole('status').filter({ hasText: 'T2 long TE (copy)' });
      await page.keyboard.press('Space');
      await expect.poll(() => announcement.textContent()).toMatch(/position 2/);
      await expect
        .poll(async () => {
          const heard = (await announcement.textContent()) ?? '';
          if (!/is over position 1/.test(heard)) await page.keyboard.press('ArrowUp');
          return heard;
        })
        .toMatch(/is over position 1/);
      await page.keyboard.press('Space');
      await expect.poll(() => list.getByText('1. T2 long TE (copy)').isVisible()).toBe(true);
      expect(await list.getByText('2. T2 long TE', { exact: true }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 150_000);
});
