/**
 * The scan-result comparison in a real browser against the real server (issue 14): a teacher scans a
 * T2-weighted spin echo of the brain module and, on their scan result's page, marks it as the module's
 * reference; the student's T1-weighted spin echo of the same slice then shows, on its details page, the
 * parameters that differ with the consequence of each (TE 15 ms against 100 ms: T1 rather than T2 weighting, CSF
 * dark) and the difference map of the centre slices in the viewer. Screens kept in both themes, checked with axe.
 */
import { describe, expect, it } from 'vitest';
import { keepReadingRoomScreenshots } from '../support/reading-room.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { callAs, runToFinished, sessionWithSequence, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/** "T1-weighted spin echo" in the contracts' sequence-type codes (its TR and TE are set below). */
const SPIN_ECHO = 20;
const SLICE = { sliceCount: 1, matrixRead: 64, matrixPhase: 64 };
describe('scan-result comparison with the module’s reference scan', () => {
  it('a teacher marks their T2-weighted scan as the reference; the student’s T1-weighted scan shows the differing parameters with consequences and the difference map', async () => {
    const world = await toolsWorld(baseUrl, admin, 'Brain', [SPIN_ECHO]);
    /** Scans as `who` with TR, TE [s] and keeps the result; answers its id. */
    const keptScan = async (who: 'student' | 'teacher', repetitionTime: number, echoTime: number) => {
      const as = { ...world, student: world[who] };
      const scan = await sessionWithSequence(as, SPIN_ECHO, { repetitionTime, echoTime, ...SLICE });
      const { scanId } = await runToFinished(as, scan.sessionId, scan.sequenceId);
      return (await callAs<{ id: string }>(baseUrl, world[who], 'POST', 'v1/scan-results', { scanId })).id;
    };
    const studentResult = await keptScan('student', 0.5, 0.015);
    const teacherResult = await keptScan('teacher', 4, 0.1);
    const student = await callAs<{ id: string }>(baseUrl, world.student, 'GET', 'v2/me/');
    // A student compares a scan with the reference once they have submitted it (issue 21.2).
    const attempt = await callAs<{ id: string }>(
      baseUrl,
      world.student,
      'POST',
      `v1/modules/${world.labId}/attempts`,
      {},
    );
    await callAs(baseUrl, world.student, 'POST', `v1/attempts/${attempt.id}/submit`, {
      scanResultIds: [studentResult],
      answers: {},
    });

    // The teacher marks their own scan result as the module's reference, on its page.
    const marker = await openPage();
    try {
      const { page } = marker;
      await signInToDashboard(page, world.teacher);
      await page.goto(`/scan-results/${teacherResult}`);
      const viewer = page.getByTestId('series-viewer');
      await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 60_000 }).toBe('true');
      await page.getByRole('button', { name: 'Mark as the module’s reference' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Unmark as the module’s reference' }).isVisible())
        .toBe(true);
      await keepReadingRoomScreenshots(page, 'scan-result-reference', () =>
        expect
          .poll(() => page.getByRole('button', { name: 'Unmark as the module’s reference' }).isVisible())
          .toBe(true),
      );

      // The teacher reviews the student's result against it.
      await page.goto(`/students/${student.id}/scan-results/${studentResult}/details`);
      const table = page.getByRole('table', { name: 'Parameters that differ from the reference' });
      await expect.poll(() => table.isVisible(), { timeout: 30_000 }).toBe(true);
    } finally {
      await marker.context.close();
    }

    // The student reads the comparison on their scan result's details.
    const learner = await openPage();
    try {
      const { page } = learner;
      await signInToDashboard(page, world.student);
      await page.goto(`/scan-results/${studentResult}/users/${student.id}/details`);
      const table = page.getByRole('table', { name: 'Parameters that differ from the reference' });
      await expect.poll(() => table.isVisible(), { timeout: 30_000 }).toBe(true);
      const te = table.getByRole('row', { name: /^TE / });
      expect(await te.getByRole('cell').allInnerTexts()).toEqual([
        '15 ms',
        '100 ms',
        expect.stringMatching(/^T1 rather than T2 weighting; CSF dark/),
      ]);
      expect(await table.getByRole('row', { name: /^TR / }).isVisible()).toBe(true);
      expect(await page.getByText(/of the centre slices \(slice 1 against slice 1\)/).isVisible()).toBe(true);
      const viewers = page.getByTestId('series-viewer');
      const bothReady = async () => {
        await expect.poll(() => viewers.count(), { timeout: 30_000 }).toBe(2);
        for (const i of [0, 1])
          await expect
            .poll(() => viewers.nth(i).getAttribute('data-ready'), { timeout: 60_000 })
            .toBe('true');
      };
      await bothReady();
      expect(await viewers.nth(1).getAttribute('aria-label')).toMatch(/^Difference from the reference/);
      await keepReadingRoomScreenshots(page, 'scan-result-comparison', bothReady);
    } finally {
      await learner.context.close();
    }
  });
});
