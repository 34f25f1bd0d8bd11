/**
 * A teacher authors a checked module (issue 21.1, 21.2, 21.7) in a real browser against the real server: in the
 * module form they read the engines in their words, add three objectives (the sequence type, a scan-time
 * limit, and an in-plane resolution no 32-pixel matrix reaches), see what the student will see, and create the
 * module; they scan it (through the API, as the simulator does) and, in the module editor, save that scan as the
 * reference and see each objective against it with what was measured (two pass, one fails). Publishing the
 * program is then refused with "Your objectives fail your own reference" until they give a reason. Axe-checked,
 * and the reference is saved with the keyboard.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y.ts';
import { callAs, createClient, uniqueName } from '../support/api.ts';
import { pickOptionByKeyboard } from '../support/keyboard.ts';
import { organisationMember, signInToDashboard, storyFile } from '../support/story.ts';
import { runToFinished, sessionWithSequence } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/** The story builds a model, runs a scan and grades it on a loaded machine [ms]. */
const STORY_TIMEOUT_MS = 300_000;
/** "Spin Echo (SE)" in the contracts' sequence-type codes. */
const SPIN_ECHO = 5;

async function waitForHeading(page: Page, name: string) {
  await expect
    .poll(() => page.getByRole('heading', { name, level: 1 }).isVisible(), { timeout: 30_000 })
    .toBe(true);
}

/** Adds an objective of the kind titled `kind`; answers its fieldset. */
async function addObjective(page: Page, kind: string, index: number) {
  await page.getByRole('combobox', { name: 'Add an objective' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  const fieldset = page.getByRole('group', { name: new RegExp(`^Objective ${index}: `) });
  await expect.poll(() => fieldset.isVisible()).toBe(true);
  return fieldset;
}

describe('a teacher authors a module with checked objectives and a reference scan', () => {
  it(
    'three objectives, a reference that fails one, the evaluation with measured values, and publishing with a reason',
    async () => {
      const clientId = await createClient(baseUrl, admin, uniqueName('School '));
      const teacher = await organisationMember(baseUrl, admin, clientId, 'Teacher');
      const { id: programId } = await callAs<{ id: string }>(baseUrl, teacher, 'POST', 'v1/programs', {
        title: uniqueName('Checked '),
        enrollment: 'open',
      });
      const { id: courseId } = await callAs<{ id: string }>(
        baseUrl,
        teacher,
        'POST',
        `v1/programs/${programId}/courses`,
        { title: 'Resolution' },
      );

      const { page, context } = await openPage();
      try {
        await signInToDashboard(page, teacher);
        await page.goto(`/programs/edit/${programId}/courses/${courseId}/modules/new`);
        await waitForHeading(page, 'New Module');
        await page
          .getByRole('textbox', { name: /^Title/ })
          .first()
          .fill('Sharp brain');
        await page.getByRole('combobox', { name: 'Anatomical model' }).click();
        await page.getByRole('option', { name: 'Brain (free plan)' }).click();
        await page.getByLabel('Spin Echo (SE) (free plan)').check();
        // Item 7: the engines in the teacher's words, each with what it can show.
        expect(await page.getByRole('radio', { name: 'Real-time simulator' }).isChecked()).toBe(true);
        expect(
          await page.getByRole('radio', { name: 'Full Bloch simulation (slower, exact)' }).isVisible(),
        ).toBe(true);
        expect(await page.getByText(/cpusim|censol|Fast engine|Bloch engine/).count()).toBe(0);

        const family = await addObjective(page, 'Sequence type', 1);
        await family.getByRole('checkbox', { name: 'SE', exact: true }).check();
        await family.getByLabel('Required: must pass').check();
        const time = await addObjective(page, 'Scan time', 2);
        await time.getByLabel('Longest scan time (s)').fill('0');
        expect(await time.getByText('Longest scan time: above 0 up to 36000 s').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Create module' }).isDisabled()).toBe(true);
        await time.getByLabel('Longest scan time (s)').fill('3600');
        await time.getByLabel('Points').fill('2');
        const sharp = await addObjective(page, 'In-plane resolution', 3);
        await sharp.getByLabel('Title the student reads').fill('Sub-millimetre pixels');
        await sharp.getByLabel('Coarsest in-plane pixel (mm)').fill('0.1');
        await sharp.getByLabel('Hint shown when the check fails').fill('Raise the matrix or shrink the FOV.');

        const preview = page.getByRole('region', { name: 'What the student sees' });
        await expect
          .poll(() => preview.getByRole('listitem').allInnerTexts())
          .toEqual([
            'Sequence type — 1 point (required: must pass)',
            'Scan time — 2 points',
            'Sub-millimetre pixels — 1 point',
          ]);
        expect(await preview.getByText('Total: 4 points').isVisible()).toBe(true);
        await expectAccessible(page, 'the new-module form with three objectives');
        await page.getByRole('button', { name: 'Create module' }).click();
        await waitForHeading(page, 'Edit Module: Sharp brain');
        const labId = page.url().split('/modules/')[1] ?? '';

        // The teacher scans the module (a tiny spin echo, 32 × 32) as the simulator would.
        const asTeacher = { baseUrl, teacher, student: teacher, programId, courseId, labId };
        const scan = await sessionWithSequence(asTeacher, SPIN_ECHO, {
          matrixRead: 32,
          matrixPhase: 32,
          sliceCount: 1,
        });
        await runToFinished(asTeacher, scan.sessionId, scan.sequenceId);

        // In the editor: pick the scan and save it as the reference, with the keyboard.
        const reference = page.getByRole('region', { name: 'Reference scan' });
        expect(
          await reference.getByText('No reference scan yet: nothing to check against.').isVisible(),
        ).toBe(true);
        await reference.getByRole('button', { name: 'Refresh my scans' }).click();
        const scans = reference.getByRole('combobox', { name: 'Your scans of this module' });
        await scans.focus();
        await pickOptionByKeyboard(page, scans, /^Se 1 · /);
        await page.keyboard.press('Tab');
        const save = reference.getByRole('button', { name: 'Save as the reference' });
        expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');

        const table = reference.getByRole('table', { name: 'Objectives against the reference scan' });
        await expect.poll(() => table.isVisible(), { timeout: 120_000 }).toBe(true);
        const result = (name: string) =>
          table.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
        expect((await result('Sequence type').allTextContents())[0]).toBe('Passed');
        expect((await result('Scan time').allTextContents())[0]).toBe('Passed');
        const failed = await result('Sub-millimetre pixels').allTextContents();
        expect(failed[0]).toBe('Failed');
        expect(failed[1]).toMatch(/mm/);
        expect(await reference.getByText('Your objectives fail your own reference').isVisible()).toBe(true);
        await expectAccessible(page, 'the module editor with its objectives against the reference');

        // Publishing is refused until the teacher says why.
        await page.goto(`/programs/edit/${programId}`);
        await page.getByRole('button', { name: 'Publish', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Your objectives fail your own reference' });
        await expect.poll(() => dialog.isVisible(), { timeout: 60_000 }).toBe(true);
        expect(await dialog.getByText(/Sharp brain \(Sub-millimetre pixels\)/).isVisible()).toBe(true);
        await dialog.getByRole('button', { name: 'Publish anyway' }).click();
        await expect
          .poll(() => dialog.getByText('A reason is required to publish anyway').isVisible())
          .toBe(true);
        await expectAccessible(page, 'the publish-anyway dialog');
        await dialog.getByLabel(/Why publish anyway\?/).fill('The resolution check is a stretch goal.');
        await dialog.getByRole('button', { name: 'Publish anyway' }).click();
        await expect
          .poll(() => page.getByText('published', { exact: true }).isVisible(), { timeout: 60_000 })
          .toBe(true);
        const program = await callAs<{ status: string }>(baseUrl, teacher, 'GET', `v1/programs/${programId}`);
        expect(program.status).toBe('published');
      } finally {
        await context.close();
      }
    },
    STORY_TIMEOUT_MS,
  );
});
