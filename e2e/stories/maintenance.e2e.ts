/**
 * Maintenance in a real browser against the real server: the announcement toast and the forced redirect.
 * Each story clears the schedule it set, so the other stories run without maintenance.
 */
import { describe, expect, it } from 'vitest';
import { scheduleMaintenance } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import { pathOf, settledStudent, storyFile, signInToDashboard } from '../support/story.ts';

const { baseUrl, admin, openPage } = storyFile();
/** The browser's time zone: the toast must show the start in it, not in UTC. */
const TIME_ZONE = 'America/New_York';

/** DD/MMM/YYYY HH:mm in TIME_ZONE, written independently of the app's formatter. */
function localTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

describe('maintenance', () => {
  it('maintenance 30 minutes away announces its local start time in a toast that hides after 10 s', async () => {
    const student = await settledStudent(baseUrl, admin);
    const startsAt = new Date(Date.now() + 30 * 60_000);
    await scheduleMaintenance(baseUrl, admin, startsAt);
    const { context, page } = await openPage({ timezoneId: TIME_ZONE });
    try {
      await signInToDashboard(page, student);
      const announcement = page.getByText(`Scheduled maintenance starts at ${localTime(startsAt)}`);
      await expect.poll(() => announcement.isVisible()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('next_maintenance_at'))).not.toBeNull();
      expect(pathOf(page)).toBe('/dashboard');
      await page.waitForTimeout(400); // let the toast finish sliding in before the screenshot
      await keepScreenshot(page, 'maintenance-announcement');
      await expect.poll(() => announcement.isVisible(), { timeout: 14_000 }).toBe(false);
    } finally {
      await scheduleMaintenance(baseUrl, admin, null);
      await context.close();
    }
  });

  it('maintenance four minutes away sends a signed-in student to /maintenance', async () => {
    const student = await settledStudent(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInToDashboard(page, student);
      await scheduleMaintenance(baseUrl, admin, new Date(Date.now() + 4 * 60_000));
      await page.goto('/profile');
      await page.waitForURL('**/maintenance');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Scheduled maintenance' }).isVisible())
        .toBe(true);
      await keepScreenshot(page, 'maintenance-redirect');
    } finally {
      await scheduleMaintenance(baseUrl, admin, null);
      await context.close();
    }
  });
});
