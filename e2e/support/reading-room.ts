/**
 * The reading-room colour scheme of the scan-result pages (shared with the simulator through Preferences):
 * screenshots and axe checks in both of its schemes.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y.ts';
import { SCREENSHOT_DIR } from './browser.ts';

/** The Preferences key the scan-result pages share with the simulator: their scheme, dark unless `light`. */
const READING_ROOM_SCHEME_KEY = 'simulator_color_scheme';

/**
 * The scan-result pages keep the reading-room scheme whatever the system's: a screenshot and an axe check in it
 * (dark), then in the light one chosen in Preferences (reloaded; `ready` waits for the page again).
 */
export async function keepReadingRoomScreenshots(page: Page, name: string, ready: () => Promise<void>) {
  for (const scheme of ['dark', 'light'] as const) {
    if (scheme === 'light') {
      await page.evaluate((key) => localStorage.setItem(key, 'light'), READING_ROOM_SCHEME_KEY);
      await page.reload();
      await ready();
    }
    await page.waitForFunction(
      (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
      scheme,
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.${scheme}.png`), fullPage: true });
    await expectAccessible(page, `screen "${name}" (${scheme})`);
  }
  await page.evaluate((key) => localStorage.removeItem(key), READING_ROOM_SCHEME_KEY);
}
