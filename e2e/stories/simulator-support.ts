/**
 * What the simulator stories share: a published open program with one brain module allowing the T2-weighted TSE
 * (the student enrolled), and screenshots with axe checks in both simulator themes.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from '../support/a11y.ts';
import {
  anatomicalModelId,
  callAs,
  createClient,
  login,
  uniqueName,
  type Credentials,
} from '../support/api.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { closeDialogWithEscape } from '../support/keyboard.ts';
import { organisationMember, signInToDashboard } from '../support/story.ts';

/** "T2-weighted TSE" in the contracts' sequence-type codes. */
export const T2_TSE = 22;

/**
 * The module the simulator stories scan in, made by `teacher` through the API; `student` enrolled. Its model is
 * the Brain unless `modelName` names another of the module options.
 */
export async function brainModule(
  baseUrl: string,
  teacher: Credentials,
  student: Credentials,
  modelName = 'Brain',
) {
  const brainId = await anatomicalModelId(baseUrl, teacher, modelName);
  const title = uniqueName('Neuro ');
  const { id: programId } = await callAs<{ id: string }>(baseUrl, teacher, 'POST', 'v1/programs', {
    enrollment: 'open',
    title,
    summary: 'Brain contrast.',
  });
  const { id: courseId } = await callAs<{ id: string }>(
    baseUrl,
    teacher,
    'POST',
    `v1/programs/${programId}/courses`,
    {
      title: 'Contrast and weighting',
    },
  );
  const lab = await callAs<{ id: string }>(baseUrl, teacher, 'POST', `v1/courses/${courseId}/modules`, {
    title: 'Make the CSF bright',
    instructions: '## Your task\n\nMake the CSF bright on a T2-weighted TSE.',
    anatomicalModelId: brainId,
    sequenceTypes: [T2_TSE],
  });
  await callAs(baseUrl, teacher, 'POST', `v1/programs/${programId}/publish`, { published: true });
  await callAs(baseUrl, student, 'POST', `v1/programs/${programId}/enrollments`, {});
  return { programId, courseId, labId: lab.id, title };
}

/**
 * A new school's teacher and student (both past the first login) and the teacher's brainModule (its model the
 * Brain unless `modelName` says otherwise) with the student enrolled.
 */
export async function schoolBrainModule(baseUrl: string, admin: Credentials, modelName?: string) {
  const clientId = await createClient(baseUrl, admin, uniqueName('School '));
  const teacher = await organisationMember(baseUrl, admin, clientId, 'Teacher', 'teach');
  const student = await organisationMember(baseUrl, admin, clientId, 'Student', 'stu');
  return { teacher, student, ...(await brainModule(baseUrl, teacher, student, modelName)) };
}

/** The simulator's themes as Preferences names them. */
const SIMULATOR_THEMES = ['Light', 'Dark (reading room)'] as const;

/** Chooses `theme` in Preferences and waits until the page shows its colour scheme; answers the scheme. */
async function chooseTheme(page: Page, theme: (typeof SIMULATOR_THEMES)[number]): Promise<'light' | 'dark'> {
  await page.getByRole('button', { name: 'Preferences' }).click();
  await page.getByRole('menuitem', { name: new RegExp(theme.replace(/[()]/g, '\\$&')) }).click();
  const scheme = theme === 'Light' ? 'light' : 'dark';
  await page.waitForFunction(
    (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
    scheme,
  );
  return scheme;
}

/** Screenshot and axe check in the simulator's two themes (switched in Preferences); leaves it dark. */
export async function keepSimulatorScreenshots(page: Page, name: string): Promise<void> {
  for (const theme of SIMULATOR_THEMES) {
    const scheme = await chooseTheme(page, theme);
    // The menu's closing and the controls' colour transitions (200 ms) end before the capture.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.${scheme}.png`), fullPage: true });
    await expectAccessible(page, `screen "${name}" (${scheme})`);
  }
}

/**
 * Screenshot and axe check of a dialog in both simulator themes: `open` opens it, Escape closes it to switch the
 * theme; it is left open in the dark theme.
 */
export async function keepDialogScreenshots(
  page: Page,
  name: string,
  open: () => Promise<void>,
): Promise<void> {
  for (const theme of SIMULATOR_THEMES) {
    if ((await page.getByRole('dialog').count()) > 0)
      await closeDialogWithEscape(page, page.getByRole('dialog'));
    const scheme = await chooseTheme(page, theme);
    await open();
    await page.getByRole('dialog').waitFor();
    // Let the modal's opening transition end before the capture.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.${scheme}.png`) });
    await expectAccessible(page, `dialog "${name}" (${scheme})`);
  }
}

/** Opens the module page as the signed-in `page`'s user, presses Start scanning and waits for the simulator tab. */
export async function startScanning(
  context: BrowserContext,
  page: Page,
  module: { programId: string; courseId: string; labId: string },
): Promise<{ tab: Page; sessionId: string }> {
  await page.goto(`/browse/${module.programId}/${module.courseId}/modules/${module.labId}`);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Start scanning' }).click(),
  ]);
  tab.setDefaultTimeout(20_000);
  await tab.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
  const sessionId = /\/session\/([0-9a-f-]{36})\//.exec(tab.url())?.[1] ?? '';
  await tab.getByRole('combobox', { name: 'Add a sequence' }).waitFor();
  return { tab, sessionId };
}

/** Adds a sequence of the module's schemes by its name and waits for its heading. */
export async function addSequence(tab: Page, name: string): Promise<void> {
  const select = tab.getByRole('combobox', { name: 'Add a sequence' });
  // The select keeps the last choice; picking it again would clear it.
  if ((await select.inputValue()) !== name) {
    await select.click();
    await tab.getByRole('option', { name }).click();
  }
  await tab.getByRole('button', { name: 'Add', exact: true }).click();
}

/** Adds a sequence as addSequence does and waits until its heading (level 1) shows it is the one being edited. */
export async function addSequenceAndWaitForHeading(tab: Page, name: string): Promise<void> {
  await addSequence(tab, name);
  await expect.poll(() => tab.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
}

/**
 * Signs `student` in on `page`, starts scanning in `module` (startScanning) and adds `sequence`, waiting for its
 * heading: the simulator's tab and its session.
 */
export async function studentAddsSequence(
  context: BrowserContext,
  page: Page,
  student: Credentials,
  module: { programId: string; courseId: string; labId: string },
  sequence: string,
): Promise<{ tab: Page; sessionId: string }> {
  await signInToDashboard(page, student);
  const scanning = await startScanning(context, page, module);
  await addSequenceAndWaitForHeading(scanning.tab, sequence);
  return scanning;
}

/** Types `value` into the protocol parameter field named `name` and leaves it, as a user moving on would. */
export async function setParameter(page: Page, name: RegExp, value: string): Promise<void> {
  const input = page.getByRole('textbox', { name });
  await input.fill(value);
  await input.blur();
}

/** Expects the server to have closed `sessionId`: asked as `student`, it answers the instance-not-running error. */
export async function expectSessionClosed(
  baseUrl: string,
  student: Credentials,
  sessionId: string,
): Promise<void> {
  const { accessToken } = await login(baseUrl, student);
  const closed = await fetch(`${baseUrl}/api/v1/sessions/${sessionId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(((await closed.json()) as { error: { code: number } }).error.code).toBe(700701);
}
