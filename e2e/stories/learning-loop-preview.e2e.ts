/**
 * The live preview shows what will be scanned (issue 20.8, 20.11), in a real browser against the real server. A
 * student sets matrix 512 × 256 on a 240 × 240 mm field of view: the preview shows the 512 × 256 pixels square, as
 * their physical size is (it was squashed to half height); on 240 × 180 mm it is 4:3. A student opens the tumour
 * module (model 202): the preview shows the brain, with no "Preview paused" (it said "unknown anatomical model
 * 202"). No story ends with an uncaught error or a console error.
 */
import {
  keepSimulatorScreenshots,
  schoolBrainModule,
  setParameter,
  studentAddsSequence,
} from './simulator-support.ts';
import { storyFile } from '../support/story.ts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectConsoleErrors } from '../support/console-errors.ts';

const { baseUrl, admin, openPage } = storyFile();

/** The displayed aspect may differ from the physical one by this much (relative): CSS rounds to device pixels. */
const ASPECT_TOLERANCE = 0.02;

/** The preview canvas once it shows `columns` × `rows` pixels: its displayed width over height, and its pixels. */
async function previewOf(tab: Page, columns: number, rows: number) {
  const canvas = tab.getByRole('img', { name: /^Live preview/ });
  await expect
    .poll(() => canvas.evaluate((element: HTMLCanvasElement) => [element.width, element.height]), {
      timeout: 30_000,
    })
    .toEqual([columns, rows]);
  // What is painted: the element's box, or, under object-fit contain (or cover), the bitmap's own shape inside it.
  const box = await canvas.evaluate((element: HTMLCanvasElement) => {
    const rect = element.getBoundingClientRect();
    const fit = getComputedStyle(element).objectFit;
    if (fit !== 'contain' && fit !== 'scale-down' && fit !== 'cover') return rect;
    const scale = (fit === 'cover' ? Math.max : Math.min)(
      rect.width / element.width,
      rect.height / element.height,
    );
    return { width: element.width * scale, height: element.height * scale };
  });
  const lit = await canvas.evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? [];
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 25) count++;
    return count / (data.length / 4);
  });
  return { aspect: box.width / box.height, width: box.width, lit };
}

describe('the live preview shows what will be scanned', () => {
  it('a student sets matrix 512 × 256 on FOV 240 × 240 mm: the preview is square, as the scan is; on FOV 240 × 180 mm it is 4:3', async () => {
    const { student, ...module } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      const { tab } = await studentAddsSequence(context, page, student, module, 'T2-weighted TSE');
      await setParameter(tab, /^FOV read/, '240');
      await setParameter(tab, /^FOV phase/, '240');
      await tab.getByRole('tab', { name: 'Resolution' }).click();
      await setParameter(tab, /^Matrix read/, '512');
      await setParameter(tab, /^Matrix phase/, '256');

      // 512 columns × 256 rows of 0.47 × 0.94 mm pixels: 240 mm by 240 mm.
      const square = await previewOf(tab, 512, 256);
      expect(Math.abs(square.aspect - 1)).toBeLessThanOrEqual(ASPECT_TOLERANCE);
      expect(square.lit).toBeGreaterThan(0.05);

      await tab.getByRole('tab', { name: 'Routine' }).click();
      await setParameter(tab, /^FOV phase/, '180');
      await tab.getByRole('tab', { name: 'Resolution' }).click();
      await setParameter(tab, /^Matrix phase/, '192');
      // 512 × 192 pixels of 0.47 × 0.94 mm: 240 mm wide, 180 mm high.
      const wide = await previewOf(tab, 512, 192);
      expect(Math.abs(wide.aspect / (4 / 3) - 1)).toBeLessThanOrEqual(ASPECT_TOLERANCE);
      // The same width as the square image: the 4:3 image is letterboxed, not shrunk.
      expect(Math.abs(wide.width / square.width - 1)).toBeLessThanOrEqual(ASPECT_TOLERANCE);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a student opens the tumour module (model 202): the live preview shows the brain, never "Preview paused"', async () => {
    const { student, ...module } = await schoolBrainModule(baseUrl, admin, 'Brain with tumour (contrast)');
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      const { tab } = await studentAddsSequence(context, page, student, module, 'T2-weighted TSE');
      const canvas = tab.getByRole('img', { name: /^Live preview/ });
      await expect
        .poll(async () => (await canvas.getAttribute('data-frame')) !== null, { timeout: 60_000 })
        .toBe(true);
      const [columns, rows] = await canvas.evaluate((element: HTMLCanvasElement) => [
        element.width,
        element.height,
      ]);
      const preview = await previewOf(tab, columns ?? 0, rows ?? 0);
      expect(preview.lit).toBeGreaterThan(0.05);
      expect(await canvas.isVisible()).toBe(true);
      expect(await tab.getByText('Preview paused').count()).toBe(0);
      expect(await tab.getByText(/unknown anatomical model/).count()).toBe(0);
      await keepSimulatorScreenshots(tab, 'preview-tumour-module');
      expect(await tab.getByText('Preview paused').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
