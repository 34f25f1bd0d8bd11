/**
 * Compare mode of the image viewer in a real browser against the real server (issue 13): a student has a
 * T1-weighted SE and a T2-weighted TSE of the same five brain slices; in compare mode the two series sit side by
 * side, scrolling one scrolls the other to the same slice, and a table lists the parameters that differ; the
 * viewers' corner text follows the session's Display Options, and the viewer's switch saves it back. The
 * image viewer imposes the reading-room (dark) scheme: the screen is kept and checked with axe in it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { storyFile } from '../support/story.ts';
import { T2_TSE } from './simulator-support.ts';
import { callAs, runToFinished, sessionWithSequence, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, signedIn } = storyFile();
/** Two scans run on a busy machine: the story may take longer than the default minute. */
const STORY_TIMEOUT_MS = 240_000;
/** "T1-weighted spin echo" in the contracts' sequence-type codes. */
const T1_SE = 20;
const SMALL = { matrixRead: 64, matrixPhase: 64, sliceCount: 5 };

/** The slice index each viewport of the page shows, left to right. */
async function sliceIndices(page: Page): Promise<number[]> {
  const viewers = page.getByTestId('series-viewer');
  const count = await viewers.count();
  const indices: number[] = [];
  for (let i = 0; i < count; i++) indices.push(Number(await viewers.nth(i).getAttribute('data-slice-index')));
  return indices;
}

describe('image viewer: compare mode', () => {
  it(
    'compare mode shows two series side by side, scrolls both together and lists the parameters that differ',
    async () => {
      const world = await toolsWorld(baseUrl, admin, 'Brain', [T1_SE, T2_TSE]);
      const t1 = await sessionWithSequence(world, T1_SE, SMALL);
      const { sessionId } = t1;
      const active = await callAs<{ collections: { id: string }[] }>(
        baseUrl,
        world.student,
        'GET',
        `v1/sessions/${sessionId}`,
      );
      const created = await callAs<{ id: string }>(
        baseUrl,
        world.student,
        'POST',
        `v1/sessions/${sessionId}/pulse-sequences`,
        { pulseSequenceSchemeId: T2_TSE, name: 'Compare T2', collectionId: active.collections[0]?.id },
      );
      await callAs(
        baseUrl,
        world.student,
        'PATCH',
        `v1/sessions/${sessionId}/pulse-sequences/${created.id}`,
        {
          parameters: SMALL,
        },
      );
      await runToFinished(world, sessionId, t1.sequenceId);
      await runToFinished(world, sessionId, created.id);
      // The student turned the viewers' text off in the simulator's Display Options.
      await callAs(baseUrl, world.student, 'POST', `v1/sessions/${sessionId}/configuration`, {
        configurationId: 'text_on_viewers',
        value: 0,
      });

      await signedIn(world.student, async (page) => {
        await page.goto(`/session/${sessionId}/image-viewer`);
        await expect.poll(() => page.getByTestId('series-item').count(), { timeout: 60_000 }).toBe(2);
        await page.getByRole('switch', { name: 'Compare two series' }).check();
        const viewers = page.getByTestId('series-viewer');
        await expect.poll(() => viewers.count()).toBe(2);
        for (const i of [0, 1])
          await expect
            .poll(() => viewers.nth(i).getAttribute('data-ready'), { timeout: 60_000 })
            .toBe('true');

        const before = await sliceIndices(page);
        expect(before[0]).toBe(before[1]);
        // Two slices towards the end, from the left viewer: the right one follows.
        await viewers.nth(0).focus();
        const target = (before[0] ?? 0) + 2;
        for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
        await expect.poll(() => sliceIndices(page)).toEqual([target, target]);
        // And back from the right viewer.
        await viewers.nth(1).focus();
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => sliceIndices(page)).toEqual([target - 1, target - 1]);

        // The viewer follows the session's Display Options: no corner text; its switch turns it on for both
        // viewports and saves the option with the session.
        const textSwitch = page.getByRole('switch', { name: 'Text on viewers' });
        expect(await textSwitch.isChecked()).toBe(false);
        expect(await page.getByTestId('corner-text').count()).toBe(0);
        await textSwitch.click();
        await expect.poll(() => page.getByTestId('corner-text').count()).toBe(2);
        await expect
          .poll(async () => {
            const body = await callAs<{ configuration: { name: string; selectedValue: unknown }[] }>(
              baseUrl,
              world.student,
              'GET',
              `v1/sessions/${sessionId}`,
            );
            return body.configuration.find((c) => c.name === 'text_on_viewers')?.selectedValue;
          })
          .toBe(1);

        const table = page.getByRole('table', { name: 'Parameters that differ' });
        await expect.poll(() => table.isVisible()).toBe(true);
        const rows = await table.locator('tbody tr td:first-child').allTextContents();
        expect(rows.some((name) => /TE/.test(name))).toBe(true);
        expect(rows.some((name) => /TR/.test(name))).toBe(true);

        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, 'image-viewer-compare.dark.png'),
          fullPage: true,
        });
        await expectAccessible(page, 'screen "image-viewer-compare" (dark)');
      });
    },
    STORY_TIMEOUT_MS,
  );
});
