/**
 * The 3D viewer in a real browser against the real server (issue 13): a student who has run an MP-RAGE of the
 * brain opens the 3D viewer, NiiVue draws the model with the planned stack (a canvas that is not blank), the
 * series is laid over the model and reformatted, and the 3D-only layout draws too. Kept as screenshots (the
 * viewers' dark theme), checked with axe.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { decode } from 'fast-png';
import path from 'node:path';
import { expectAccessible } from '../support/a11y.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { storyFile } from '../support/story.ts';
import { runToFinished, sessionWithSequence, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, signedIn } = storyFile();
/** Scans run on a busy machine: a story may take longer than the default minute. */
const STORY_TIMEOUT_MS = 240_000;
/** How long the model or a chosen series may take to draw (fetched, then NiiVue on software GL) [ms]. */
const SERIES_TIMEOUT_MS = 90_000;

/** "MP-RAGE" in the contracts' sequence-type codes. */
const MPRAGE = 9;

/** The viewer pages keep the reading-room (dark) theme: one screenshot, checked with axe. */
async function keepDark(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.dark.png`), fullPage: true });
  await expectAccessible(page, `screen "${name}" (dark)`);
}

/** Distinct grey levels and the share of non-black pixels of an element's screenshot. */
async function drawn(canvas: Locator) {
  const png = decode(await canvas.screenshot());
  const channels = png.channels;
  const levels = new Set<number>();
  let lit = 0;
  const pixels = png.width * png.height;
  for (let p = 0; p < pixels; p++) {
    const r = Number(png.data[p * channels]);
    const g = Number(png.data[p * channels + 1]);
    const b = Number(png.data[p * channels + 2]);
    levels.add((r << 16) | (g << 8) | b);
    if (r + g + b > 30) lit += 1;
  }
  return { levels: levels.size, litShare: lit / pixels };
}

describe('tools: 3D viewer', () => {
  it(
    'the 3D viewer draws the model, the planned stack and a finished MP-RAGE in three planes and in 3D (a canvas that is not blank)',
    async () => {
      const world = await toolsWorld(baseUrl, admin, 'Brain', [MPRAGE]);
      const scan = await sessionWithSequence(world, MPRAGE, {
        matrixRead: 64,
        matrixPhase: 64,
        sliceCount: 16,
      });
      await runToFinished(world, scan.sessionId, scan.sequenceId);
      await signedIn(world.student, async (page) => {
        await page.goto(`/session/${scan.sessionId}/3d-viewer`);
        const canvas = page.getByTestId('viewer-3d-canvas');
        await expect.poll(() => canvas.getAttribute('data-ready'), { timeout: SERIES_TIMEOUT_MS }).toBe('1');
        await page.waitForTimeout(1_000);
        const model = await drawn(canvas);
        expect(model.levels).toBeGreaterThan(50);
        expect(model.litShare).toBeGreaterThan(0.05);
        await keepDark(page, 'tools-viewer3d-model');

        await page.getByRole('combobox', { name: 'Series over the model' }).click();
        await page.getByRole('option', { name: /MP-RAGE|Tools scan/ }).click();
        // Loading the series and drawing it again on SwiftShader took over 30 s on a loaded CI machine.
        await expect.poll(() => canvas.getAttribute('data-ready'), { timeout: SERIES_TIMEOUT_MS }).toBe('1');
        await expect
          .poll(() => page.getByRole('img', { name: /with Tools scan$/ }).count(), {
            timeout: SERIES_TIMEOUT_MS,
          })
          .toBe(1);
        await page.waitForTimeout(1_000);
        expect((await drawn(canvas)).levels).toBeGreaterThan(50);
        await keepDark(page, 'tools-viewer3d-planes');

        await page.getByText('3D', { exact: true }).click();
        await page.waitForTimeout(1_000);
        const render = await drawn(canvas);
        expect(render.levels).toBeGreaterThan(20);
        expect(render.litShare).toBeGreaterThan(0.02);
      });
    },
    STORY_TIMEOUT_MS,
  );
});
