/**
 * What you see is what you scan (issue 20.6), in a real browser against the real server. The free-plan user
 * types 20 slices, FOV 300 mm and matrix 512: each field says so in the spec's words (simulator.md §5) before
 * anything is sent, with the free plan's limit in its tooltip, and Run stays disabled; fixed, Run scans exactly
 * the values on screen. A student types a value and presses Run at once: the scan uses the typed value. No story
 * ends with an uncaught error or a console error.
 */
import {
  addSequence,
  addSequenceAndWaitForHeading,
  keepSimulatorScreenshots,
  schoolBrainModule,
  startScanning,
  studentAddsSequence,
} from './simulator-support.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  anatomicalModelId,
  acceptTerms,
  activationPath,
  apiCaller,
  uniqueName,
  type Credentials,
} from '../support/api.ts';
import { collectConsoleErrors } from '../support/console-errors.ts';

const { baseUrl, admin, openPage } = storyFile();
const callAs = apiCaller(baseUrl);

/** "Spin Echo (SE)" in the contracts' sequence-type codes. */
const SPIN_ECHO = 5;

interface ScannedSeries {
  parameters: {
    sliceCount: number;
    fovRead: number;
    fovPhase: number;
    matrixRead: number;
    matrixPhase: number;
  };
}

/** A registered, activated free-plan user who accepted the terms (as a visitor who signs up would be). */
async function freePlanUser(): Promise<Credentials> {
  const username = uniqueName('free');
  const email = `${username}@example.test`;
  const user = { username, password: 'free plan password 1' };
  const res = await fetch(`${baseUrl}/api/v2/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, email, firstName: 'Free', lastName: 'Learner' }),
  });
  expect(res.ok).toBe(true);
  const token = (await activationPath(baseUrl, admin, email)).replace('/activate-account/', '');
  expect((await fetch(`${baseUrl}/api/v2/users/activate/${token}`)).ok).toBe(true);
  await acceptTerms(baseUrl, user);
  return user;
}

/** A free-catalogue program with a Brain spin-echo module, published by the admin; `learner` enrolled. */
async function freeModule(learner: Credentials) {
  const brainId = await anatomicalModelId(baseUrl, admin, 'Brain');
  const { id: programId } = await callAs<{ id: string }>(admin, 'POST', 'v1/programs', {
    enrollment: 'open',
    title: uniqueName('Free MRI basics '),
    summary: 'The free catalogue.',
    global: true,
    freeCatalogue: true,
  });
  const { id: courseId } = await callAs<{ id: string }>(admin, 'POST', `v1/programs/${programId}/courses`, {
    title: 'Resolution and coverage',
  });
  const { id: labId } = await callAs<{ id: string }>(admin, 'POST', `v1/courses/${courseId}/modules`, {
    title: 'Cover the brain',
    instructions: 'Cover the brain with a spin echo.',
    anatomicalModelId: brainId,
    sequenceTypes: [SPIN_ECHO],
  });
  await callAs(admin, 'POST', `v1/programs/${programId}/publish`, { published: true });
  await callAs(learner, 'POST', `v1/programs/${programId}/enrollments`, {});
  return { programId, courseId, labId };
}

/** A numeric parameter of the open card by its label ("Slices", "FOV read [mm]"). */
const field = (tab: Page, label: RegExp): Locator => tab.getByRole('textbox', { name: label });

/** What the field says of its value: the texts that describe the input (its error message). */
function messageAt(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** The limits tooltip the field shows on hover (simulator.md §5: 'max: {max} | min: {min} | step: {step}'). */
async function tooltipOf(tab: Page, input: Locator): Promise<string> {
  await input.hover();
  const tooltip = tab.getByRole('tooltip');
  await tooltip.waitFor();
  const text = (await tooltip.textContent()) ?? '';
  await tab.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'detached' });
  return text;
}

async function type(input: Locator, value: string): Promise<void> {
  await input.fill(value);
  await input.blur();
}

/**
 * Waits until the first sequence's latest scan is a finished one other than `previous` (a run pressed in the UI)
 * and answers its series as the server stored it.
 */
async function scannedSeries(
  who: Credentials,
  sessionId: string,
  previous?: string,
): Promise<ScannedSeries & { scanId: string }> {
  const latest = async () => {
    const active = await callAs<{ pulseSequences: { lastScan: { id: string; status: string } | null }[] }>(
      who,
      'GET',
      `v1/sessions/${sessionId}`,
    );
    const scan = active.pulseSequences[0]?.lastScan;
    return scan && scan.id !== previous ? scan : undefined;
  };
  await expect
    .poll(async () => (await latest())?.status, { timeout: 120_000, interval: 500 })
    .toBe('finished');
  const scanId = (await latest())?.id ?? '';
  const series = await callAs<ScannedSeries>(
    who,
    'GET',
    `v1/sessions/${sessionId}/reconstructed-images/${scanId}`,
  );
  return { ...series, scanId };
}

/**
 * Holds the next PATCH of a pulse sequence in the browser until `release` is called (a slow network): `sent`
 * resolves once the page has sent it.
 */
async function holdNextSave(tab: Page): Promise<{ sent: Promise<void>; release: () => void }> {
  const sent = Promise.withResolvers<undefined>();
  const released = Promise.withResolvers<undefined>();
  const pattern = /\/api\/v1\/sessions\/[0-9a-f-]{36}\/pulse-sequences\/[0-9a-f-]{36}$/;
  let held = false;
  await tab.route(pattern, async (route) => {
    if (route.request().method() !== 'PATCH' || held) return route.fallback();
    held = true;
    sent.resolve(undefined);
    await released.promise;
    return route.fallback();
  });
  return { sent: sent.promise.then(() => undefined), release: () => released.resolve(undefined) };
}

describe('what you see is what you scan', () => {
  it('the free-plan user types 20 slices, FOV 300 mm and matrix 512: each field refuses it in the spec’s words and Run is disabled; fixed, the scan has exactly the values on screen', async () => {
    const user = await freePlanUser();
    const module = await freeModule(user);
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      await signInToDashboard(page, user);
      const { tab, sessionId } = await startScanning(context, page, module);
      await addSequenceAndWaitForHeading(tab, 'Spin Echo (SE)');
      const run = tab.getByRole('button', { name: 'Run', exact: true });

      // The free plan's limits are the inputs' own, known before typing.
      const slices = field(tab, /^Slices/);
      const fovRead = field(tab, /^FOV read/);
      expect(await tooltipOf(tab, slices)).toBe('max: 10 | min: 1 | step: 1');
      expect(await tooltipOf(tab, fovRead)).toBe('max: 260 | min: 180 | step: 1');

      await type(slices, '20');
      await type(fovRead, '300');
      await expect.poll(() => messageAt(slices)).toBe('Higher than allowed maximum');
      await expect.poll(() => messageAt(fovRead)).toBe('Higher than allowed maximum');
      const conflicts = tab.getByRole('region', { name: 'Conflicts' });
      await expect
        .poll(() => conflicts.getByText('At most 10 slices are allowed on the free plan').isVisible())
        .toBe(true);
      await tab.getByRole('tab', { name: 'Resolution' }).click();
      const matrixRead = field(tab, /^Matrix read/);
      expect(await tooltipOf(tab, matrixRead)).toBe('max: 256 | min: 32 | step: 2');
      await type(matrixRead, '512');
      await expect.poll(() => messageAt(matrixRead)).toBe('Higher than allowed maximum');
      expect(await run.isDisabled()).toBe(true);
      await keepSimulatorScreenshots(tab, 'wysiwyg-free-plan-refused');
      // Nothing the panel refuses is sent: the server still holds the sequence's defaults.
      const stored = await callAs<{ pulseSequences: { parameters: ScannedSeries['parameters'] }[] }>(
        user,
        'GET',
        `v1/sessions/${sessionId}`,
      );
      expect(stored.pulseSequences[0]?.parameters).toMatchObject({ sliceCount: 5, matrixRead: 256 });

      // Fixed within the plan: the messages go, Run is enabled, and the scan is what the panel shows.
      await type(matrixRead, '192');
      await expect.poll(() => messageAt(matrixRead)).toBe('');
      await tab.getByRole('tab', { name: 'Routine' }).click();
      await type(field(tab, /^Slices/), '8');
      await type(field(tab, /^FOV read/), '220');
      await expect.poll(() => messageAt(field(tab, /^Slices/))).toBe('');
      await expect.poll(() => conflicts.getByRole('alert').count()).toBe(0);
      await expect.poll(() => run.isEnabled()).toBe(true);
      await run.click();
      const series = await scannedSeries(user, sessionId);
      expect(series.parameters).toMatchObject({
        sliceCount: 8,
        fovRead: 0.22,
        fovPhase: 0.24,
        matrixRead: 192,
      });
      await expect
        .poll(() => tab.getByRole('application', { name: /, slice \d+ of 8$/ }).isVisible(), {
          timeout: 60_000,
        })
        .toBe(true);
      expect(await field(tab, /^Slices/).inputValue()).toBe('8');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a student types a value and presses Run at once, and again while the save is still under way: each scan uses the typed value', async () => {
    const { student, ...module } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      const { tab, sessionId } = await studentAddsSequence(context, page, student, module, 'T2-weighted TSE');
      const slices = field(tab, /^Slices/);
      const run = tab.getByRole('button', { name: 'Run', exact: true });
      expect(Number(await slices.inputValue())).not.toBe(7);

      // No wait for the save: Run is pressed as soon as the value is typed.
      await slices.fill('7');
      await run.click();
      const first = await scannedSeries(student, sessionId);
      expect(first.parameters.sliceCount).toBe(7);
      await expect
        .poll(() => tab.getByRole('application', { name: /, slice \d+ of 7$/ }).isVisible(), {
          timeout: 60_000,
        })
        .toBe(true);

      // The save of the next value is on a slow network when Run is pressed: the run waits for it.
      const save = await holdNextSave(tab);
      await slices.fill('9');
      await save.sent;
      await expect.poll(() => run.isEnabled()).toBe(true);
      await run.click();
      save.release();
      const second = await scannedSeries(student, sessionId, first.scanId);
      expect(second.parameters.sliceCount).toBe(9);
      await expect
        .poll(() => tab.getByRole('application', { name: /, slice \d+ of 9$/ }).isVisible(), {
          timeout: 60_000,
        })
        .toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a call the server refuses from the scan list (Add beyond the session’s cap) is shown above the list, not thrown', async () => {
    const { student, ...module } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      await signInToDashboard(page, student);
      const { tab } = await startScanning(context, page, module);
      // The server's answer at its cap (SESSION_PULSE_SEQUENCES_MAX), without making 200 sequences first.
      const message = 'A session holds at most 200 pulse sequences';
      await tab.route(/\/api\/v1\/sessions\/[0-9a-f-]{36}\/pulse-sequences$/, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 409,
              contentType: 'application/json',
              body: JSON.stringify({ error: { message, code: 409, cause: 'conflict' } }),
            })
          : route.fallback(),
      );
      await addSequence(tab, 'T2-weighted TSE');
      const alert = tab.getByRole('alert').filter({ hasText: 'The sequence was not added' });
      await expect.poll(() => alert.textContent()).toBe(`The sequence was not added: ${message}`);
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await alert.waitFor({ state: 'detached' });
      // The browser logs the refused request itself; nothing else, and nothing uncaught.
      expect(errors).toEqual([
        expect.stringMatching(/^console error on .*: Failed to load resource: .* 409 \(Conflict\)$/),
      ]);
    } finally {
      await context.close();
    }
  });
});
