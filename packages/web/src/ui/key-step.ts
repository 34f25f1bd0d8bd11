/**
 * A value stepped from the keyboard (ArrowUp/ArrowDown on a numeric field, ./NumberField.tsx) as the rest of the
 * app sees it: while a step is applied `isKeyStep()` is true, and work registered with `beforeNextKeyStep` runs
 * before the next step reads its field's value.
 *
 * Such a step changes nothing on the page by itself (no typed character, no caret move), so an edit it makes may
 * wait a moment before it is shown: the simulator shows a stepped parameter together with its live preview
 * (features/simulator/preview/preview-hold.ts). A field reads its value from what is shown, so edits still waiting
 * are shown before the next step, which then starts from them.
 */

let stepping = false;
const beforeNext = new Set<() => void>();

/** True while a keyboard step is being applied. */
export function isKeyStep(): boolean {
  return stepping;
}

/** Runs `work` once before the next keyboard step (or never, once `cancel` is called). */
export function beforeNextKeyStep(work: () => void): () => void {
  beforeNext.add(work);
  return () => beforeNext.delete(work);
}

/** Applies a keyboard step: first the work waiting for it, then `step`. */
export function applyKeyStep(step: () => void): void {
  const waiting = [...beforeNext];
  beforeNext.clear();
  for (const work of waiting) work();
  stepping = true;
  try {
    step();
  } finally {
    stepping = false;
  }
}
