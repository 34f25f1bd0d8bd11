/**
 * The student's learning loop, every run a new series (issue 20.5), in a real browser against the real server:
 * a student runs a spin echo, changes TE and runs it again (as the simulator's tab does); the submit form lists
 * both runs as series of their own — "Se 1" and "Se 2" — each with a thumbnail of its image and its key
 * parameters in words with units, so that the student can tell the TE 15 ms series from the TE 90 ms one; once
 * submitted, the scan-results list shows them the same way. Each screen is checked with axe in both themes and the page has no uncaught error.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot } from '../support/browser.ts';
import { keepReadingRoomScreenshots } from '../support/reading-room.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { callAs, runToFinished, scanT1SpinEcho, T1_SE, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/** The key-parameters line that describes the checkbox of series `name`. */
async function describedParameters(page: Page, name: string): Promise<string> {
  const id = await page.getByRole('checkbox', { name }).getAttribute('aria-describedby');
  if (id === null) throw new Error(`${name} has no description`);
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

/** How many pixels of thumbnail `name` are not black (an image, not an empty canvas). */
function litPixels(page: Page, name: string): Promise<number> {
  return page.getByRole('img', { name }).evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let lit = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 0) lit++;
    return lit;
  });
}

describe('the learning loop: every run is a new series', () => {
  it('a student runs a sequence, changes TE, runs again and sees Se 1 and Se 2 with their TE and thumbnails in the submit form and the scan-results list (issue 20.5)', async () => {
    const world = await toolsWorld(baseUrl, admin, 'Brain', [T1_SE]);
    const scan = await scanT1SpinEcho(world);
    await callAs(
      baseUrl,
      world.student,
      'PATCH',
      `v1/sessions/${scan.sessionId}/pulse-sequences/${scan.sequenceId}`,
      { parameters: { echoTime: 0.09 } },
    );
    await runToFinished(world, scan.sessionId, scan.sequenceId);
    await callAs(baseUrl, world.student, 'POST', `v1/modules/${world.labId}/attempts`, {});

    const { context, page } = await openPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await signInToDashboard(page, world.student);
      await page.goto(`/courses/${world.courseId}/modules/${world.labId}`);
      await page.getByRole('link', { name: 'Your attempt: submit and feedback' }).click();
      const first = 'Se 1 · Tools scan';
      const second = 'Se 2 · Tools scan';
      await expect.poll(() => page.getByRole('checkbox', { name: first }).isVisible()).toBe(true);
      expect(await page.getByRole('checkbox', { name: second }).isVisible()).toBe(true);
      expect(await page.getByRole('group', { name: 'Series to submit' }).getByRole('checkbox').count()).toBe(
        2,
      );

      const before = await describedParameters(page, first);
      const after = await describedParameters(page, second);
      expect(before).toContain('TE 15 ms');
      expect(after).toContain('TE 90 ms');
      for (const line of [before, after]) {
        expect(line).toMatch(
          /^TR 500 ms · TE \d+ ms · Flip \d+(\.\d)?° · Matrix 64 × 64 · FOV \d+(\.\d)? × \d+(\.\d)? mm · Slice thickness \d+(\.\d)? mm · Scan time \d+ (s|min \d\d s)$/,
        );
      }

      for (const name of [first, second]) {
        const thumbnail = `${name}, middle slice`;
        await expect.poll(() => page.getByRole('img', { name: thumbnail }).isVisible()).toBe(true);
        await expect.poll(() => litPixels(page, thumbnail)).toBeGreaterThan(100);
      }
      await keepScreenshot(page, 'learning-loop-series');

      // Both submitted, both kept: the scan-results list shows each series with its number, TE and thumbnail.
      await page.getByRole('checkbox', { name: first }).check();
      await page.getByRole('checkbox', { name: second }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.getByText('Submitted', { exact: true }).isVisible()).toBe(true);
      await page.goto('/scan-results');
      const table = page.getByRole('table', { name: 'Your scan results' });
      const listed = async () => {
        for (const [name, te] of [
          [first, 'TE 15 ms'],
          [second, 'TE 90 ms'],
        ] as const) {
          const row = table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
          await expect.poll(() => row.isVisible()).toBe(true);
          expect(await row.textContent()).toContain(te);
          const thumbnail = `${name}, middle slice`;
          await expect.poll(() => row.getByRole('img', { name: thumbnail }).isVisible()).toBe(true);
          await expect.poll(() => litPixels(page, thumbnail)).toBeGreaterThan(100);
        }
      };
      await listed();
      await keepReadingRoomScreenshots(page, 'learning-loop-series-scan-results', listed);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
