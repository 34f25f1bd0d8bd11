/**
 * The live preview's latency as a student meets it (issue 20, "Speed"; issue 26.1), measured in the page: from the
 * input event (a key stepping TE, or the slice position, as a slider would) to the frame that shows its answer
 * painted, the React render before the request and the paint after it included. The browser stories and the bench
 * (bench/src/preview-browser.ts, `web.preview.inputToPaint.ms`) both measure with it.
 *
 * The paint: the canvas's `data-frame` changes when the frame is drawn (PreviewImage.tsx); a requestAnimationFrame
 * callback then runs before the next rendering of the page, and a message posted from it arrives after that
 * rendering, i.e. after the paint that shows the frame.
 */
import type { Locator, Page } from 'playwright-core';

export interface PreviewLatencies {
  /** Input event to the painted frame [ms], one per step, in order. */
  inputToPaintMs: number[];
  /** The preview client's request-to-answer time of the same frames (`data-latency-ms`) [ms]. */
  roundTripMs: number[];
  /** The engine's time in the worker for the same frames (`data-compute-ms`: prepare + render) [ms]. */
  computeMs: number[];
  /** Where the worker's FFTs ran, as its last frame says ('wasm' or 'javascript'). */
  backend: string | null;
}

interface PaintProbe {
  pending: number | undefined;
  results: number[];
}

/** Installs the probe on the page's preview canvas (once per page). */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { previewPaintProbe?: PaintProbe };
    if (w.previewPaintProbe) return;
    const probe: PaintProbe = { pending: undefined, results: [] };
    w.previewPaintProbe = probe;
    // Capture phase: the time the browser received the key, before any handler of the app ran.
    document.addEventListener('keydown', (event) => (probe.pending = event.timeStamp), true);
    const canvas = document.querySelector('[data-testid="live-preview"]');
    if (!canvas) throw new Error('no live preview on the page');
    new MutationObserver(() => {
      const input = probe.pending;
      if (input === undefined) return;
      probe.pending = undefined;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => probe.results.push(performance.now() - input);
        channel.port2.postMessage(null);
      });
    }).observe(canvas, { attributes: true, attributeFilter: ['data-frame'] });
  });
}

const probeCount = (page: Page): Promise<number> =>
  page.evaluate(
    () => (window as unknown as { previewPaintProbe: PaintProbe }).previewPaintProbe.results.length,
  );

/**
 * Presses ArrowUp `steps / 2` times then ArrowDown as often on `field` (focused), one key at a time: each waits
 * for its frame to be painted before the next, so every figure is one input's own latency.
 */
export async function measurePreviewSteps(
  page: Page,
  field: Locator,
  steps: number,
): Promise<PreviewLatencies> {
  await installProbe(page);
  const canvas = page.getByTestId('live-preview');
  const out: PreviewLatencies = { inputToPaintMs: [], roundTripMs: [], computeMs: [], backend: null };
  await field.focus();
  for (let i = 0; i < steps; i++) {
    const done = (await probeCount(page)) + 1;
    await field.press(i < steps / 2 ? 'ArrowUp' : 'ArrowDown');
    await page.waitForFunction(
      (count) =>
        (window as unknown as { previewPaintProbe: PaintProbe }).previewPaintProbe.results.length >= count,
      done,
    );
    out.roundTripMs.push(Number(await canvas.getAttribute('data-latency-ms')));
    out.computeMs.push(Number(await canvas.getAttribute('data-compute-ms')));
  }
  out.inputToPaintMs = await page.evaluate(
    (n) => (window as unknown as { previewPaintProbe: PaintProbe }).previewPaintProbe.results.slice(-n),
    steps,
  );
  out.backend = await canvas.getAttribute('data-backend');
  return out;
}

/** The value at quantile q (0…1) of `values`: the ⌈q·n⌉-th smallest. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}
