/**
 * Analytics in a real browser against the real server (issue 14): a module asks for a spin echo with T2
 * weighting; a student scans a T1-weighted spin echo in the simulator and submits it (through the API, as the
 * grading story does in the browser). The teacher opens /analytics, picks the course and sees its progress per
 * module, picks the module and sees one submitted student, the pass rate of each objective, the misconception
 * (T2 weighting failed, with what was measured), the time on task, and downloads the CSV. Each screen is kept
 * as a screenshot in both themes and checked with axe.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepScreenshot } from '../support/browser.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { brainModuleAsking, scanT1SpinEcho, submitScan } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

describe('analytics', () => {
  it("a teacher sees a module's progress, pass rates and misconceptions, and downloads them as CSV", async () => {
    const world = await brainModuleAsking(baseUrl, admin);
    const { scanId } = await scanT1SpinEcho(world);
    await submitScan(world, scanId);

    const { page, context } = await openPage();
    try {
      await signInToDashboard(page, world.teacher);
      await page.goto('/analytics');
      await page.getByRole('combobox', { name: 'Course' }).click();
      await page.getByRole('option', { name: /› Contrast$/ }).click();
      const overview = page.getByRole('table', { name: 'Progress per module' });
      await expect.poll(() => overview.isVisible(), { timeout: 15_000 }).toBe(true);
      const row = overview.getByRole('row', { name: /Read contrast off the curves/ });
      expect((await row.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual(['1', '0', '1', '0']);
      expect(await page.getByRole('img', { name: /^Students by state per module/ }).isVisible()).toBe(true);
      await keepScreenshot(page, 'analytics-course');

      await page.getByRole('combobox', { name: 'Module' }).click();
      await page.getByRole('option', { name: 'Read contrast off the curves' }).click();
      const rates = page.getByRole('table', { name: 'Pass rate per objective' });
      await expect.poll(() => rates.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await rates.getByRole('row', { name: /Spin echo/ }).innerText()).toMatch(/1 of 1\s+100 %/);
      expect(await rates.getByRole('row', { name: /T2 weighting/ }).innerText()).toMatch(/0 of 1\s+0 %/);
      const states = page.getByRole('table', { name: 'Students by state' });
      expect(await states.getByRole('row', { name: /Submitted/ }).innerText()).toMatch(/Submitted\s+1/);
      const failed = page.getByRole('table', { name: 'Failed checks' });
      const failure = failed.getByRole('row', { name: /T2 weighting/ });
      expect(await failure.innerText()).toMatch(/1 of 1/);
      expect(await failure.innerText()).toMatch(/TR, TE, TI, Flip angle/);
      expect(
        await page.getByRole('img', { name: /^Pass rate per objective: Spin echo 100 %/ }).isVisible(),
      ).toBe(true);
      expect(await page.getByText('Sessions', { exact: true }).isVisible()).toBe(true);
      await keepScreenshot(page, 'analytics-module');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`analytics-${world.labId}.csv`);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe('section,item,title,value,count,total,rate');
      expect(lines).toContain('progress,submitted,,,1,1,');
      expect(lines).toContain('pass_rate,family,Spin echo,,1,1,1.000');
      expect(lines).toContain('pass_rate,weighting,T2 weighting,,0,1,0.000');
    } finally {
      await context.close();
    }
  });
});
