/**
 * The teacher's side of marking in a real browser against the real server (issue 21.4–21.6). A module asks for
 * a spin echo with T2 weighting; a student scans a T1-weighted spin echo and submits it (through the API). The
 * teacher's dashboard lists it in the marking queue with the automatic score; the teacher opens it from the
 * keyboard, grades it, comes back to an empty queue, releases the module's graded attempts in one go and sees
 * the cohort in Analytics. The points story: a rubric box worth 2 refuses 9, "400." and 1.3 in the spec's words
 * and saving waits until the points are right. Each screen is kept in both themes and checked with axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot } from '../support/browser.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { brainModuleAsking, callAs, scanT1SpinEcho, submitScan, type ToolsWorld } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

const MODULE = 'Read contrast off the curves';

/** A module asking for SE and T2 weighting, and the student's submitted T1-weighted spin echo on it. */
async function submittedWorld(): Promise<ToolsWorld> {
  const world = await brainModuleAsking(baseUrl, admin);
  const { scanId } = await scanT1SpinEcho(world);
  await submitScan(world, scanId);
  return world;
}

/** Opens the queued attempt's grading page from the dashboard with the keyboard. */
async function openFromQueue(page: Page): Promise<void> {
  const queue = page.getByRole('table', { name: /awaiting grading, oldest first/ });
  await expect.poll(() => queue.isVisible(), { timeout: 15_000 }).toBe(true);
  const link = queue.getByRole('link', { name: new RegExp(`: grade attempt 1 on ${MODULE}$`) });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Points for T2 weighting (of 2)' }).isVisible())
    .toBe(true);
}

describe('teacher marking', () => {
  it('a teacher marks from the queue on the dashboard, releases the module’s grades and sees the cohort in analytics', async () => {
    const world = await submittedWorld();
    const { page, context } = await openPage();
    try {
      await signInToDashboard(page, world.teacher);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Marking queue' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.getByText('You are not enrolled in a program').count()).toBe(0);
      const queue = page.getByRole('table', { name: '1 attempt awaiting grading, oldest first' });
      await expect.poll(() => queue.isVisible(), { timeout: 15_000 }).toBe(true);
      const row = queue.getByRole('row', { name: new RegExp(MODULE) });
      const cells = await row.getByRole('cell').allInnerTexts();
      expect(cells.slice(1, 3)).toEqual([MODULE, 'Contrast']);
      expect(cells[4]).toBe('No due date');
      expect(cells[5]).toBe('1 / 3');
      expect(await page.getByText(/^Contrast \(Tools .+\): 1 to mark$/).isVisible()).toBe(true);
      await keepScreenshot(page, 'teacher-marking-queue');

      await openFromQueue(page);
      await page.getByRole('textbox', { name: 'Points for T2 weighting (of 2)' }).fill('1');
      await page.getByRole('button', { name: 'Save grade' }).click();
      await expect.poll(() => page.getByText('Graded', { exact: true }).isVisible()).toBe(true);

      // Back on the dashboard: nothing left to mark; the graded attempt waits for release.
      await page.goto('/dashboard');
      await expect
        .poll(() =>
          page.getByText('Nothing to mark: no submitted attempt is waiting for a grade.').isVisible(),
        )
        .toBe(true);
      expect(
        await page.getByText(/^Contrast \(Tools .+\): 0 to mark, 1 graded to release$/).isVisible(),
      ).toBe(true);
      await keepScreenshot(page, 'teacher-marking-release');
      await page.getByRole('button', { name: `Release grades of ${MODULE}` }).click();
      await expect.poll(() => page.getByText('1 grade released').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Graded, not yet released' }).count())
        .toBe(0);
      const released = await callAs<{ state: string }[]>(
        baseUrl,
        world.student,
        'GET',
        `v1/modules/${world.labId}/attempts`,
      );
      expect(released.map((a) => a.state)).toEqual(['released']);

      // The cohort: Analytics from the dashboard, the module's students by state.
      await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
      await expect.poll(() => page.getByRole('heading', { name: 'Analytics' }).isVisible()).toBe(true);
      await page.getByRole('combobox', { name: 'Course' }).click();
      await page.getByRole('option', { name: /› Contrast$/ }).click();
      await page.getByRole('combobox', { name: 'Module' }).click();
      await page.getByRole('option', { name: MODULE }).click();
      const states = page.getByRole('table', { name: 'Students by state' });
      await expect.poll(() => states.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await states.getByRole('row', { name: /Released/ }).innerText()).toMatch(/Released\s+1/);
      await keepScreenshot(page, 'teacher-marking-cohort');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('rubric points: 9, "400." and 1.3 in a box worth 2 are refused in the spec’s words and never capped; the grade saves once they are right', async () => {
    const world = await submittedWorld();
    const { page, context } = await openPage();
    try {
      await signInToDashboard(page, world.teacher);
      await openFromQueue(page);
      const points = page.getByRole('textbox', { name: 'Points for T2 weighting (of 2)' });
      const save = page.getByRole('button', { name: 'Save grade' });
      for (const [typed, message] of [
        ['9', 'Higher than allowed maximum'],
        ['400.', 'Higher than allowed maximum'],
        ['1.3', 'Use steps of 0.5 points'],
        ['', 'This field is required'],
      ] as const) {
        await points.fill(typed);
        await expect.poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);
        // Nothing is capped: the box keeps what was typed, and the grade cannot be saved.
        expect(await points.inputValue()).toBe(typed);
        expect(await save.isDisabled()).toBe(true);
        expect(await page.getByText('Correct the points marked above to save the grade.').isVisible()).toBe(
          true,
        );
        if (typed === '9') await keepScreenshot(page, 'teacher-marking-points');
      }
      await points.fill('1.5');
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await expect.poll(() => page.getByText('Graded', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Total: 2.5 / 3').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 180_000);
});
