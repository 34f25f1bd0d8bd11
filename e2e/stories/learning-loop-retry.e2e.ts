/**
 * The student's learning loop, trying again (issue 20.1 and 20.12) in a real browser against the real server:
 * a student who opened the attempt page, then scanned (as in the simulator's tab), comes back to it and is told
 * they scanned (not "not started") and starts an attempt with the scan; a student submits, reads the failed
 * automatic check and starts a new attempt at once — no teacher in between — seeing "Attempts left" count down
 * on the attempt and module pages; a free-plan user in no program finds the free catalogue on the dashboard;
 * and the keyboard focus ring of the dark simulator stands out 3:1 from what surrounds it. No story leaves an
 * uncaught error in the page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { anatomicalModelId, acceptTerms, activationPath, apiCaller, uniqueName } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import {
  focusOutline,
  focusRingContrast,
  VISIBLE_OUTLINE,
  type FocusRingContrast,
} from '../support/keyboard.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { keepSimulatorScreenshots, schoolBrainModule } from './simulator-support.ts';
import { brainModuleAsking, callAs, scanT1SpinEcho, type ToolsWorld } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/** WCAG 2.1 (1.4.11): a focus indicator's contrast with the colours around it. */
const FOCUS_RING_MIN_CONTRAST = 3;
/** Tab stops of the simulator the focus ring is measured on (the top bar, the scan list, the parameters). */
const SIMULATOR_TAB_STOPS = 30;

/** Collects the page's uncaught errors, for the story to assert there were none. */
function uncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A brain module allowing three attempts whose one objective (T2 weighting) a short-TR, short-TE SE fails. */
async function retryModule(): Promise<ToolsWorld> {
  return brainModuleAsking(
    baseUrl,
    admin,
    [{ id: 'weighting', kind: 'weighting', weighting: 'T2', points: 2, title: 'T2 weighting' }],
    { attemptsAllowed: 3 },
  );
}

/** A T1-weighted spin echo scanned to Finished in a session of the module, as the simulator's tab does. */
async function scanInTheSimulator(world: ToolsWorld): Promise<void> {
  await scanT1SpinEcho(world);
}

/** Submits the attempt shown with the module's one scan and waits until it reads Submitted. */
async function submitTheScan(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /^Se \d+ · Tools scan$/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => page.getByText('Submitted', { exact: true }).isVisible()).toBe(true);
}

/** The module page's "Attempts left" fact. */
function moduleAttemptsLeft(page: Page): Promise<string | null> {
  return page
    .getByText('Attempts left', { exact: true })
    .locator('xpath=following-sibling::*[1]')
    .textContent();
}

describe('the learning loop: trying again', () => {
  it('a student who scanned opens the attempt page: it says they scanned and starts an attempt with their scan (issue 20.12b)', async () => {
    const world = await retryModule();
    const { context, page } = await openPage();
    const errors = uncaughtErrors(page);
    try {
      await signInToDashboard(page, world.student);
      await page.goto(`/courses/${world.courseId}/modules/${world.labId}`);
      const yourAttempt = page.getByRole('link', { name: 'Your attempt: submit and feedback' });
      // Before scanning: nothing started, nothing scanned.
      await yourAttempt.click();
      const notStarted = page.getByText('You have not started this module yet', { exact: false });
      await expect.poll(() => notStarted.isVisible()).toBe(true);
      // Back on the module page the student scans in the simulator's tab, then comes back to the attempt page.
      await page.goBack();
      await expect.poll(() => yourAttempt.isVisible()).toBe(true);
      await scanInTheSimulator(world);
      await yourAttempt.click();
      const scanned = page.getByText(
        'You have scanned this module (1 finished scan) but not started an attempt yet. Start one to submit your scans.',
      );
      await expect.poll(() => scanned.isVisible()).toBe(true);
      expect(await notStarted.count()).toBe(0);
      expect(await page.getByText('Attempts left: 3').isVisible()).toBe(true);
      await keepScreenshot(page, 'learning-loop-scanned-not-started');
      await page.getByRole('button', { name: 'Start attempt' }).click();
      await expect.poll(() => page.getByText('In progress', { exact: true }).isVisible()).toBe(true);
      // The scan made before the attempt is there to submit.
      await expect
        .poll(() => page.getByRole('checkbox', { name: /^Se \d+ · Tools scan$/ }).isVisible())
        .toBe(true);
      expect(await page.getByText('Attempts left: 2').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a student submits an attempt that fails its automatic check and starts a new one at once, without a teacher, seeing the attempts left count down (issue 20.1)', async () => {
    const world = await retryModule();
    await scanInTheSimulator(world);
    await callAs(baseUrl, world.student, 'POST', `v1/modules/${world.labId}/attempts`, {});
    const { context, page } = await openPage();
    const errors = uncaughtErrors(page);
    try {
      await signInToDashboard(page, world.student);
      await page.goto(`/courses/${world.courseId}/modules/${world.labId}`);
      await expect.poll(() => moduleAttemptsLeft(page)).toBe('2');
      await page.getByRole('link', { name: 'Your attempt: submit and feedback' }).click();
      await expect.poll(() => page.getByText('Attempt 1', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Attempts left: 2').isVisible()).toBe(true);
      // Nothing to start while this one is in progress.
      expect(await page.getByRole('button', { name: 'Start a new attempt' }).count()).toBe(0);
      const firstPath = new URL(page.url()).pathname;

      await submitTheScan(page);
      const failed = page.getByRole('listitem', { name: 'T2 weighting: failed' });
      await expect.poll(() => failed.isVisible()).toBe(true);
      // No teacher has graded or released it: the feedback is there, and so is the next attempt.
      expect(await page.getByText(/appear here once they are released/).isVisible()).toBe(true);
      const again = page.getByRole('button', { name: 'Start a new attempt' });
      await expect.poll(() => again.isVisible()).toBe(true);
      await keepScreenshot(page, 'learning-loop-try-again');

      await again.click();
      await expect.poll(() => page.getByText('Attempt 2', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('In progress', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Attempts left: 1').isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).not.toBe(firstPath);

      // The module page counts the attempt just started.
      await page.getByRole('link', { name: 'Back to the module' }).click();
      await expect.poll(() => moduleAttemptsLeft(page)).toBe('1');

      // The first attempt keeps its own state and points at the one in progress.
      await page.goto(firstPath);
      await expect.poll(() => page.getByText('Attempt 1', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Submitted', { exact: true }).isVisible()).toBe(true);
      const resume = page.getByRole('link', { name: 'Continue attempt 2 (in progress)' });
      await expect.poll(() => resume.isVisible()).toBe(true);
      await resume.click();
      await expect.poll(() => page.getByText('Attempt 2', { exact: true }).isVisible()).toBe(true);

      // The last attempt: while it is in progress the module page still lets the student scan for it.
      await submitTheScan(page);
      await page.getByRole('button', { name: 'Start a new attempt' }).click();
      await expect.poll(() => page.getByText('Attempt 3', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Attempts left: 0').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Back to the module' }).click();
      await expect.poll(() => moduleAttemptsLeft(page)).toBe('0');
      await expect.poll(() => page.getByRole('link', { name: 'Start scanning' }).isVisible()).toBe(true);
      expect(await page.getByText('No attempts left', { exact: true }).count()).toBe(0);

      // Once it is submitted, none is left: the page says so and offers none.
      await page.getByRole('link', { name: 'Your attempt: submit and feedback' }).click();
      await expect.poll(() => page.getByText('Attempt 3', { exact: true }).isVisible()).toBe(true);
      await submitTheScan(page);
      await expect
        .poll(() => page.getByText('You have used every attempt this module allows.').isVisible())
        .toBe(true);
      expect(await page.getByRole('button', { name: 'Start a new attempt' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to the module' }).click();
      await expect.poll(() => page.getByText('No attempts left', { exact: true }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a free-plan user in no program finds the free catalogue on the dashboard, not "ask your teacher" (issue 20.12a)', async () => {
    const freeTitle = uniqueName('Free loop basics ');
    const callAsUser = apiCaller(baseUrl);
    const brainId = await anatomicalModelId(baseUrl, admin, 'Brain');
    const { id: programId } = await callAsUser<{ id: string }>(admin, 'POST', 'v1/programs', {
      title: freeTitle,
      summary: 'Spin echoes of the brain.',
      global: true,
      freeCatalogue: true,
      enrollment: 'open',
    });
    const { id: courseId } = await callAsUser<{ id: string }>(
      admin,
      'POST',
      `v1/programs/${programId}/courses`,
      { title: 'Weighting' },
    );
    await callAsUser(admin, 'POST', `v1/courses/${courseId}/modules`, {
      title: 'Brain spin echo',
      anatomicalModelId: brainId,
      sequenceTypes: [5],
    });
    await callAsUser(admin, 'POST', `v1/programs/${programId}/publish`, { published: true });

    const username = uniqueName('free');
    const email = `${username}@example.test`;
    const freeUser = { username, password: 'free plan password 1' };
    const registered = await fetch(`${baseUrl}/api/v2/users/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...freeUser, email, firstName: 'Free', lastName: 'Learner' }),
    });
    expect(registered.ok).toBe(true);
    const token = (await activationPath(baseUrl, admin, email)).replace('/activate-account/', '');
    expect((await fetch(`${baseUrl}/api/v2/users/activate/${token}`)).ok).toBe(true);
    await acceptTerms(baseUrl, freeUser);

    const { context, page } = await openPage();
    const errors = uncaughtErrors(page);
    try {
      await signInToDashboard(page, freeUser);
      const catalogue = page.getByRole('region', { name: 'Start with the free catalogue' });
      await expect.poll(() => catalogue.isVisible()).toBe(true);
      expect(await catalogue.getByRole('heading', { name: freeTitle }).isVisible()).toBe(true);
      expect(await page.getByText('ask your teacher', { exact: false }).count()).toBe(0);
      await keepScreenshot(page, 'learning-loop-free-dashboard');
      await catalogue.getByRole('link', { name: `View ${freeTitle}` }).click();
      await page.waitForURL(`**/program/${programId}`);
      await expect.poll(() => page.getByRole('button', { name: 'Enrol' }).isVisible()).toBe(true);
      await page.goBack();
      await page.getByRole('link', { name: 'Browse the whole catalogue' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: /^(Catalog|Courses)$/, level: 1 }).isVisible())
        .toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in the dark simulator every keyboard focus ring contrasts at least 3:1 with what surrounds it (issue 20.12c)', async () => {
    const { student, programId, labId } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    const errors = uncaughtErrors(page);
    try {
      await signInToDashboard(page, student);
      await page.goto(`/session/-1/simulator?programId=${programId}&labId=${labId}`);
      await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await expect.poll(() => page.getByRole('combobox', { name: 'Add a sequence' }).isEnabled()).toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe('dark');
      const measured: FocusRingContrast[] = [];
      for (let press = 0; press < SIMULATOR_TAB_STOPS; press += 1) {
        await page.keyboard.press('Tab');
        if (VISIBLE_OUTLINE.test(await focusOutline(page))) measured.push(await focusRingContrast(page));
      }
      expect(measured.length, 'focus rings measured').toBeGreaterThanOrEqual(10);
      const faint = measured.filter((m) => m.ratio < FOCUS_RING_MIN_CONTRAST);
      expect(faint, JSON.stringify(faint, null, 1)).toEqual([]);
      await keepSimulatorScreenshots(page, 'learning-loop-dark-focus-ring');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
