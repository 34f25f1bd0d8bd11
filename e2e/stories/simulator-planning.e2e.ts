/**
 * Planning on the localisers in a real browser against the real server (issue 12): a student adds a T2-weighted
 * TSE (an axial stack), drags it up on the sagittal localiser and sees the Geometry card's head-foot position
 * follow, nudges it with the arrow keys, tilts it 3° by keyboard on its tilt handle (an oblique stack), and the
 * spatials reach the server after the settings debounce; then
 * widens the FOV by dragging a phase edge on the axial localiser, turns the stack with the rotation handle (Shift
 * snaps to 5°), and sees the fold-over zone hatched where phase encoding lies in plane. The screen is checked with
 * axe in both themes, as the simulator story does.
 */
import {
  addSequenceAndWaitForHeading,
  keepSimulatorScreenshots,
  schoolBrainModule,
  startScanning,
} from './simulator-support.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiCaller } from '../support/api.ts';

const { baseUrl, admin, openPage } = storyFile();

const callAs = apiCaller(baseUrl);
/** The Geometry card's head-foot position [mm]. */
async function positionH(page: Page): Promise<number> {
  return Number(await page.getByRole('textbox', { name: /^Position H/ }).inputValue());
}

/**
 * The angle of the longest edge of a stack's outline on its localiser [°, (−90°, 90°]]: 0 for a stack whose
 * FOV edge runs along the image's rows (the localisers have square pixels).
 */
async function outlineDegrees(stack: Locator): Promise<number> {
  const points = ((await stack.locator('polygon').getAttribute('points')) ?? '')
    .split(' ')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
  let best = { length: -1, degrees: 0 };
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length] ?? [x, y];
    const length = Math.hypot(nx - x, ny - y);
    let degrees = (Math.atan2(ny - y, nx - x) * 180) / Math.PI;
    if (degrees > 90) degrees -= 180;
    if (degrees <= -90) degrees += 180;
    if (length > best.length) best = { length, degrees };
  });
  return best.degrees;
}

describe('simulator planning', () => {
  it("dragging an axial stack up on the sagittal localiser raises the Geometry card's H position, arrow keys move it by 1 mm and its tilt handle tilts it, the spatials are saved, an FOV edge and the rotation handle follow into the card, and the fold-over zone is hatched", async () => {
    const { student, programId, courseId, labId } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInToDashboard(page, student);
      const { tab, sessionId } = await startScanning(context, page, { programId, courseId, labId });
      await expect.poll(() => tab.getByRole('combobox', { name: 'Add a sequence' }).isEnabled()).toBe(true);
      await addSequenceAndWaitForHeading(tab, 'T2-weighted TSE');

      // Three localisers, each an image with its description, and the stack drawn over them.
      for (const plane of ['Sagittal', 'Coronal', 'Axial']) {
        await expect
          .poll(() =>
            tab.getByRole('img', { name: new RegExp(`^${plane} localiser through the isocentre`) }).count(),
          )
          .toBe(1);
      }
      const stack = tab.getByTestId('stack-sagittal');
      await expect.poll(() => stack.isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await tab.getByTestId('phase-arrow-sagittal').count()).toBe(1);

      await tab.getByRole('tab', { name: 'Geometry' }).click();
      const before = await positionH(tab);
      const leftRight = await tab.getByRole('textbox', { name: /^Position L/ }).inputValue();

      // Drag the stack's body 40 screen pixels up: head-ward (+H) by 40 px × the scout's mm per screen pixel.
      await stack.locator('polygon').scrollIntoViewIfNeeded();
      const box = await stack.locator('polygon').boundingBox();
      if (!box) throw new Error('the stack is not drawn');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await tab.mouse.move(x, y);
      await tab.mouse.down();
      await tab.mouse.move(x, y - 20, { steps: 4 });
      await tab.mouse.move(x, y - 40, { steps: 4 });
      await tab.mouse.up();
      await expect.poll(() => positionH(tab)).toBeGreaterThan(before + 5);
      const dragged = await positionH(tab);
      // Along the drag only: the left-right position stays.
      expect(await tab.getByRole('textbox', { name: /^Position L/ }).inputValue()).toBe(leftRight);

      // Keyboard: the focused stack moves 1 mm per arrow (up is head-ward on a sagittal view).
      await stack.focus();
      for (let i = 0; i < 3; i++) await tab.keyboard.press('ArrowUp');
      await expect.poll(() => positionH(tab)).toBeCloseTo(dragged + 3, 1);
      await tab.keyboard.press('ArrowDown');
      await expect.poll(() => positionH(tab)).toBeCloseTo(dragged + 2, 1);

      // Shift+arrows rotate the stack in 5° steps (issue 15), and back.
      const rotation = tab.getByRole('textbox', { name: /^Rotation/ });
      await tab.keyboard.press('Shift+ArrowRight');
      await expect.poll(() => rotation.inputValue()).toBe('5');
      await tab.keyboard.press('Shift+ArrowLeft');
      await expect.poll(() => rotation.inputValue()).toBe('0');

      // An oblique stack: next in the tab order is the tilt handle, a slider over the stack's tilt about its row
      // (L–R) on this sagittal localiser. Three arrows tilt the stack 3° (as along the AC–PC line): the Geometry
      // card and the label on the localiser say so, and the stack's outline on the localiser is turned by 3°.
      const tiltRow = tab.getByRole('textbox', { name: /^Tilt about row/ });
      expect(await tiltRow.inputValue()).toBe('0');
      expect(Math.abs(await outlineDegrees(stack))).toBeLessThan(0.01);
      await tab.keyboard.press('Tab');
      const slider = tab.getByRole('slider', {
        name: /^Tilt about row of the slice stack on the sagittal localiser/,
      });
      await expect.poll(() => slider.evaluate((element) => element === document.activeElement)).toBe(true);
      for (let i = 0; i < 3; i++) await tab.keyboard.press('ArrowRight');
      await expect.poll(() => tiltRow.inputValue()).toBe('3');
      expect(await slider.getAttribute('aria-valuenow')).toBe('3');
      expect(await tab.getByTestId('tilt-value-sagittal').textContent()).toBe('Tilt about row 3°');
      await expect.poll(async () => Math.abs(await outlineDegrees(stack))).toBeCloseTo(3, 1);

      // And the other way: a typed position moves the drawing.
      const yBefore = (await stack.locator('polygon').boundingBox())?.y ?? 0;
      const field = tab.getByRole('textbox', { name: /^Position H/ });
      await field.fill(String(Math.round(dragged + 2 - 20)));
      await field.blur();
      await expect
        .poll(async () => (await stack.locator('polygon').boundingBox())?.y ?? 0)
        .toBeGreaterThan(yBefore + 5);

      // The settings debounce later, the server holds the planned stack.
      const expected = Math.round(dragged + 2 - 20) / 1000;
      await expect
        .poll(
          async () => {
            const active = await callAs<{ pulseSequences: { spatials: { center: number[] } }[] }>(
              student,
              'GET',
              `v1/sessions/${sessionId}`,
            );
            return active.pulseSequences[0]?.spatials.center[2] ?? Number.NaN;
          },
          { timeout: 10_000 },
        )
        .toBeCloseTo(expected, 4);
      const saved = await callAs<{ pulseSequences: { spatials: { tiltAboutRow?: number } }[] }>(
        student,
        'GET',
        `v1/sessions/${sessionId}`,
      );
      expect(saved.pulseSequences[0]?.spatials.tiltAboutRow).toBeCloseTo((3 * Math.PI) / 180, 9);

      // Slice View: one line per slice (plus the phase arrow) on the sagittal localiser.
      const linesInBoxView = await stack.locator('line').count();
      await tab.getByText('Slice View', { exact: true }).click();
      await expect.poll(() => stack.locator('line').count()).toBeGreaterThan(linesInBoxView + 1);

      // The fold-over zone: phase encoding runs A → P, in the axial localiser's plane, so the strips beyond the
      // unaliased phase extent are hatched there, with a title that says what they mean.
      const foldOver = tab.getByTestId('fold-over-axial');
      await expect.poll(() => foldOver.count()).toBe(1);
      expect(await foldOver.locator('polygon').count()).toBeGreaterThan(0);
      expect(await foldOver.locator('polygon title').first().textContent()).toBe(
        'Fold-over zone: anatomy here wraps into the image along the phase direction',
      );
      expect(await tab.getByTestId('fold-over-coronal').count()).toBe(0);

      // Dragging the posterior phase edge outwards on the axial localiser widens the Geometry card's FOV phase,
      // symmetrically about the centre (the position stays).
      const fovPhase = tab.getByRole('textbox', { name: /^FOV phase/ });
      const fovBefore = Number(await fovPhase.inputValue());
      const positionBefore = await positionH(tab);
      const edge = tab.getByTestId('edge-handle-axial-phase-plus');
      await edge.scrollIntoViewIfNeeded();
      const edgeBox = await edge.boundingBox();
      if (!edgeBox) throw new Error('the phase edge handle is not drawn');
      const ex = edgeBox.x + edgeBox.width / 2;
      const ey = edgeBox.y + edgeBox.height / 2;
      await tab.mouse.move(ex, ey);
      await tab.mouse.down();
      await tab.mouse.move(ex, ey + 6, { steps: 3 });
      await tab.mouse.move(ex, ey + 12, { steps: 3 });
      await tab.mouse.up();
      await expect.poll(async () => Number(await fovPhase.inputValue())).toBeGreaterThan(fovBefore + 5);
      expect(await positionH(tab)).toBe(positionBefore);

      // The rotation handle beyond the stack's top edge, dragged a twelfth of a turn with Shift held: the
      // Geometry card's rotation is a whole multiple of 5°.
      const knob = tab.getByTestId('rotation-handle-axial').locator('circle');
      await knob.scrollIntoViewIfNeeded();
      const knobBox = await knob.boundingBox();
      const outline = await tab.getByTestId('stack-axial').locator('polygon').boundingBox();
      if (!knobBox || !outline) throw new Error('the rotation handle is not drawn');
      const kx = knobBox.x + knobBox.width / 2;
      const ky = knobBox.y + knobBox.height / 2;
      const cx = outline.x + outline.width / 2;
      const cy = outline.y + outline.height / 2;
      const radius = Math.hypot(kx - cx, ky - cy);
      await tab.mouse.move(kx, ky);
      await tab.keyboard.down('Shift');
      await tab.mouse.down();
      for (const degrees of [10, 20, 32]) {
        const angle = (degrees * Math.PI) / 180;
        await tab.mouse.move(cx + radius * Math.sin(angle), cy - radius * Math.cos(angle), { steps: 2 });
      }
      await tab.mouse.up();
      await tab.keyboard.up('Shift');
      await expect.poll(async () => Number(await rotation.inputValue())).toBeGreaterThan(20);
      const turned = Number(await rotation.inputValue());
      expect(turned % 5).toBe(0);
      expect(turned).toBeLessThanOrEqual(40);

      await keepSimulatorScreenshots(tab, 'simulator-planning');
    } finally {
      await context.close();
    }
  }, 120_000);
});
