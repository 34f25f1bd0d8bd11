/**
 * The learning loop's feedback in a real browser against the real server (issue 20.3, 20.4): a student opens the
 * FLAIR module (the demo program's "Null the CSF: FLAIR", as seeded), adds a FLAIR and finds the author's
 * starting TI of 1000 ms, which does not null CSF; scans, submits, and reads the failed objective's feedback in
 * words, with the measured ratio at TI 1000 ms, the null point in ms and TI to change (linked to the knowledge
 * base); then sets TI to the null point, scans again, submits a new attempt and passes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FUNDAMENTALS_IR_AND_SPEED } from '../../packages/server/src/db/seed-fundamentals-ir.ts';
import { callAs, createClient, uniqueName, type Credentials } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';
import { keepSimulatorScreenshots, setParameter, startScanning } from './simulator-support.ts';
import { organisationMember, signInToDashboard, storyFile } from '../support/story.ts';

const { baseUrl, admin, openPage } = storyFile();

/** An internal name such as `whiteMatter` or `inversionTime`. */
const CAMEL_CASE = /\b[a-z]+[A-Z][a-zA-Z]*\b/;
const FLAIR_MODULE = FUNDAMENTALS_IR_AND_SPEED.flatMap((c) => c.modules).find(
  (m) => m.lab.title === 'Null the CSF: FLAIR',
)?.lab;

/** The demo FLAIR module in a program of its own, made by `teacher`; `student` enrolled. */
async function flairModule(teacher: Credentials, student: Credentials) {
  if (!FLAIR_MODULE) throw new Error('the demo program has no FLAIR module');
  const { id: programId } = await callAs<{ id: string }>(baseUrl, teacher, 'POST', 'v1/programs', {
    enrollment: 'open',
    title: uniqueName('MRI Fundamentals '),
    summary: 'Contrast and weighting.',
  });
  const { id: courseId } = await callAs<{ id: string }>(
    baseUrl,
    teacher,
    'POST',
    `v1/programs/${programId}/courses`,
    { title: 'Contrast and weighting' },
  );
  const lab = await callAs<{ id: string }>(
    baseUrl,
    teacher,
    'POST',
    `v1/courses/${courseId}/modules`,
    FLAIR_MODULE,
  );
  await callAs(baseUrl, teacher, 'POST', `v1/programs/${programId}/publish`, { published: true });
  await callAs(baseUrl, student, 'POST', `v1/programs/${programId}/enrollments`, {});
  return { programId, courseId, labId: lab.id };
}

/** The session's one pulse sequence as the API answers it. */
async function flairSequence(student: Credentials, sessionId: string) {
  const list = await callAs<
    {
      status: string;
      parameters: Record<string, unknown>;
      lastScan: { id: string; errorMessage?: string | null } | null;
    }[]
  >(baseUrl, student, 'GET', `v1/sessions/${sessionId}/pulse-sequences`);
  const [sequence] = list;
  if (!sequence) throw new Error('no pulse sequence in the session');
  if (sequence.status === 'error') throw new Error(sequence.lastScan?.errorMessage ?? 'scan failed');
  return sequence;
}

/**
 * Once the screen's values are saved (`saved`, SI units), presses Run and waits until a new scan of the sequence
 * has finished and the screen says so.
 */
async function runToFinished(tab: Page, student: Credentials, saved: Record<string, number>): Promise<void> {
  const sessionId = /\/session\/([0-9a-f-]{36})\//.exec(tab.url())?.[1] ?? '';
  await expect
    .poll(async () => {
      const { parameters } = await flairSequence(student, sessionId);
      return Object.keys(saved).every((key) => Math.abs(Number(parameters[key]) - (saved[key] ?? 0)) < 1e-6);
    })
    .toBe(true);
  const before = (await flairSequence(student, sessionId)).lastScan?.id ?? null;
  const run = tab.getByRole('button', { name: 'Run', exact: true });
  await expect.poll(() => run.isEnabled()).toBe(true);
  await run.click();
  await expect
    .poll(
      async () => {
        const s = await flairSequence(student, sessionId);
        return `${s.status}${s.lastScan?.id === before ? '' : ' (new scan)'}`;
      },
      { timeout: 120_000, interval: 500 },
    )
    .toBe('finished (new scan)');
  await expect
    .poll(() => tab.getByRole('main').getByText('Finished').first().isVisible(), { timeout: 30_000 })
    .toBe(true);
}

/** On the attempt page: every finished FLAIR series chosen, submitted; the automatic feedback shown. */
async function submitEveryFlair(page: Page): Promise<void> {
  const series = page
    .getByRole('group', { name: 'Series to submit' })
    .getByRole('checkbox', { name: /^Se \d+ · FLAIR/ });
  await expect.poll(() => series.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await series.count()); i++) await series.nth(i).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Automatic feedback' }).isVisible()).toBe(true);
}

describe('learning loop: feedback that teaches', () => {
  it('a student opens the FLAIR module at a TI that does not null CSF, scans, submits and reads why it failed with the number; changes TI as the feedback says and passes', async () => {
    const clientId = await createClient(baseUrl, admin, uniqueName('School '));
    const teacher = await organisationMember(baseUrl, admin, clientId, 'Teacher', 'teach');
    const student = await organisationMember(baseUrl, admin, clientId, 'Student', 'stu');
    const { programId, courseId, labId } = await flairModule(teacher, student);
    const { context, page } = await openPage();
    try {
      await signInToDashboard(page, student);
      const { tab } = await startScanning(context, page, { programId, courseId, labId });
      await expect.poll(() => tab.getByRole('combobox', { name: 'Add a sequence' }).isEnabled()).toBe(true);
      await tab.getByRole('combobox', { name: 'Add a sequence' }).click();
      await tab.getByRole('option', { name: 'FLAIR', exact: true }).click();
      await tab.getByRole('button', { name: 'Add', exact: true }).click();
      await expect.poll(() => tab.getByRole('heading', { name: 'FLAIR', level: 1 }).isVisible()).toBe(true);

      // The author's starting TI, not the null point: the task is left to the student.
      // One small slice keeps the scan short; the contrast does not depend on it.
      await setParameter(tab, /^Slices/, '1');
      await tab.getByRole('tab', { name: 'Resolution' }).click();
      await setParameter(tab, /^Matrix read/, '64');
      await setParameter(tab, /^Matrix phase/, '64');
      await tab.getByRole('tab', { name: 'Contrast' }).click();
      const ti = tab.getByRole('textbox', { name: /^TI/ });
      await expect.poll(() => ti.inputValue()).toBe('1000');
      await runToFinished(tab, student, { sliceCount: 1, matrixRead: 64, matrixPhase: 64, inversionTime: 1 });
      await keepSimulatorScreenshots(tab, 'learning-loop-flair-ti-1000');

      // Submit it and read the feedback.
      await page.bringToFront();
      await page.goto(`/courses/${courseId}/modules/${labId}`);
      await page.getByRole('link', { name: 'Your attempt: submit and feedback' }).click();
      await page.getByRole('button', { name: 'Start attempt' }).click();
      await expect.poll(() => page.getByText('In progress', { exact: true }).isVisible()).toBe(true);
      await submitEveryFlair(page);
      const nulled = page.getByRole('listitem', { name: 'CSF darker than white matter: failed' });
      await expect.poll(() => nulled.isVisible()).toBe(true);
      const words = await nulled.innerText();
      expect(words).toMatch(/signal ratio white matter : CSF = \d+\.\d\d at TI 1000 ms/);
      expect(words).toMatch(/CSF \(T1 ≈ \d+ ms\) recovers through zero at .* ≈ \d{4} ms for TR 9000 ms/);
      expect(words).toMatch(/TI is 1000 ms: change TI towards \d{4} ms to null CSF/);
      expect(words).not.toMatch(CAMEL_CASE);
      const change = nulled.getByRole('link', { name: 'TI', exact: true });
      expect(await change.getAttribute('href')).toBe('/knowledge-base/timing-parameters#inversion-time');
      const article = nulled.getByRole('link', {
        name: /^Learn more in the knowledge base: Inversion recovery/,
      });
      expect(await article.getAttribute('href')).toBe('/knowledge-base/inversion-recovery#flair');
      await keepScreenshot(page, 'learning-loop-flair-feedback');
      const nullPoint = /change TI towards (\d{4}) ms/.exec(words)?.[1] ?? '';
      const attemptPath = new URL(page.url()).pathname;

      // Until a new attempt may start at once (issue 20.1), the teacher grades the first one.
      const attempt = await callAs<{
        id: string;
        feedback: { objectiveId: string; points: number; maxPoints: number }[];
      }>(baseUrl, student, 'GET', `v1/attempts/${attemptPath.split('/').pop() ?? ''}`);
      await callAs(baseUrl, teacher, 'POST', `v1/attempts/${attempt.id}/grade`, {
        criteria: attempt.feedback.map((c) => ({
          id: c.objectiveId,
          points: c.points,
          maxPoints: c.maxPoints,
        })),
        comment: 'Read the feedback and move TI.',
        annotations: [],
      });

      // The student goes back to the simulator, changes TI as the feedback says, scans again and passes.
      await tab.bringToFront();
      await setParameter(tab, /^TI/, nullPoint);
      await runToFinished(tab, student, { inversionTime: Number(nullPoint) / 1000 });
      await page.bringToFront();
      await page.reload();
      await page.getByRole('button', { name: 'Start a new attempt' }).click();
      await expect.poll(() => page.getByText('In progress', { exact: true }).isVisible()).toBe(true);
      await submitEveryFlair(page);
      await expect
        .poll(() => page.getByRole('listitem', { name: 'CSF darker than white matter: passed' }).isVisible())
        .toBe(true);
      await keepScreenshot(page, 'learning-loop-flair-passed');
    } finally {
      await context.close();
    }
  }, 300_000);
});
