/**
 * The simulator's scan-list actions and dialogs in a real browser against the real server (issue 12): a student
 * copies one sequence's geometry onto another and deletes a sequence after a confirmation; Patient settings shows
 * the brain's sections, saves a condition and reverts an out-of-range motion value; Display Options persist with
 * the session and drive the localisers; on the whole-body model, Ctrl+Shift+3 and Ctrl+Shift+4 set the isocentre
 * and the localisers are taken through it. Every dialog is checked with axe in both themes.
 */
import { addSequence, keepDialogScreenshots, startScanning, schoolBrainModule } from './simulator-support.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCaller, type Credentials } from '../support/api.ts';

const { baseUrl, admin, openPage } = storyFile();

const callAs = apiCaller(baseUrl);
/** Each story checks several dialogs with axe in two themes (about 1 s per check). */
const STORY_TIMEOUT_MS = 180_000;
interface SessionView {
  pulseSequences: { id: string; name: string; spatials: { center: number[] } }[];
  configuration: { name: string; selectedValue: number | string }[];
}

const sessionOf = (student: Credentials, sessionId: string) =>
  callAs<SessionView>(student, 'GET', `v1/sessions/${sessionId}`);

async function setting(student: Credentials, sessionId: string, name: string) {
  return (await sessionOf(student, sessionId)).configuration.find((c) => c.name === name)?.selectedValue;
}

/** Opens the row menu of the sequence named `name` in the scan list and picks `item`. */
async function rowAction(tab: Page, name: string, item: string): Promise<void> {
  await tab.getByRole('button', { name: `Actions for ${name}` }).click();
  await tab.getByRole('menuitem', { name: item }).click();
}

describe('simulator dialogs', () => {
  it(
    'a student copies geometry between sequences, deletes one after confirming, sets patient settings and display options that persist',
    async () => {
      const { student, ...module } = await schoolBrainModule(baseUrl, admin);
      const { context, page } = await openPage();
      try {
        await signInToDashboard(page, student);
        const { tab, sessionId } = await startScanning(context, page, module);

        // Two sequences; the first one renamed and its stack moved 20 mm head-ward on the server.
        await addSequence(tab, 'T2-weighted TSE');
        await expect.poll(async () => (await sessionOf(student, sessionId)).pulseSequences.length).toBe(1);
        const created = (await sessionOf(student, sessionId)).pulseSequences[0];
        if (!created) throw new Error('no first sequence');
        const first = { ...created, name: 'First TSE' };
        await callAs(student, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${first.id}`, {
          name: first.name,
          spatials: { ...first.spatials, center: [0, 0, 0.02] },
        });
        await addSequence(tab, 'T2-weighted TSE');
        await expect.poll(async () => (await sessionOf(student, sessionId)).pulseSequences.length).toBe(2);
        const second = 'T2-weighted TSE';
        await tab.getByRole('button', { name: `Actions for ${first.name}` }).waitFor();

        // Copy geometry onto the second from the first.
        await keepDialogScreenshots(tab, 'simulator-copy-geometry', () =>
          rowAction(tab, second, 'Copy geometry from…'),
        );
        await tab.getByRole('radio', { name: `1. ${first.name}` }).check();
        await tab.getByRole('button', { name: 'Copy geometry' }).click();
        await tab.getByRole('dialog').waitFor({ state: 'detached' });
        await expect
          .poll(async () => (await sessionOf(student, sessionId)).pulseSequences[1]?.spatials.center[2])
          .toBeCloseTo(0.02, 6);

        // Delete the second, after the confirmation (Cancel first keeps it).
        await rowAction(tab, second, 'Delete');
        await tab.getByRole('button', { name: 'Cancel' }).click();
        await tab.getByRole('dialog').waitFor({ state: 'detached' });
        expect((await sessionOf(student, sessionId)).pulseSequences).toHaveLength(2);
        await keepDialogScreenshots(tab, 'simulator-delete-sequence', () => rowAction(tab, second, 'Delete'));
        await tab.getByRole('button', { name: 'Delete', exact: true }).click();
        await tab.getByRole('dialog').waitFor({ state: 'detached' });
        await expect.poll(async () => (await sessionOf(student, sessionId)).pulseSequences.length).toBe(1);
        await expect.poll(() => tab.getByRole('button', { name: `Actions for ${second}` }).count()).toBe(0);

        // Patient settings on the brain: its condition (no heart), motion with its ranges.
        const openPatient = async () => {
          await tab.getByRole('button', { name: 'Settings' }).click();
          await tab.getByRole('menuitem', { name: 'Patient settings' }).click();
        };
        await keepDialogScreenshots(tab, 'simulator-patient-settings', openPatient);
        const dialog = tab.getByRole('dialog', { name: 'Patient settings' });
        expect(await dialog.getByRole('radiogroup', { name: 'Heart condition' }).count()).toBe(0);
        await dialog.getByRole('radio', { name: 'Severe MS lesions' }).click();
        await expect.poll(() => setting(student, sessionId, 'brainStateMode')).toBe('severeMSlesions');
        await dialog.getByText('Rotational', { exact: true }).click();
        await expect.poll(() => setting(student, sessionId, 'motion')).toBe('rotational');
        const angle = dialog.getByRole('textbox', { name: /^Rotation angle/ });
        await angle.fill('50');
        await expect.poll(() => dialog.getByText('Higher than allowed maximum').count()).toBe(1);
        await angle.blur();
        await expect.poll(() => angle.inputValue()).toBe('5');
        await angle.fill('12');
        await angle.blur();
        await expect.poll(() => setting(student, sessionId, 'motion_rot_angle')).toBe(12);
        await tab.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // Display Options: viewer text off, Slice View; both persist with the session.
        await expect.poll(() => tab.getByTestId('viewer-text-sagittal').count(), { timeout: 30_000 }).toBe(1);
        const openDisplay = async () => {
          await tab.getByRole('button', { name: 'Tools' }).click();
          await tab.getByRole('menuitem', { name: 'Display Options' }).click();
        };
        await keepDialogScreenshots(tab, 'simulator-display-options', openDisplay);
        const display = tab.getByRole('dialog', { name: 'Display Options' });
        // The CPU simulator has no ECG: the option is disabled with its reason.
        expect(await display.getByRole('switch', { name: 'Show ECG' }).isDisabled()).toBe(true);
        expect(await display.getByText('Not available on the CPU simulator').count()).toBe(1);
        await display.getByRole('switch', { name: 'Show text on viewers' }).click();
        await display.getByText('Slice View', { exact: true }).click();
        await display.getByRole('switch', { name: 'Show tissues on hover' }).click();
        await expect.poll(() => setting(student, sessionId, 'text_on_viewers')).toBe(0);
        await expect.poll(() => setting(student, sessionId, 'slice_box_view')).toBe(0);
        await tab.keyboard.press('Escape');
        await display.waitFor({ state: 'detached' });
        await expect.poll(() => tab.getByTestId('viewer-text-sagittal').count()).toBe(0);
        // Tissue name on hover over a localiser.
        await expect.poll(() => setting(student, sessionId, 'show_tissue_hover')).toBe(1);
        await tab.getByTestId('localiser-sagittal').scrollIntoViewIfNeeded();
        const localiser = await tab.getByTestId('localiser-sagittal').boundingBox();
        if (!localiser) throw new Error('no sagittal localiser');
        await tab.mouse.move(localiser.x + localiser.width / 2, localiser.y + localiser.height / 2, {
          steps: 3,
        });
        await expect
          .poll(() => tab.getByTestId('tissue-hover-sagittal').textContent())
          .toMatch(/^[A-Z][a-z A-Z]+$/);
        // A second tab of the session reads them back from the server.
        const other = await context.newPage();
        await other.goto(tab.url());
        await other.getByTestId('stack-sagittal').waitFor({ timeout: 30_000 });
        expect(await other.getByTestId('viewer-text-sagittal').count()).toBe(0);
        expect(await other.getByRole('radio', { name: 'Slice View' }).isChecked()).toBe(true);
        await other.close();

        // The brain has no Isocenter feature: the tools are disabled.
        await tab.getByRole('button', { name: 'Tools' }).click();
        expect(await tab.getByRole('menuitem', { name: /Isocenter: Whole Body/ }).isDisabled()).toBe(true);
        await tab.keyboard.press('Escape');

        // The columns resize from the keyboard: the separator after the scan list takes the arrow keys.
        const list = tab.getByRole('navigation', { name: 'Scan list' });
        const narrow = (await list.boundingBox())?.width ?? 0;
        await tab.getByRole('separator', { name: 'Resize the scan list' }).focus();
        for (let i = 0; i < 5; i++) await tab.keyboard.press('ArrowRight');
        await expect.poll(async () => (await list.boundingBox())?.width ?? 0).toBeGreaterThan(narrow + 20);

        // Twelve more WebGL canvases in this tab (as twelve viewers would be): the check every 10 s shows the
        // Performance Warning banner and sends one error report.
        const report = tab.waitForRequest(
          (request) => request.url().endsWith('/api/v1/error-reports') && request.method() === 'POST',
          { timeout: 25_000 },
        );
        await tab.evaluate(() => {
          const held: unknown[] = [];
          for (let i = 0; i < 12; i++) {
            const canvas = document.body.appendChild(document.createElement('canvas'));
            canvas.width = canvas.height = 1;
            held.push(canvas.getContext('webgl'));
          }
          Object.assign(window, { heldWebGlContexts: held });
        });
        const sent = await report;
        expect(sent.postDataJSON()).toMatchObject({ name: 'WebGLContextLimit' });
        await expect
          .poll(() => tab.getByTestId('performance-warning').textContent())
          .toMatch(/^Performance warning\d+ image views/);
      } finally {
        await context.close();
      }
    },
    STORY_TIMEOUT_MS,
  );

  it(
    'on the whole-body model Ctrl+Shift+3 sets a whole-body height and Ctrl+Shift+4 a region; the localisers follow',
    async () => {
      const { student, ...module } = await schoolBrainModule(baseUrl, admin, 'Whole body');
      const { context, page } = await openPage();
      try {
        await signInToDashboard(page, student);
        const { tab, sessionId } = await startScanning(context, page, module);
        await addSequence(tab, 'T2-weighted TSE');
        await tab.getByTestId('stack-axial').waitFor({ timeout: 60_000 });

        await keepDialogScreenshots(tab, 'simulator-isocenter-whole-body', () =>
          tab.keyboard.press('Control+Shift+Digit3'),
        );
        const whole = tab.getByRole('dialog', { name: 'Set iso-center: Whole Body' });
        await whole.getByRole('radio', { name: '100 cm' }).check();
        const refetched = tab.waitForResponse((r) => /scout-images\/axial$/.test(new URL(r.url()).pathname));
        await whole.getByRole('button', { name: 'Set' }).click();
        await whole.waitFor({ state: 'detached' });
        expect(await setting(student, sessionId, 'isocenter')).toBe(100);
        expect(await setting(student, sessionId, 'selected_region')).toBe(0);
        const scout = (await (await refetched).json()) as { imagePositionPatient: number[] };
        expect(scout.imagePositionPatient[2]).toBeCloseTo(1, 6);

        const regions = tab.getByRole('dialog', { name: 'Set iso-center: Regions' });
        // The shortcut is offered while the model has an isocentre: the session that the Set above changed is
        // fetched again, and a key pressed while it loads finds none. Press until the dialog opens (setting the
        // same dialog twice is harmless).
        await keepDialogScreenshots(tab, 'simulator-isocenter-regions', async () => {
          for (let attempt = 0; attempt < 10; attempt++) {
            await tab.keyboard.press('Control+Shift+Digit4');
            if (
              await regions.waitFor({ timeout: 2_000 }).then(
                () => true,
                () => false,
              )
            )
              return;
          }
        });
        await regions.getByRole('radio', { name: 'Pelvis (88 cm)' }).check();
        const again = tab.waitForResponse((r) => /scout-images\/axial$/.test(new URL(r.url()).pathname));
        await regions.getByRole('button', { name: 'Set' }).click();
        await regions.waitFor({ state: 'detached' });
        const pelvis = (await again.then((r) => r.json())) as { regionId: number | null };
        expect(pelvis.regionId).toBe(await setting(student, sessionId, 'selected_region'));
        expect(pelvis.regionId).not.toBe(0);
      } finally {
        await context.close();
      }
    },
    STORY_TIMEOUT_MS,
  );
});
