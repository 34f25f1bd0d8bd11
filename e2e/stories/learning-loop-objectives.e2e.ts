/**
 * The student's learning loop, objectives before scanning (issue 20.2) in a real browser against the real server:
 * the module page lists what each objective asks and is worth (never its thresholds); in the simulator the
 * "Module instructions and objectives" panel opens from the keyboard and shows the same; and the guided tour
 * walks through planning, running, viewing and submitting. Every screen is axe clean and no error goes uncaught.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callAs } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import { named, tabTo } from '../support/keyboard.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import {
  addSequenceAndWaitForHeading,
  keepSimulatorScreenshots,
  schoolBrainModule,
  startScanning,
} from './simulator-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/** A threshold the student must never read (an unusual number, so no other text on the pages holds it). */
const SCAN_TIME_LIMIT_S = 437;
const OBJECTIVES = [
  {
    id: 'weighting',
    kind: 'weighting',
    weighting: 'T2',
    points: 2,
    title: 'A T2-weighted image: CSF bright',
  },
  { id: 'time', kind: 'scanTimeMax', maxSeconds: SCAN_TIME_LIMIT_S, points: 1 },
];
const SHOWN = ['A T2-weighted image: CSF bright — 2 points', 'Scan time — 1 point'];
const PANEL = 'Module instructions and objectives';

function uncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The list items' texts inside `region`. */
function itemsOf(page: Page, region: string): Promise<string[]> {
  return page.getByRole('region', { name: region }).getByRole('listitem').allTextContents();
}

describe('the learning loop: objectives before scanning', () => {
  it('a student reads the objectives with their points (no thresholds) on the module page and in the simulator’s panel, opened by keyboard, and the tour visits planning, running, viewing and submitting', async () => {
    const { teacher, student, ...module } = await schoolBrainModule(baseUrl, admin);
    await callAs(baseUrl, teacher, 'PATCH', `v1/modules/${module.labId}`, { objectives: OBJECTIVES });
    const { context, page } = await openPage();
    const errors = uncaughtErrors(page);
    try {
      await signInToDashboard(page, student);
      await page.goto(`/browse/${module.programId}/${module.courseId}/modules/${module.labId}`);
      await expect.poll(() => itemsOf(page, 'Objectives')).toEqual(SHOWN);
      const objectives = page.getByRole('region', { name: 'Objectives' });
      expect(await objectives.getByText('Total: 3 points').isVisible()).toBe(true);
      expect(await page.locator('main').textContent()).not.toContain(String(SCAN_TIME_LIMIT_S));
      await keepScreenshot(page, 'learning-loop-objectives-module');

      const { tab } = await startScanning(context, page, module);
      const tabErrors = uncaughtErrors(tab);
      // The panel starts closed; Tab reaches its button and Enter opens it.
      const toggle = tab.getByRole('button', { name: PANEL });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      // (The helper names an element by its text, the chevron drawn beside the name included.)
      await tabTo(tab, named(/Module instructions and objectives$/), { limit: 40 });
      await tab.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => itemsOf(tab, PANEL)).toEqual(SHOWN);
      const panel = tab.getByRole('region', { name: PANEL });
      expect(await panel.getByText('Make the CSF bright on a T2-weighted TSE.').isVisible()).toBe(true);
      expect(await panel.getByText('Total: 3 points').isVisible()).toBe(true);
      expect(await tab.locator('body').textContent()).not.toContain(String(SCAN_TIME_LIMIT_S));
      await keepSimulatorScreenshots(tab, 'learning-loop-objectives-panel');

      // A scanned sequence puts every part the tour shows on screen.
      await addSequenceAndWaitForHeading(tab, 'T2-weighted TSE');
      await tab.getByRole('button', { name: 'Run', exact: true }).click();
      await expect
        .poll(() => tab.getByRole('main').getByText('Finished').first().isVisible(), { timeout: 90_000 })
        .toBe(true);
      await tab.getByTestId('simulator-series').waitFor();

      await tab.getByRole('button', { name: 'Help' }).click();
      await tab.getByRole('menuitem', { name: 'Guided tour' }).click();
      const step = tab.getByRole('dialog');
      // driver.js names its popover by the step's title.
      const title = tab.locator('#driver-popover-title');
      await title.waitFor();
      const titles: string[] = [];
      for (let n = 0; n < 20; n += 1) {
        const shown = (await title.textContent()) ?? '';
        titles.push(shown);
        const next = step.getByRole('button', { name: /^(Next|Done)$/ });
        const done = (await next.textContent()) === 'Done';
        await next.click();
        if (done) break;
        await expect.poll(() => title.textContent()).not.toBe(shown);
      }
      await step.waitFor({ state: 'detached' });
      const loop = ['Planning', 'Running', 'Viewing', 'Submitting'].map((t) => titles.indexOf(t));
      expect(
        loop.every((i) => i >= 0),
        titles.join(', '),
      ).toBe(true);
      expect([...loop].sort((a, b) => a - b)).toEqual(loop);
      expect(titles[0]).toBe('What the module asks');
      expect(tabErrors).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
