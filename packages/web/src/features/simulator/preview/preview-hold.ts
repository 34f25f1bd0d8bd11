/**
 * A keyboard step's edit shown together with its live preview (issue 20, "Speed": input to paint).
 *
 * Chromium holds a page's other tasks after a discrete input event (a key press or release) handled while a frame
 * is pending, until that frame is drawn ("DeferRendererTasksAfterInput"). When a stepped value is rendered at once,
 * the key's release finds that frame pending, and the worker's answer waits for it: the preview is painted a whole
 * frame after the value (measured: the answer idle 9–18 ms after the worker finished). A stepped edit changes
 * nothing on the page by itself (../../../ui/key-step.ts), so it can wait instead: its preview is asked for at once,
 * and the edit is rendered when an answer arrives, in the same task (flushSync), so that the value and its preview
 * reach the same frame; or after `maxMs` when the worker is slower than that (a slice moved).
 */
import { flushSync } from 'react-dom';
import { beforeNextKeyStep } from '#ui/key-step.ts';
import type { PreviewStore } from './use-preview.ts';

/** The longest a stepped edit waits for its preview [ms]: about two frames, more than a contrast change takes. */
export const PREVIEW_HOLD_MAX_MS = 32;

export interface PreviewHold {
  /** Runs `show` when the preview's next answer arrives, or after the longest wait, whichever comes first. */
  hold(show: () => void): void;
  /** Runs every held edit now, in order (before an edit that is not held, so they stay in order). */
  release(): void;
  /** Drops the held edits (their workspace is gone). */
  cancel(): void;
}

export function createPreviewHold(store: PreviewStore, maxMs = PREVIEW_HOLD_MAX_MS): PreviewHold {
  let held: (() => void)[] = [];
  let stop: (() => void)[] = [];
  const take = (): (() => void)[] => {
    const taken = held;
    held = [];
    for (const end of stop) end();
    stop = [];
    return taken;
  };
  const release = (): void => {
    if (held.length === 0) return;
    const shown = take();
    flushSync(() => {
      for (const show of shown) show();
    });
  };
  return {
    hold(show) {
      held.push(show);
      if (held.length > 1) return;
      const timer = setTimeout(release, maxMs);
      stop = [
        () => clearTimeout(timer),
        store.subscribe(release),
        // The next step reads the field's value as shown: the held edits are shown first.
        beforeNextKeyStep(release),
      ];
    },
    release,
    cancel: () => void take(),
  };
}
