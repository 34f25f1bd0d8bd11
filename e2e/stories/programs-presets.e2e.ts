/**
 * Module presets in a real browser against the real server (issue 10): a teacher sets and locks the field
 * strength of a module and overrides a tissue's relaxation times in the module form, uploads a cover image,
 * finds a student by name on the enrolment page and enrols them; the student's catalog card shows the cover and
 * the module page the locked preset. Screenshots (light and
 * dark, axe-checked) in e2e/screenshots/.
 */
import { organisationMember, signInToDashboard, storyFile } from '../support/story.ts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { anatomicalModelId, apiCaller, createClient, uniqueName, type Credentials } from '../support/api.ts';
import { keepScreenshot } from '../support/browser.ts';

const { baseUrl, admin, openPage, signedIn } = storyFile();

/** Spin Echo (SE) in the contracts' sequence-type codes. */
const SPIN_ECHO = 5;
/** A valid 1 × 1 PNG: the server checks the bytes, the browser has to draw it. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const callAs = apiCaller(baseUrl);
const member = (clientId: string, role: 'Teacher' | 'Student', prefix: string): Promise<Credentials> =>
  organisationMember(baseUrl, admin, clientId, role, prefix);

async function waitForHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
}

interface StoredLab {
  presets: Record<string, unknown>;
  lockedPresets: string[];
  tissueOverrides: { tissue: string; t1Ms: number; t2Ms: number }[];
}

describe('module presets', () => {
  it('a teacher locks the field strength, overrides a tissue, sets a cover, enrols a student found by name; the student sees the cover and the locked preset', async () => {
    const clientId = await createClient(baseUrl, admin, uniqueName('School '));
    const teacher = await member(clientId, 'Teacher', 'teach');
    const student = await member(clientId, 'Student', 'presetstu');
    const brainId = await anatomicalModelId(baseUrl, teacher, 'Brain');
    const title = uniqueName('Field strength ');
    const { id: programId } = await callAs<{ id: string }>(teacher, 'POST', 'v1/programs', {
      title,
      enrollment: 'invitation',
    });
    const { id: courseId } = await callAs<{ id: string }>(
      teacher,
      'POST',
      `v1/programs/${programId}/courses`,
      {
        title: 'Contrast and weighting',
      },
    );
    const { id: labId } = await callAs<{ id: string }>(teacher, 'POST', `v1/courses/${courseId}/modules`, {
      title: 'T1 at 3 T',
      instructions: 'Compare grey and white matter at **3 T**.',
      anatomicalModelId: brainId,
      sequenceTypes: [SPIN_ECHO],
    });
    await callAs(teacher, 'POST', `v1/programs/${programId}/publish`, { published: true });

    await signedIn(teacher, async (page) => {
      await page.goto(`/programs/edit/${programId}/courses/${courseId}/modules/${labId}`);
      await waitForHeading(page, 'Edit Module: T1 at 3 T');
      const lock = page.getByRole('checkbox', { name: 'Lock field strength' });
      await expect.poll(() => lock.isDisabled()).toBe(true);
      await page.getByRole('combobox', { name: 'Field strength' }).click();
      await page.getByRole('option', { name: '3 T', exact: true }).click();
      await lock.check();
      await expect
        .poll(() => page.getByText('Students cannot change it in the simulator').isVisible())
        .toBe(true);

      await page.getByRole('button', { name: 'Add a tissue override' }).click();
      const override = page.getByRole('group', { name: 'Tissue override 1' });
      await override.getByRole('combobox', { name: 'Tissue' }).click();
      await page.getByRole('option', { name: 'csf', exact: true }).click();
      await override.getByLabel('T1 (ms)').fill('3700');
      await override.getByLabel('T2 (ms)').fill('5000');
      await expect.poll(() => override.getByText('T2 cannot be longer than T1').isVisible()).toBe(true);
      await override.getByLabel('T2 (ms)').fill('1800');
      await expect.poll(() => page.getByRole('button', { name: 'Save module' }).isEnabled()).toBe(true);
      await keepScreenshot(page, 'teacher-module-presets');
      await page.getByRole('button', { name: 'Save module' }).click();
      await expect
        .poll(async () => {
          const lab = await callAs<StoredLab>(teacher, 'GET', `v1/modules/${labId}`);
          return [lab.presets, lab.lockedPresets, lab.tissueOverrides];
        })
        .toEqual([{ b0field: 3 }, ['b0field'], [{ tissue: 'csf', t1Ms: 3700, t2Ms: 1800 }]]);

      await page.goto(`/programs/edit/${programId}`);
      await waitForHeading(page, `Edit Program: ${title}`);
      await page
        .getByRole('region', { name: 'Cover image' })
        .locator('input[type="file"]')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG });
      await expect.poll(() => page.getByRole('button', { name: 'Remove cover' }).isVisible()).toBe(true);

      await page.goto(`/programs/edit/${programId}/enrollment-page`);
      await waitForHeading(page, 'Enrollment Page');
      await page.getByRole('searchbox', { name: 'Find users of your organisation' }).fill(student.username);
      await page.getByRole('button', { name: `Enrol ${student.username}` }).click();
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: 'Enrolled users' })
            .getByRole('cell', { name: student.username, exact: true })
            .isVisible(),
        )
        .toBe(true);
    });

    const studentView = await openPage();
    try {
      await signInToDashboard(studentView.page, student);
      // The cover on the catalog card loads (with the signed asset cookie) and carries its text alternative.
      await studentView.page.goto('/catalog');
      const cover = studentView.page.getByRole('img', { name: `Cover image of ${title}` });
      await expect
        .poll(() => cover.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)))
        .toBe(1);
      await studentView.page.goto(`/browse/${programId}/${courseId}/modules/${labId}`);
      await waitForHeading(studentView.page, 'T1 at 3 T');
      const settings = studentView.page.getByRole('region', { name: 'Scanner settings' });
      await expect
        .poll(() => settings.getByRole('listitem').allTextContents())
        .toEqual(['Field strength: 3 TLocked']);
      await expect
        .poll(() => settings.getByText('Tissue values set by your teacher: csf.').isVisible())
        .toBe(true);
      await keepScreenshot(studentView.page, 'student-module-locked-preset');
    } finally {
      await studentView.context.close();
    }
  });
});
