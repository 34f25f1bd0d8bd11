/**
 * Grading in a real browser against the real server (issue 14): a student scans a T1-weighted spin echo of the
 * brain for a module whose objectives ask for a spin echo and T2 weighting, submits it on the attempt page and
 * sees the automatic feedback at once (spin echo passed, T2 weighting failed, with the hint); the teacher opens
 * the grade page, sees the attempt replay (the session opened, the run and its end), changes a score, draws an
 * arrow on the submitted image tied to the T2-weighting criterion, writes a comment, saves the grade and
 * releases it; the student then sees the grade, the comment and the arrow
 * on their image. Every screen is kept as a screenshot in both themes and checked with axe.
 */
import { describe, expect, it } from 'vitest';
import { keepScreenshot } from '../support/browser.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { brainModuleAsking, callAs, scanT1SpinEcho } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

const COMMENT = 'Lengthen TR and TE to make CSF bright.';
const NOTE = 'CSF is dark here';
/** The arrow's name on the image: its kind, its rubric criterion and the teacher's note. */
const ARROW = `Arrow on T2 weighting: ${NOTE}`;

describe('grading', () => {
  it('a student submits a scan and sees the automatic feedback; the teacher grades with a comment and an arrow drawn on the image and releases; the student sees the grade and the arrow', async () => {
    const world = await brainModuleAsking(baseUrl, admin);
    await scanT1SpinEcho(world);
    const student = await callAs<{ id: string }>(baseUrl, world.student, 'GET', 'v2/me/');

    // The student submits the finished series from the module page's attempt link.
    const learner = await openPage();
    let attemptPath: string | undefined;
    try {
      const { page } = learner;
      await signInToDashboard(page, world.student);
      await page.goto(`/courses/${world.courseId}/modules/${world.labId}`);
      await page.getByRole('link', { name: 'Your attempt: submit and feedback' }).click();
      await page.getByRole('button', { name: 'Start attempt' }).click();
      await expect.poll(() => page.getByText('In progress', { exact: true }).isVisible()).toBe(true);
      attemptPath = new URL(page.url()).pathname;
      await page.getByRole('checkbox', { name: /^Se \d+ · Tools scan$/ }).check();
      await page.getByLabel('What did you change, and why? (optional)').fill('Short TR and TE.');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Automatic feedback' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByText('Submitted', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('listitem', { name: 'Spin echo: passed' }).isVisible()).toBe(true);
      const weighting = page.getByRole('listitem', { name: 'T2 weighting: failed' });
      expect(await weighting.isVisible()).toBe(true);
      expect(await weighting.getByText('✗ Failed').isVisible()).toBe(true);
      // The grade is held until release.
      expect(await page.getByText(/appear here once they are released/).isVisible()).toBe(true);
      await keepScreenshot(page, 'grading-student-feedback');
    } finally {
      await learner.context.close();
    }

    // The teacher grades it: one more point for the weighting, a comment, then releases it.
    const marker = await openPage();
    try {
      const { page } = marker;
      await signInToDashboard(page, world.teacher);
      await page.goto(`/courses/${world.courseId}/modules/${world.labId}/students/${student.id}/grade`);
      const points = page.getByRole('textbox', { name: 'Points for T2 weighting (of 2)' });
      await expect.poll(() => points.isVisible()).toBe(true);
      expect(await points.inputValue()).toBe('0');
      await points.fill('1');
      // An arrow on the submitted image, tied to the T2-weighting criterion, with a note.
      const viewer = page.getByTestId('series-viewer');
      await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 60_000 }).toBe('true');
      await page.getByText('Draw arrow', { exact: true }).click();
      await page.getByRole('combobox', { name: 'Criterion of the drawing' }).click();
      await page.getByRole('option', { name: 'T2 weighting' }).click();
      await page.getByLabel('Note on the next drawing (optional)').fill(NOTE);
      const layer = page.getByTestId('feedback-drawings');
      await expect.poll(() => layer.getAttribute('data-drawing')).toBe('true');
      const box = await layer.boundingBox();
      if (!box) throw new Error('no drawing layer');
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x - 60, y - 60);
      await page.mouse.down();
      await page.mouse.move(x - 30, y - 30, { steps: 4 });
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => page.getByRole('img', { name: ARROW }).count()).toBe(1);
      // And a region from the keyboard: Enter starts it at the crosshair, Space adds corners, Enter ends it.
      await page.getByText('Draw region', { exact: true }).click();
      await layer.focus();
      for (const key of ['Enter', 'Shift+ArrowRight', 'Shift+ArrowRight', 'Space', 'Shift+ArrowDown'])
        await page.keyboard.press(key);
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('img', { name: 'Region on T2 weighting' }).count()).toBe(1);
      await page.getByText('Look', { exact: true }).click();
      await page.getByLabel('Comment to the student').fill(COMMENT);
      await page.getByRole('button', { name: 'Save grade' }).click();
      await expect.poll(() => page.getByText('Graded', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Score changes' }).isVisible()).toBe(true);
      // The attempt replay: what the student did in the simulator before submitting, the run included.
      const replay = page.getByRole('region', { name: 'Attempt replay' });
      await expect.poll(() => replay.getByText('Ran “Tools scan”').isVisible()).toBe(true);
      expect(await replay.getByText('Opened a simulator session').isVisible()).toBe(true);
      expect(await replay.getByText('Scan of “Tools scan” finished').isVisible()).toBe(true);
      expect(await replay.getByText(/^Slices: \d+ → 1$/).isVisible()).toBe(true);
      await keepScreenshot(page, 'grading-teacher');
      await page.getByRole('button', { name: 'Release to the student' }).click();
      await expect.poll(() => page.getByText('Released', { exact: true }).isVisible()).toBe(true);
    } finally {
      await marker.context.close();
    }

    // The student sees the released grade and the comment.
    const again = await openPage();
    try {
      const { page } = again;
      await signInToDashboard(page, world.student);
      await page.goto(attemptPath ?? '/');
      await expect.poll(() => page.getByRole('heading', { name: 'Grade: 2 / 3' }).isVisible()).toBe(true);
      expect(await page.getByText(COMMENT).isVisible()).toBe(true);
      expect(await page.getByText('Released', { exact: true }).isVisible()).toBe(true);
      // The teacher's arrow is drawn on the student's image, and listed under it.
      const viewer = page.getByTestId('series-viewer');
      await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 60_000 }).toBe('true');
      const arrow = page.getByRole('img', { name: ARROW });
      await expect.poll(() => arrow.count()).toBe(1);
      expect(await arrow.locator('line').count()).toBe(1);
      expect(await page.getByText(`Series 1, slice 1: ${ARROW}`).isVisible()).toBe(true);
      await keepScreenshot(page, 'grading-student-grade');
    } finally {
      await again.context.close();
    }
  });
});
