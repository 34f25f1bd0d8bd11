/**
 * Window/level as radiographers know it (issue 20.9): a student scans a T2 TSE; the simulator's last scan and the
 * image viewer show W/L as integers in the DICOM download's stored values: its default Window Center/Width (read
 * here with dcmjs) over its Rescale Slope, and a drag across half the viewport widens the window by about half the series' stored range, without
 * blacking the image (before: "W 0.3694 L 0.254", and a 144 × 41 px drag took W to 10.45, a black image).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callAs } from '../support/api.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { collectConsoleErrors } from '../support/console-errors.ts';
import { downloadDicomSeries } from '../support/dicom.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { addSequence, startScanning, schoolBrainModule } from './simulator-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/**
 * The story's tolerance on the window's change: a drag over half the viewport's width widens the window by half
 * the stored range, ± 10 % (the drag is whole CSS pixels, and the viewport's box is read once).
 */
const DRAG_TOLERANCE = 0.1;

/**
 * The viewer's integer W/L against the file's window in stored values: equal to within the one unit that the file's
 * decimal strings (DS, 16 characters) can move a rounding.
 */
function expectSameWindow(
  shown: { width: number; level: number },
  dicom: { width: number; level: number },
): void {
  expect(Number.isInteger(shown.width) && Number.isInteger(shown.level)).toBe(true);
  expect(Math.abs(shown.width - dicom.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(shown.level - dicom.level)).toBeLessThanOrEqual(1);
}

/** The "W … L …" line of a viewer's corner text, as numbers. */
async function shownWindow(corners: Locator): Promise<{ width: number; level: number }> {
  const line = corners.getByText(/^W -?\d+ L -?\d+$/);
  await line.waitFor();
  const match = /^W (-?\d+) L (-?\d+)$/.exec((await line.textContent()) ?? '');
  if (!match) throw new Error('no W/L line in the corner text');
  return { width: Number(match[1]), level: Number(match[2]) };
}

/** Mean and maximum of the red channel of the viewer's canvas (a grey image). */
function canvasGrey(page: Page): Promise<{ mean: number; max: number }> {
  return page.getByTestId('series-viewer').evaluate((element: HTMLElement) => {
    const canvas = element.querySelector('canvas');
    const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!data) return { mean: Number.NaN, max: Number.NaN };
    let sum = 0;
    let max = 0;
    for (let i = 0; i < data.length; i += 4) {
      sum += data[i] ?? 0;
      max = Math.max(max, data[i] ?? 0);
    }
    return { mean: sum / (data.length / 4), max };
  });
}

describe('window/level as radiographers know it', () => {
  it('a student sees W/L as the DICOM download’s integer Window Center/Width, and a drag over half the viewport widens the window by half the stored range without blacking the image', async () => {
    const { student, ...module } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      await signInToDashboard(page, student);
      const { tab, sessionId } = await startScanning(context, page, module);
      await addSequence(tab, 'T2-weighted TSE');
      await tab.getByRole('button', { name: 'Run', exact: true }).click();
      await expect
        .poll(() => tab.getByRole('main').getByText('Finished').first().isVisible(), { timeout: 90_000 })
        .toBe(true);

      // The DICOM download of the finished series, read as a PACS reads it.
      const sequences = await callAs<{ lastScan: { id: string } | null }[]>(
        baseUrl,
        student,
        'GET',
        `v1/sessions/${sessionId}/pulse-sequences`,
      );
      const scanId = sequences[0]?.lastScan?.id ?? '';
      const images = await downloadDicomSeries(baseUrl, student, sessionId, scanId);
      const [first] = images;
      if (!first) throw new Error('the DICOM download holds no image');
      let low = Infinity;
      let high = -Infinity;
      for (const image of images) {
        for (const v of image.pixels) [low, high] = [Math.min(low, v), Math.max(high, v)];
      }
      const storedRange = high - low;
      // The file's window is in the rescaled (served) units, as PS3.3 C.11.2.1.2 applies it after Rescale
      // Slope/Intercept (issue 23.8); in stored values, the integers a radiographer reads, it is window / slope.
      const { rescaleSlope: slope, rescaleIntercept: intercept } = first;
      expect(slope).toBeGreaterThan(0);
      const dicomWindow = {
        width: Math.round(first.windowWidth / slope),
        level: Math.round((first.windowCenter - intercept) / slope),
      };
      console.log(`DICOM W ${dicomWindow.width} L ${dicomWindow.level} (stored), stored ${low}–${high}`);

      // The simulator's last scan shows the same integers.
      const lastScan = tab.getByTestId('simulator-series').getByTestId('corner-text');
      expectSameWindow(await shownWindow(lastScan), dicomWindow);

      // So does the image viewer.
      await tab.goto(`/session/${sessionId}/image-viewer`);
      const viewer = tab.getByTestId('series-viewer');
      await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 60_000 }).toBe('true');
      const corners = tab.getByTestId('corner-text');
      const before = await shownWindow(corners);
      expectSameWindow(before, dicomWindow);
      await expect.poll(async () => (await canvasGrey(tab)).max).toBeGreaterThan(200);

      // A drag to the right over half the viewport's width widens the window by about half the stored range.
      const box = await viewer.boundingBox();
      if (!box) throw new Error('the viewer has no box');
      const y = box.y + box.height / 2;
      await tab.mouse.move(box.x + 0.25 * box.width, y);
      await tab.mouse.down();
      await tab.mouse.move(box.x + 0.75 * box.width, y, { steps: 20 });
      await tab.mouse.up();
      await expect.poll(async () => (await shownWindow(corners)).width).not.toBe(before.width);
      const dragged = await shownWindow(corners);
      const change = dragged.width - before.width;
      console.log(`drag over ${(box.width / 2).toFixed(0)} px: W ${before.width} → ${dragged.width}`);
      expect(Math.abs(change / (storedRange / 2) - 1)).toBeLessThan(DRAG_TOLERANCE);
      expect(Math.abs(dragged.level - before.level)).toBeLessThanOrEqual(1);

      // A wider window: lower contrast, never a black image.
      const grey = await canvasGrey(tab);
      console.log(`after the drag: mean grey ${grey.mean.toFixed(1)}, max ${grey.max}`);
      expect(grey.max).toBeGreaterThan(100);
      expect(grey.mean).toBeGreaterThan(10);
      await tab.screenshot({ path: path.join(SCREENSHOT_DIR, 'window-level.dark.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
