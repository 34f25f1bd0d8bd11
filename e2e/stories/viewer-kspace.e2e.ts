/**
 * The k-space view in a real browser against the real server (issue 13): a student who has run a small T2 TSE
 * of the brain opens the image viewer and follows its link to the k-space view of that series. Read from the
 * page's own canvases: the k-space centre is its brightest point, and the image of the centre-only mask is
 * blurred (lower relative gradient energy than the image of the whole k-space). A point picked from the
 * keyboard gives its (kx, ky) and stripes; the acquisition animation plays; another channel of the head coil
 * shows its own k-space. Kept as screenshots in both schemes
 * of the viewers, checked with axe.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { relativeGradientEnergy } from '../../packages/web/src/features/viewer/state/kspace-display.ts';
import { expectAccessible } from '../support/a11y.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { storyFile } from '../support/story.ts';
import { T2_TSE } from './simulator-support.ts';
import { runToFinished, sessionWithSequence, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, signedIn } = storyFile();
/** Scans run on a busy machine: a story may take longer than the default minute. */
const STORY_TIMEOUT_MS = 240_000;
/** The small scan of the story: 64 × 64, one slice. */
const MATRIX = 64;
/** The simulator's colour scheme, stored in this browser (features/simulator/state/color-scheme.ts). */
const SIMULATOR_COLOR_SCHEME_KEY = 'simulator_color_scheme';

interface CanvasGrey {
  width: number;
  height: number;
  grey: number[];
}

/** The red channel of a canvas of the page (the view draws grey images 1:1 into its canvases). */
function canvasGrey(page: Page, testId: string): Promise<CanvasGrey> {
  return page.getByTestId(testId).evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data;
    const grey = data ? Array.from({ length: data.length / 4 }, (_, i) => data[4 * i] ?? 0) : [];
    return { width: element.width, height: element.height, grey };
  });
}

/** Waits until a canvas holds a drawn MATRIX² image with something in it. */
async function drawnCanvas(page: Page, testId: string): Promise<CanvasGrey> {
  await expect
    .poll(async () => {
      const c = await canvasGrey(page, testId);
      return c.width === MATRIX && c.grey.some((v) => v > 0);
    })
    .toBe(true);
  return canvasGrey(page, testId);
}

/** Screenshots and axe checks in the viewers' two schemes (dark by default, light when the user chose it). */
async function keepBothSchemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: SIMULATOR_COLOR_SCHEME_KEY,
      value: scheme,
    });
    await page.reload();
    await page.waitForFunction(
      (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
      scheme,
    );
    await drawnCanvas(page, 'kspace-mask-image');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.${scheme}.png`), fullPage: true });
    await expectAccessible(page, `screen "${name}" (${scheme})`);
  }
}

describe('k-space view', () => {
  it(
    'a student opens the k-space view of a finished T2 TSE from the image viewer: the centre is the brightest point, the centre-only mask blurs the image, a picked point shows its stripes, the acquisition plays',
    async () => {
      const world = await toolsWorld(baseUrl, admin, 'Brain', [T2_TSE]);
      const scan = await sessionWithSequence(world, T2_TSE, {
        matrixRead: MATRIX,
        matrixPhase: MATRIX,
        sliceCount: 1,
        phaseOversampling: 0,
        partialFourier: 1,
      });
      const { scanId } = await runToFinished(world, scan.sessionId, scan.sequenceId);
      await signedIn(world.student, async (page) => {
        await page.goto(`/session/${scan.sessionId}/image-viewer`);
        await page.getByRole('link', { name: 'K-space of this series' }).click();
        await page.waitForURL(new RegExp(`/session/${scan.sessionId}/k-space\\?series=${scanId}$`));
        await expect
          .poll(() => page.getByRole('heading', { name: 'K-space', level: 1 }).isVisible())
          .toBe(true);

        // Log magnitude: the k-space centre (row, column = 32, 32) is its brightest point.
        const kspace = await drawnCanvas(page, 'kspace-display');
        expect(kspace.height).toBe(MATRIX);
        const peak = Math.max(...kspace.grey);
        const centre = (MATRIX / 2) * MATRIX + MATRIX / 2;
        expect(kspace.grey[centre]).toBe(peak);
        const brightest = kspace.grey.flatMap((v, i) => (v === peak ? [i] : []));
        for (const i of brightest) {
          expect(Math.abs(Math.floor(i / MATRIX) - MATRIX / 2)).toBeLessThanOrEqual(1);
          expect(Math.abs((i % MATRIX) - MATRIX / 2)).toBeLessThanOrEqual(1);
        }

        // The centre-only mask (the default, 10 % of k max) gives a blurred image.
        await expect.poll(() => page.getByRole('radio', { name: 'Keep the centre' }).isChecked()).toBe(true);
        const full = await drawnCanvas(page, 'kspace-full-image');
        const centreOnly = await drawnCanvas(page, 'kspace-mask-image');
        const sharpFull = relativeGradientEnergy(full.grey, MATRIX, MATRIX);
        const sharpCentre = relativeGradientEnergy(centreOnly.grey, MATRIX, MATRIX);
        console.log(
          `relative gradient energy: full ${sharpFull.toFixed(4)}, centre only ${sharpCentre.toFixed(4)}`,
        );
        expect(sharpCentre).toBeLessThan(0.5 * sharpFull);

        // The edge-only mask keeps the detail: its image is sharper than the centre-only one.
        await page.getByText('Keep the edge', { exact: true }).click();
        await expect
          .poll(async () =>
            relativeGradientEnergy((await canvasGrey(page, 'kspace-mask-image')).grey, MATRIX, MATRIX),
          )
          .toBeGreaterThan(sharpFull);

        // A click on the centre names it; from the keyboard, two steps right and Enter pick kx = 2/FOV.
        const picker = page.getByTestId('kspace-display-picker');
        await picker.click({ position: { x: 128 + 2, y: 128 + 2 } });
        await expect
          .poll(() => page.getByTestId('kspace-point').textContent())
          .toMatch(/^kx = 0\.0 1\/m, ky = 0\.0/);
        await picker.press('ArrowRight');
        await picker.press('ArrowRight');
        await picker.press('Enter');
        await expect.poll(() => page.getByTestId('kspace-point').textContent()).toMatch(/^kx = [1-9]/);
        const point = /^kx = ([\d.]+) 1\/m, ky = 0\.0 1\/m: stripes ([\d.]+) mm apart/.exec(
          (await page.getByTestId('kspace-point').textContent()) ?? '',
        );
        // The wavelength of the stripes is 1/|k| [mm] (±2 %: kx is shown to 0.1 1/m).
        expect(Math.abs((Number(point?.[2]) * Number(point?.[1])) / 1000 - 1)).toBeLessThan(0.02);
        const stripes = await drawnCanvas(page, 'kspace-stripes');
        // Two periods across the read FOV: every column pattern repeats down the rows, and varies across.
        expect(stripes.grey.slice(0, MATRIX)).toEqual(stripes.grey.slice(10 * MATRIX, 11 * MATRIX));
        expect(new Set(stripes.grey.slice(0, MATRIX)).size).toBeGreaterThan(10);

        // The acquisition fills k-space in the TSE's order while it plays.
        await page.getByRole('button', { name: 'Play the acquisition' }).click();
        await expect
          .poll(async () => Number(await page.getByTestId('kspace-progress').getAttribute('data-filled')))
          .toBeGreaterThan(4);
        await page.getByRole('button', { name: 'Pause the acquisition' }).click();
        await expect.poll(() => page.getByTestId('kspace-ordering').textContent()).toMatch(/^Echo train/);

        // The head coil's channels: another channel's k-space is computed on the server and drawn instead.
        const coil = page.getByRole('combobox', { name: /^Coil: Head/ });
        await expect.poll(() => coil.inputValue()).toBe('Channel 1 of 16');
        const before = (await canvasGrey(page, 'kspace-display')).grey;
        const channel5 = page.waitForResponse(
          (response) => response.url().endsWith(`/kspace/0?coil=4`) && response.status() === 200,
        );
        await coil.click();
        await page.getByRole('option', { name: 'Channel 5 of 16' }).click();
        await channel5;
        await expect
          .poll(async () => {
            const after = await canvasGrey(page, 'kspace-display');
            return after.width === MATRIX && after.grey.some((v, i) => v !== before[i]);
          })
          .toBe(true);

        await keepBothSchemes(page, 'viewer-kspace');
      });
    },
    STORY_TIMEOUT_MS,
  );

  it('the k-space view of a session without finished series says No data', async () => {
    const world = await toolsWorld(baseUrl, admin, 'Brain', [T2_TSE]);
    const scan = await sessionWithSequence(world, T2_TSE, {});
    await signedIn(world.student, async (page) => {
      await page.goto(`/session/${scan.sessionId}/k-space`);
      await expect.poll(() => page.getByRole('status').getByText('No data').isVisible()).toBe(true);
    });
  });
});
