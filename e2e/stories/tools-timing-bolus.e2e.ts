/**
 * The timing-bolus tool in a real browser against the real server (issue 13): on the aorta timing-bolus model
 * (223) a student sets a 2 s delay (before the bolus arrives) and scans, then runs the test bolus, takes the
 * suggested delay and scans again: the session's configuration carries the delay, and the second scan is
 * brighter (the arterial peak shortens T1 under a spoiled GRE). The page is kept as screenshots, checked with
 * axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot } from '../support/browser.ts';
import { storyFile } from '../support/story.ts';
import { callAs, runToFinished, sessionWithSequence, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, signedIn } = storyFile();
/** Scans run on a busy machine: a story may take longer than the default minute. */
const STORY_TIMEOUT_MS = 240_000;

/** "Spoiled gradient echo (T1-weighted FLASH)" in the contracts' sequence-type codes. */
const SPOILED_GRE = 1;

const mean = (values: Float32Array) => values.reduce((a, b) => a + b, 0) / values.length;

async function useDelay(page: Page, seconds: string) {
  const input = page.getByRole('textbox', { name: 'Scan delay after the injection [s]' });
  await input.fill(seconds);
  await page.getByRole('button', { name: 'Use for the next scan' }).click();
  await expect
    .poll(() =>
      page.getByText(`The next contrast-enhanced scan starts ${seconds} s after the injection.`).count(),
    )
    .toBeGreaterThan(0);
}

describe('tools: timing bolus injection', () => {
  it(
    'the delay chosen from a test bolus reaches the next scan: the arterial phase is brighter than a scan before the bolus arrives',
    async () => {
      const world = await toolsWorld(baseUrl, admin, 'Aorta timing bolus (abdomen)', [SPOILED_GRE]);
      const scan = await sessionWithSequence(world, SPOILED_GRE, {
        matrixRead: 64,
        matrixPhase: 64,
        sliceCount: 1,
      });
      await signedIn(world.student, async (page) => {
        await page.goto(`/timing-bolus-injection?sessionId=${scan.sessionId}`);
        await expect.poll(() => page.getByTestId('curve-plot').count()).toBe(1);
        await useDelay(page, '2');
        const early = await runToFinished(world, scan.sessionId, scan.sequenceId);

        await page.getByRole('button', { name: /^Run test bolus/ }).click();
        const peak = page.getByText(/^Aortic peak at \d+\.\d s after the injection\.$/);
        await expect.poll(() => peak.isVisible()).toBe(true);
        const peakS = Number(/at (\d+\.\d) s/.exec((await peak.textContent()) ?? '')?.[1]);
        expect(peakS).toBeGreaterThan(15);
        expect(peakS).toBeLessThan(22);
        await page.getByRole('textbox', { name: 'Time from scan start to the k-space centre [s]' }).fill('0');
        await page.getByRole('button', { name: 'Suggest from the test bolus' }).click();
        const delay = page.getByRole('textbox', { name: 'Scan delay after the injection [s]' });
        await expect.poll(() => delay.inputValue()).toBe(peakS.toFixed(1).replace(/\.0$/, ''));
        await useDelay(page, await delay.inputValue());
        await keepScreenshot(page, 'tools-timing-bolus');

        const active = await callAs<{ configuration: { name: string; selectedValue: unknown }[] }>(
          baseUrl,
          world.student,
          'GET',
          `v1/sessions/${scan.sessionId}`,
        );
        const setting = (name: string) => active.configuration.find((c) => c.name === name)?.selectedValue;
        // The tool's own injection: the patient-settings contrast stays off on model 223 (simulator.md §5).
        expect(setting('activate_contrast')).toBe(0);
        expect(Number(setting('contrast_scan_delay'))).toBeCloseTo(peakS, 1);

        const arterial = await runToFinished(world, scan.sessionId, scan.sequenceId);
        expect(mean(arterial.pixels.values)).toBeGreaterThan(1.2 * mean(early.pixels.values));
      });
    },
    STORY_TIMEOUT_MS,
  );
});
