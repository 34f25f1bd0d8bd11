/**
 * The tissue-characteristics page in a real browser against the real server (issue 13): a student scans a
 * T1-weighted SE of the brain, opens the page, switches to Advanced, lengthens white matter's T1 beyond grey
 * matter's, and the next scan's white matter falls below grey matter (pure-tissue pixels of the centre slice);
 * the finished scan keeps its pixels. The page's curves and table are kept as screenshots, checked with axe.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { protocolSchema } from '@larmor/contracts';
import { decodeBrainAsset, buildModel } from '@larmor/mri/anatomy';
import type { Protocol } from '@larmor/mri';
import {
  meanAt,
  pureTissuePixels,
} from '../../packages/web/src/features/simulator/preview/tissue-pixels.testing.ts';
import { keepScreenshot } from '../support/browser.ts';
import { storyFile } from '../support/story.ts';
import { centreSlice, runToFinished, sessionWithSequence, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, signedIn } = storyFile();
/** Scans run on a busy machine: a story may take longer than the default minute. */
const STORY_TIMEOUT_MS = 240_000;

/** "T1-weighted spin echo" in the contracts' sequence-type codes. */
const T1_SE = 20;
const BRAIN_ASSET = path.resolve(
  import.meta.dirname,
  '../../packages/mri/assets/brain/colin27-labels.bin.gz',
);

describe('tools: tissue characteristics', () => {
  it(
    'a T1 edit on the tissue page makes white matter darker than grey matter on the next T1-weighted scan, and leaves the finished scan as it was',
    async () => {
      const world = await toolsWorld(baseUrl, admin, 'Brain', [T1_SE]);
      const scan = await sessionWithSequence(world, T1_SE, {
        repetitionTime: 0.5,
        echoTime: 0.015,
        sliceCount: 3,
        matrixRead: 128,
        matrixPhase: 128,
      });
      const before = await runToFinished(world, scan.sessionId, scan.sequenceId);

      const protocol: Protocol = protocolSchema.parse({
        ...scan.parameters,
        family: scan.family,
        geometry: scan.spatials,
      });
      const brain = buildModel(1, {
        brainAsset: decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(BRAIN_ASSET)))),
      });
      const grey = pureTissuePixels(brain, protocol, 'greyMatter');
      const white = pureTissuePixels(brain, protocol, 'whiteMatter');
      expect(grey.length).toBeGreaterThan(20);
      expect(white.length).toBeGreaterThan(20);
      // T1 weighting with the library's values: white matter (shorter T1) is brighter than grey matter.
      expect(meanAt(before.pixels.values, white)).toBeGreaterThan(meanAt(before.pixels.values, grey));

      await signedIn(world.student, async (page) => {
        await page.goto(`/tissue-characteristics/${scan.sessionId}`);
        const whiteRow = page.locator('tr[data-tissue="whiteMatter"]');
        await expect.poll(() => whiteRow.isVisible()).toBe(true);
        await expect.poll(() => page.getByTestId('curve-plot').count()).toBe(2);
        await keepScreenshot(page, 'tools-tissues-default');

        await page.getByText('Advanced', { exact: true }).click();
        const t1 = page.getByRole('textbox', { name: 'T1 of White matter [ms]' });
        await expect.poll(() => t1.isVisible()).toBe(true);
        // T2 longer than T1 is refused before any call.
        await t1.fill('50');
        await expect.poll(() => whiteRow.getByText('T2 cannot be longer than T1').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Save White matter' }).isDisabled()).toBe(true);
        await t1.fill('2500');
        await page.getByRole('button', { name: 'Save White matter' }).click();
        await expect.poll(() => whiteRow.getByText('custom').isVisible()).toBe(true);
        await keepScreenshot(page, 'tools-tissues-advanced');
      });

      const after = await runToFinished(world, scan.sessionId, scan.sequenceId);
      // T1 2.5 s against grey matter's ~1.1 s at TR 500 ms: white matter now below grey matter.
      expect(meanAt(after.pixels.values, white)).toBeLessThan(meanAt(after.pixels.values, grey));
      const again = await centreSlice(world, scan.sessionId, before.scanId);
      expect(Array.from(again.values)).toEqual(Array.from(before.pixels.values));
    },
    STORY_TIMEOUT_MS,
  );
});
