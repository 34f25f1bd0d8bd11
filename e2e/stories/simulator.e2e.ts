/**
 * The simulator screen in a real browser against the real server (issue 12): a student opens a module, presses
 * Start scanning, adds a T2-weighted TSE and watches the live preview follow TR and TE (CSF read from the page's
 * pixels against white matter), and an out-of-range TE shows the numeric input's message and a fix that clears
 * it. The screen is dark by default (issue 15); its screenshots are kept, and checked with axe, in both themes.
 */
import {
  addSequence,
  addSequenceAndWaitForHeading,
  expectSessionClosed,
  keepSimulatorScreenshots,
  schoolBrainModule,
  setParameter,
} from './simulator-support.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeBrainAsset, buildModel } from '@larmor/mri/anatomy';
import type { Protocol } from '@larmor/mri';
import {
  meanAt,
  pureTissuePixels,
} from '../../packages/web/src/features/simulator/preview/tissue-pixels.testing.ts';
import { expectAccessible } from '../support/a11y.ts';
import { apiCaller } from '../support/api.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { measurePreviewSteps, quantile } from '../support/preview-latency.ts';

const { baseUrl, admin, openPage, signedIn } = storyFile();

const BRAIN_ASSET = path.resolve(
  import.meta.dirname,
  '../../packages/mri/assets/brain/colin27-labels.bin.gz',
);

const callAs = apiCaller(baseUrl);
/** The preview canvas's red channel (grey image), once a frame newer than `after` is painted. */
async function previewPixels(page: Page, after: string | null): Promise<{ frame: string; grey: number[] }> {
  const canvas = page.getByTestId('live-preview');
  await expect
    .poll(async () => (await canvas.getAttribute('data-frame')) ?? null, { timeout: 30_000 })
    .not.toBe(after);
  // Let typing settle: the newest frame is the one that stays.
  let frame = await canvas.getAttribute('data-frame');
  for (;;) {
    await page.waitForTimeout(400);
    const now = await canvas.getAttribute('data-frame');
    if (now === frame) break;
    frame = now;
  }
  const grey = await canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d');
    if (!context) return [];
    const data = context.getImageData(0, 0, element.width, element.height).data;
    return Array.from({ length: data.length / 4 }, (_, i) => data[4 * i] ?? 0);
  });
  return { frame: frame ?? '', grey };
}

describe('simulator', () => {
  it('a student starts scanning, adds a T2-weighted TSE, the live preview makes CSF brighter than white matter at TE 100 ms, runs it to Finished and sees its images; an out-of-range TE offers a fix; Save and close returns to the module', async () => {
    const { student, programId, courseId, labId } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInToDashboard(page, student);
      await page.goto(`/browse/${programId}/${courseId}/modules/${labId}`);
      const startedAt = Date.now();
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: 'Start scanning' }).click(),
      ]);
      tab.setDefaultTimeout(20_000);
      await tab.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await expect.poll(() => tab.getByRole('combobox', { name: 'Add a sequence' }).isEnabled()).toBe(true);
      console.log(`web.simulator.load.ms ${Date.now() - startedAt}`);
      const sessionId = /\/session\/([0-9a-f-]{36})\//.exec(tab.url())?.[1] ?? '';
      // The reading-room theme by default.
      await expect
        .poll(() => tab.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
        .toBe('dark');

      await addSequenceAndWaitForHeading(tab, 'T2-weighted TSE');
      let shown = await previewPixels(tab, null);

      const active = await callAs<{
        pulseSequences: { family: string; parameters: object; spatials: Protocol['geometry'] }[];
      }>(student, 'GET', `v1/sessions/${sessionId}`);
      const sequence = active.pulseSequences[0];
      if (!sequence) throw new Error('the sequence was not saved');
      const base = {
        ...sequence.parameters,
        family: sequence.family,
        geometry: sequence.spatials,
      } as Protocol;
      const asset = decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(BRAIN_ASSET))));
      const brain = buildModel(1, { brainAsset: asset });
      const csf = pureTissuePixels(brain, base, 'csf');
      const wm = pureTissuePixels(brain, base, 'whiteMatter');

      // T1 weighting first: short TR and TE make CSF dark.
      await setParameter(tab, /^TR/, '500');
      await setParameter(tab, /^TE/, '15');
      shown = await previewPixels(tab, shown.frame);
      expect(meanAt(shown.grey, csf)).toBeLessThan(meanAt(shown.grey, wm));

      // T2 weighting: long TR, TE 100 ms.
      await setParameter(tab, /^TR/, '4000');
      await setParameter(tab, /^TE/, '100');
      shown = await previewPixels(tab, shown.frame);
      expect(meanAt(shown.grey, csf)).toBeGreaterThan(meanAt(shown.grey, wm) + 20);
      await keepSimulatorScreenshots(tab, 'simulator-t2-preview');

      // Run it: the status follows the session's events to Finished, and the series appears in its viewport.
      await tab.getByRole('button', { name: 'Run', exact: true }).click();
      await expect
        .poll(() => tab.getByRole('main').getByText('Finished').first().isVisible(), { timeout: 90_000 })
        .toBe(true);
      // The shared series viewer (the image viewer's), named by its series description and slice.
      const series = tab.getByTestId('simulator-series').getByTestId('series-viewer');
      await expect.poll(() => series.getAttribute('data-ready'), { timeout: 60_000 }).toBe('true');
      await expect
        .poll(() => tab.getByRole('application', { name: /^T2-weighted TSE, slice \d+ of 20$/ }).isVisible())
        .toBe(true);
      await expect
        .poll(
          () =>
            series.evaluate((element: HTMLElement) => {
              const canvas = element.querySelector('canvas');
              const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
              let max = 0;
              for (let i = 0; data && i < data.length; i += 4) max = Math.max(max, data[i] ?? 0);
              return max;
            }),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(200);
      // Display Options' text on viewers: the corner text shows, and goes when the option is off.
      await expect.poll(() => tab.getByTestId('simulator-series').getByTestId('corner-text').count()).toBe(1);
      await tab.getByRole('button', { name: 'Tools' }).click();
      await tab.getByRole('menuitem', { name: 'Display Options' }).click();
      const display = tab.getByRole('dialog', { name: 'Display Options' });
      await display.getByRole('switch', { name: 'Show text on viewers' }).click();
      await tab.keyboard.press('Escape');
      await display.waitFor({ state: 'detached' });
      await expect.poll(() => tab.getByTestId('simulator-series').getByTestId('corner-text').count()).toBe(0);
      await keepSimulatorScreenshots(tab, 'simulator-finished-series');

      // Too short a TE: the input says so, the conflict offers a fix, and the fix clears both.
      await setParameter(tab, /^TE/, '2');
      await expect.poll(() => tab.getByText('Lower than allowed minimum').isVisible()).toBe(true);
      const fix = tab.getByRole('button', { name: /^Set TE to \d+(\.\d)? ms$/ });
      await expect.poll(() => fix.isVisible()).toBe(true);
      await keepSimulatorScreenshots(tab, 'simulator-te-conflict');
      await fix.click();
      await expect.poll(() => tab.getByText('Lower than allowed minimum').count()).toBe(0);
      await expect
        .poll(() => tab.getByRole('region', { name: 'Conflicts' }).getByRole('alert').count())
        .toBe(0);

      // Duplicate, rename the copy, and move it first with the keyboard (the move call).
      const list = tab.getByRole('navigation', { name: 'Scan list' });
      await list.getByRole('button', { name: 'Actions for T2-weighted TSE' }).click();
      await tab.getByRole('menuitem', { name: 'Duplicate' }).click();
      await expect.poll(() => list.getByText('2. T2-weighted TSE (copy)').isVisible()).toBe(true);
      await list.getByRole('button', { name: 'Actions for T2-weighted TSE (copy)' }).click();
      await tab.getByRole('menuitem', { name: 'Rename' }).click();
      const renameDialog = tab.getByRole('dialog', { name: 'Rename sequence' });
      await renameDialog.getByLabel('Name').fill('T2 long TE');
      await renameDialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => list.getByText('2. T2 long TE').isVisible()).toBe(true);
      const handle = list.getByRole('button', { name: 'Move T2 long TE' });
      await handle.focus();
      // Each step waits for the screen-reader announcement, as a user waits to hear it.
      const announcement = tab.getByRole('status').filter({ hasText: 'T2 long TE' });
      await tab.keyboard.press('Space');
      await expect.poll(() => announcement.textContent()).toMatch(/T2 long TE.*position 2/);
      // dnd-kit measures the list just after the pick-up; an arrow pressed before that moves nothing (as a user
      // would, press again until the move is announced — with two items, extra presses keep it at position 1).
      await expect
        .poll(async () => {
          const heard = (await announcement.textContent()) ?? '';
          if (!/is over position 1/.test(heard)) await tab.keyboard.press('ArrowUp');
          return heard;
        })
        .toMatch(/is over position 1/);
      await tab.keyboard.press('Space');
      await expect.poll(() => announcement.textContent()).toMatch(/moved to position 1/);
      await expect.poll(() => list.getByText('1. T2 long TE').isVisible()).toBe(true);
      expect(await list.getByText('2. T2-weighted TSE').isVisible()).toBe(true);

      // Save and close: "Closing session..", then the module page.
      await tab.getByRole('button', { name: 'Save and close' }).click();
      await tab.waitForURL(`**/browse/${programId}/${courseId}/modules/${labId}`);
      // The server has closed it: the session answers the instance-not-running error (Session expired).
      await expectSessionClosed(baseUrl, student, sessionId);
    } finally {
      await context.close();
    }
  }, 150_000); // a scan run to Finished and its images read back: over a minute when other suites load the two cores
  it('an idle student gets the Inactivity notice after 10 minutes (fake clock): Stay keeps the session, and at zero it closes and returns to the module', async () => {
    const { student, programId, courseId, labId } = await schoolBrainModule(baseUrl, admin);
    await signedIn(student, async (page) => {
      await page.clock.install();
      await page.goto(`/session/-1/simulator?programId=${programId}&labId=${labId}`);
      await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await expect.poll(() => page.getByRole('heading', { name: 'Scan list' }).isVisible()).toBe(true);
      const notice = page.getByRole('dialog', { name: 'Inactivity notice' });

      await page.clock.runFor('10:01');
      await expect.poll(() => notice.isVisible()).toBe(true);
      // Opened at ten minutes, a second ago: "4 minutes" (299 s) or "5 minutes" (300 s).
      expect(await notice.getByText(/^.*The session will close in [45] minutes\.$/).isVisible()).toBe(true);
      await page.clock.runFor('03:30');
      await expect.poll(() => notice.getByText('The session will close in 1 minute.').isVisible()).toBe(true);
      // A modal covers the Preferences menu: kept and checked in the default (dark) theme only.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'simulator-inactivity-notice.dark.png') });
      await expectAccessible(page, 'screen "simulator-inactivity-notice" (dark)');
      await notice.getByRole('button', { name: 'Stay' }).click();
      await expect.poll(() => notice.isVisible()).toBe(false);

      await page.clock.runFor('10:01');
      await expect.poll(() => notice.isVisible()).toBe(true);
      await page.clock.runFor('05:01');
      await page.waitForURL(`**/browse/${programId}/${courseId}/modules/${labId}`);
    });
  });
  it('the live preview follows TE changes without blocking the main thread on WebAssembly (web.preview.inputToPaint.ms)', async () => {
    const { student, programId, labId } = await schoolBrainModule(baseUrl, admin);
    await signedIn(student, async (page) => {
      await page.goto(`/session/-1/simulator?programId=${programId}&labId=${labId}`);
      await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      await addSequence(page, 'T2-weighted TSE');
      const shown = await previewPixels(page, null);
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
      });
      // Arrow keys step TE by 0.1 ms, as a slider would: each step is one change to paint.
      const measured = await measurePreviewSteps(page, page.getByRole('textbox', { name: /^TE/ }), 40);
      const latencies = measured.roundTripMs;
      await previewPixels(page, shown.frame);
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      const p95 = quantile(latencies, 0.95);
      console.log(
        `web.preview.inputToPaint.ms p50 ${quantile(measured.inputToPaintMs, 0.5).toFixed(1)} ` +
          `p95 ${quantile(measured.inputToPaintMs, 0.95).toFixed(1)}; web.preview.roundTrip.ms ` +
          `p50 ${quantile(latencies, 0.5)} p95 ${p95}; worker ${quantile(measured.computeMs, 0.5)} ms on ` +
          `${String(measured.backend)}; long tasks ${JSON.stringify(longTasks.map(Math.round))}`,
      );
      // Chromium compiles WebAssembly under the server's CSP ('wasm-unsafe-eval'): the worker's FFTs ran there.
      expect(measured.backend).toBe('wasm');
      expect(measured.inputToPaintMs.length).toBe(40);
      // The goals (input to paint p95 ≤ 50 ms, no long task over 50 ms) are bench figures (npm run bench, web
      // suite; docs/benchmarks.md), not thresholds here: this story shares two cores with other suites (p95 reached
      // 620 ms at load average 20). It checks what the worker guarantees: every step painted a frame the worker
      // computed (its backend comes with its answer), on WebAssembly.
    });
  }, 180_000); // 40 painted steps, each awaited: minutes when other suites load the two cores
  it('a session the server closes shows Session expired at once (its event stream ends); Close module returns to the module, and a reload of the closed session shows it again', async () => {
    const { student, programId, courseId, labId } = await schoolBrainModule(baseUrl, admin);
    await signedIn(student, async (page) => {
      await page.goto(`/session/-1/simulator?programId=${programId}&labId=${labId}`);
      await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
      const simulatorUrl = page.url();
      await expect.poll(() => page.getByRole('heading', { name: 'Scan list' }).isVisible()).toBe(true);
      const sessionId = /\/session\/([0-9a-f-]{36})\//.exec(simulatorUrl)?.[1] ?? '';
      // Closed elsewhere (another tab, the reaper): the open page learns it from its event stream.
      await callAs(student, 'PUT', `v1/sessions/${sessionId}/close`);
      const expired = page.getByRole('dialog', { name: 'Session expired' });
      await expect.poll(() => expired.isVisible()).toBe(true);
      await expired.getByRole('button', { name: 'Close module' }).click();
      await page.waitForURL(`**/browse/${programId}/${courseId}/modules/${labId}`);

      // Opening the closed session again: Session expired straight away.
      await page.goto(simulatorUrl);
      await expect.poll(() => expired.isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'simulator-session-expired.dark.png') });
      await expectAccessible(page, 'screen "simulator-session-expired" (dark)');
      await expired.getByRole('button', { name: 'Close module' }).click();
      await page.waitForURL('**/dashboard');
    });
  });
});
