/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags of STACK.md.
 * Each story gets a fresh context (empty local storage) and keeps a screenshot of what it checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expectAccessible } from './a11y.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: { timezoneId?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The colour schemes every kept screen is checked and kept in (the app follows the system preference). */
export const COLOR_SCHEMES = ['light', 'dark'] as const;

/**
 * Keeps e2e/screenshots/<name>.png of the page as the story left it, and <name>.dark.png of the same page in the
 * dark scheme, checking each with axe-core (WCAG 2.1 A/AA; a serious or critical violation fails the story, with
 * the screenshot kept to look at): every story that keeps a screenshot is an accessibility check of what it
 * shows, in both themes. The page is left in the light scheme.
 */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
      scheme,
    );
    const shot = scheme === 'light' ? file : path.join(SCREENSHOT_DIR, `${name}.${scheme}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await expectAccessible(page, `screen "${name}" (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return file;
}
