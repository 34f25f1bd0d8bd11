/**
 * The simulator's layout (issue 20.10) and its scan list's series (issue 20.5), in a real browser against the
 * real server. A student has run a Spin Echo (SE) twice: at 1440 × 900 the live preview, the last scan and the
 * three localisers all lie inside the window without scrolling, and the scan list shows both runs as series of
 * their own, "Se 1 · Spin Echo (SE)" and "Se 2 · Spin Echo (SE)"; the viewer's series line names the sequence
 * with its abbreviation once (it read "Spin Echo (SE) (SE)"). At 1024 × 768 Save and close, New Scan, the status
 * pill and the TE field lie wholly inside the window and take a click, and the viewer's corner texts, in its
 * narrower frame, do not overlap one another or the orientation letters. Each size is checked with axe in both
 * themes, and the story ends with no uncaught error and no console error.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { collectConsoleErrors } from '../support/console-errors.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { keepSimulatorScreenshots } from './simulator-support.ts';
import { callAs, runToFinished, toolsWorld } from './tools-support.ts';

const { baseUrl, admin, openPage } = storyFile();

/** "Spin Echo (SE)" in the contracts' sequence-type codes: its name carries its abbreviation. */
const SPIN_ECHO = 5;
const SPIN_ECHO_NAME = 'Spin Echo (SE)';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${String(locator)} is not laid out`);
  return box;
}

/** The part of `box` outside the page's viewport [CSS px], 0 when it lies wholly inside. */
function outside(box: Box, viewport: { width: number; height: number }): number {
  return Math.max(
    0,
    -box.x,
    -box.y,
    box.x + box.width - viewport.width,
    box.y + box.height - viewport.height,
  );
}

/** `text` as a regular expression that matches it literally. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether two boxes share any area (touching edges do not). */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How far the page and every scrolling element in it are scrolled [CSS px]: 0 on a page nobody scrolled. */
function scrolled(tab: Page): Promise<number> {
  return tab.evaluate(() => {
    let most = Math.max(window.scrollX, window.scrollY);
    for (const element of document.querySelectorAll('*')) {
      most = Math.max(most, element.scrollTop, element.scrollLeft);
    }
    return most;
  });
}

/** The boxes of the lines of text in the viewer's four corners and of its orientation letters. */
function cornerBoxes(viewer: Locator) {
  return viewer.evaluate((element) => {
    const boxOf = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const corners = [...element.querySelectorAll('[data-corner]')].map((corner) => ({
      corner: corner.getAttribute('data-corner') ?? '',
      box: boxOf(corner),
      lines: [...corner.children].map((line) => ({
        text: line.textContent ?? '',
        box: boxOf(line),
        clipped: line.scrollWidth > line.clientWidth + 1,
      })),
    }));
    const letters = [...element.querySelectorAll('[data-edge]')]
      .filter((letter) => (letter.textContent ?? '') !== '')
      .map((letter) => ({ edge: letter.getAttribute('data-edge') ?? '', box: boxOf(letter) }));
    return { frame: boxOf(element), corners, letters };
  });
}

describe('the simulator at a laptop and a small screen', () => {
  it('a student sees preview, last scan and localisers without scrolling at 1440 × 900, every series in the scan list, and nothing cut off at 1024 × 768 (issue 20.10)', async () => {
    const world = await toolsWorld(baseUrl, admin, 'Brain', [SPIN_ECHO]);
    const opened = await callAs<{ session: { id: string }; collections: { id: string }[] }>(
      baseUrl,
      world.student,
      'POST',
      'v1/sessions',
      { labId: world.labId, programId: world.programId },
    );
    const sessionId = opened.session.id;
    const sequence = await callAs<{ id: string }>(
      baseUrl,
      world.student,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences`,
      { pulseSequenceSchemeId: SPIN_ECHO, name: SPIN_ECHO_NAME, collectionId: opened.collections[0]?.id },
    );
    await callAs(baseUrl, world.student, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, {
      parameters: { sliceCount: 3, matrixRead: 64, matrixPhase: 64, repetitionTime: 0.5, echoTime: 0.015 },
    });
    // Two runs of one sequence: two series, Se 1 and Se 2.
    await runToFinished(world, sessionId, sequence.id);
    await runToFinished(world, sessionId, sequence.id);

    const { context, page } = await openPage({ viewport: { width: 1440, height: 900 } });
    const errors = collectConsoleErrors(context);
    try {
      await signInToDashboard(page, world.student);
      await page.goto(`/session/${sessionId}/simulator`);
      const tab = page;
      await tab.getByRole('heading', { name: SPIN_ECHO_NAME, level: 1 }).waitFor();
      const viewer = tab.getByTestId('simulator-series').getByTestId('series-viewer');
      await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 60_000 }).toBe('true');
      const localisers = tab.getByRole('img', { name: /with the slice stack of / });
      await expect.poll(() => localisers.count()).toBe(3);

      // 1440 × 900: everything a student plans and reads by is on screen at once, nothing scrolled.
      const laptop = { width: 1440, height: 900 };
      const shown = [
        tab.getByRole('img', { name: /^Live preview/ }),
        viewer,
        localisers.nth(0),
        localisers.nth(1),
        localisers.nth(2),
      ];
      for (const locator of shown) expect(outside(await boxOf(locator), laptop)).toBe(0);
      expect(await scrolled(tab)).toBe(0);

      // The series line names the sequence with its abbreviation once (stacked over two lines where narrow).
      const topLeft = tab.getByTestId('simulator-series').locator('[data-corner="topLeft"]');
      const seriesLine = () =>
        topLeft.evaluate((corner) => [...corner.children].map((line) => line.textContent).join(' '));
      await expect.poll(seriesLine).toMatch(new RegExp(`^Se 2 ${escaped(SPIN_ECHO_NAME)} Im \\d+/3$`));
      expect(await tab.getByTestId('simulator-series').textContent()).not.toMatch(/\((\w+)\) ?\(\1\)/);
      expect(await tab.getByText(`Last scan: Se 2 · ${SPIN_ECHO_NAME}`).isVisible()).toBe(true);

      // The scan list shows every run of the sequence as a series of its own, as the submit form does.
      const scanList = tab.getByRole('navigation', { name: 'Scan list' });
      const seriesList = scanList.getByRole('list', { name: `Series of ${SPIN_ECHO_NAME}` });
      await expect.poll(() => seriesList.getByRole('listitem').count()).toBe(2);
      for (const n of [1, 2]) {
        await expect
          .poll(() => seriesList.getByRole('button', { name: `Se ${n} · ${SPIN_ECHO_NAME}` }).isVisible())
          .toBe(true);
      }
      // Picking the earlier series shows it in the scan viewport, named by its number.
      await seriesList.getByRole('button', { name: `Se 1 · ${SPIN_ECHO_NAME}` }).click();
      await expect.poll(seriesLine).toMatch(new RegExp(`^Se 1 ${escaped(SPIN_ECHO_NAME)} Im \\d+/3$`));
      expect(await tab.getByText(`Earlier scan: Se 1 · ${SPIN_ECHO_NAME}`).isVisible()).toBe(true);
      expect(
        await seriesList
          .getByRole('button', { name: `Se 1 · ${SPIN_ECHO_NAME}` })
          .getAttribute('aria-current'),
      ).toBe('true');
      await keepSimulatorScreenshots(tab, 'learning-loop-layout-1440');

      // 1024 × 768: the top bar's controls and the TE field lie wholly inside the window and take a click.
      const small = { width: 1024, height: 768 };
      await tab.setViewportSize(small);
      await expect.poll(() => tab.evaluate(() => window.innerWidth)).toBe(small.width);
      // The simulator's top bar (a header inside the page's main landmark, so not a banner).
      const header = tab.locator('header');
      const controls = [
        header.getByRole('button', { name: 'Save and close' }),
        header.getByRole('button', { name: 'New Scan' }),
        header.getByRole('status'),
        tab.getByRole('textbox', { name: /^TE/ }),
      ];
      for (const control of controls) {
        const box = await boxOf(control);
        expect(outside(box, small), `${String(control)} at ${JSON.stringify(box)}`).toBe(0);
        await control.click({ trial: true });
      }
      expect(await scrolled(tab)).toBe(0);

      // The corner texts, in the narrower viewer, keep clear of one another and of the orientation letters.
      await expect.poll(() => viewer.getAttribute('data-ready')).toBe('true');
      const corners = await cornerBoxes(tab.getByTestId('simulator-series').locator('.larmor-viewer-frame'));
      expect(corners.frame.width).toBeLessThan(400);
      const lines = corners.corners.flatMap((c) => c.lines.map((l) => ({ ...l, corner: c.corner })));
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const [i, a] of lines.entries()) {
        expect(a.clipped, `"${a.text}" is cut off`).toBe(false);
        expect(
          outside({ ...a.box, x: a.box.x - corners.frame.x, y: a.box.y - corners.frame.y }, corners.frame),
        ).toBe(0);
        for (const b of lines.slice(i + 1)) {
          if (a.corner !== b.corner) expect(overlap(a.box, b.box), `"${a.text}" and "${b.text}"`).toBe(false);
        }
        for (const letter of corners.letters) {
          expect(overlap(a.box, letter.box), `"${a.text}" and the ${letter.edge} letter`).toBe(false);
        }
      }
      // The series and the window are never left out.
      const texts = lines.map((l) => l.text);
      expect(await seriesLine()).toMatch(new RegExp(`^Se 1 ${escaped(SPIN_ECHO_NAME)} Im \\d+/3$`));
      expect(texts.some((t) => /^W -?\d+ L -?\d+$/.test(t))).toBe(true);
      await keepSimulatorScreenshots(tab, 'learning-loop-layout-1024');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
