/**
 * A reading-only module (issue 24, model 100001) in a real browser against the real server: the student opens
 * the simulator and finds the module's prepared series (no sequence to add, no menu, no run), reads them, then
 * answers the module's reading question on the attempt page by picking a choice, submits without a series and
 * reads the automatic check at once.
 */
import { describe, expect, it } from 'vitest';
import { keepScreenshot } from '../support/browser.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { keepSimulatorScreenshots } from './simulator-support.ts';
import { callAs, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

const SMALL = { matrixRead: 64, matrixPhase: 64, sliceCount: 1 };
const PROMPT = 'Which series shows the periventricular lesions best?';

describe('reading prepared series', () => {
  it('a student reads the prepared series in the simulator and answers the reading question without scanning', async () => {
    const world = await toolsWorld(baseUrl, admin, 'Reading room (prepared brain series)', []);
    await callAs(baseUrl, world.teacher, 'PATCH', `v1/modules/${world.labId}`, {
      presets: { brainStateMode: 'moderateMSlesions' },
      lockedPresets: ['brainStateMode'],
      startingProtocols: [
        { sequenceType: 20, parameters: SMALL },
        { sequenceType: 11, parameters: SMALL },
      ],
      objectives: [
        {
          kind: 'readingAnswer',
          id: 'best-series',
          title: 'The series that shows the lesions',
          points: 3,
          questionId: 'best-series',
          prompt: PROMPT,
          choices: ['T1-weighted spin echo', 'FLAIR'],
          answer: 'FLAIR',
        },
      ],
    });
    const { context, page } = await openPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await signInToDashboard(page, world.student);
      await page.goto(`/session/-1/simulator?programId=${world.programId}&labId=${world.labId}`);
      await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await expect.poll(() => page.getByRole('heading', { name: 'Prepared series' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('2. FLAIR').isVisible()).toBe(true);
      expect(await page.getByRole('combobox', { name: 'Add a sequence' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Actions for FLAIR' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'New Scan' }).count()).toBe(0);
      await page.getByText('2. FLAIR').click();
      await expect.poll(() => page.getByRole('heading', { name: 'FLAIR', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^Run/ }).count()).toBe(0);
      await keepSimulatorScreenshots(page, 'reading-prepared-series');

      await page.goto(`/courses/${world.courseId}/modules/${world.labId}`);
      await page.getByRole('link', { name: 'Your attempt: submit and feedback' }).click();
      await page.getByRole('button', { name: 'Start attempt' }).click();
      const question = page.getByRole('radiogroup', { name: PROMPT });
      await expect.poll(() => question.isVisible()).toBe(true);
      expect(await page.getByText(/series are prepared for you/).isVisible()).toBe(true);
      const submit = page.getByRole('button', { name: 'Submit' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'FLAIR' }).check();
      await keepScreenshot(page, 'reading-question');
      await submit.click();
      await expect.poll(() => page.getByText('Submitted', { exact: true }).isVisible()).toBe(true);
      const passed = page.getByRole('listitem', { name: 'The series that shows the lesions: passed' });
      await expect.poll(() => passed.isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
