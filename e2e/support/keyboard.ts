/**
 * What the keyboard stories share: moving the focus with Tab (or Shift+Tab) until a given element has it, what
 * the focused element is, and whether the focus is visible (the outline it draws).
 */
import type { Page } from 'playwright-core';

/** The focused element as a keyboard user meets it: its test id, role, tag and accessible name (roughly). */
export interface FocusedElement {
  testId: string | null;
  role: string | null;
  tag: string;
  /** aria-label, else the text of its label or aria-labelledby, else its own text. */
  name: string;
}

// Strings run in the page (the e2e code is typed for Node, without the DOM's names).
const FOCUSED_ELEMENT = `(() => {
  const element = document.activeElement ?? document.body;
  const byId = (ids) => (ids ?? '').split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const name =
    element.getAttribute('aria-label') ??
    (element.getAttribute('aria-labelledby') ? byId(element.getAttribute('aria-labelledby')) : null) ??
    (element.labels && element.labels[0] ? element.labels[0].textContent : null) ??
    element.textContent ??
    '';
  return {
    testId: element.getAttribute('data-testid'),
    role: element.getAttribute('role'),
    tag: element.tagName.toLowerCase(),
    name: name.replace(/\\s+/g, ' ').trim(),
  };
})()`;

export function focusedElement(page: Page): Promise<FocusedElement> {
  return page.evaluate<FocusedElement>(FOCUSED_ELEMENT);
}

/** Which element `tabTo` looks for: a test id, or a test of the focused element. */
export type FocusTarget = string | ((focused: FocusedElement) => boolean);

function matches(target: FocusTarget, focused: FocusedElement): boolean {
  return typeof target === 'string' ? focused.testId === target : target(focused);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element is `target` (at most `limit` presses);
 * the error lists the elements the focus passed, so a missing tab stop is easy to see.
 */
export async function tabTo(
  page: Page,
  target: FocusTarget,
  options: { limit?: number; backwards?: boolean } = {},
): Promise<FocusedElement> {
  const passed: string[] = [];
  for (let press = 0; press < (options.limit ?? 20); press += 1) {
    await page.keyboard.press(options.backwards === true ? 'Shift+Tab' : 'Tab');
    const focused = await focusedElement(page);
    if (matches(target, focused)) return focused;
    passed.push(`${focused.tag}${focused.role ? `[${focused.role}]` : ''} "${focused.name.slice(0, 40)}"`);
  }
  throw new Error(`Tab never reached ${String(target)}; the focus went through:\n  ${passed.join('\n  ')}`);
}

/** A focus target: the element whose accessible name matches `name` (and `role`, when given). */
export function named(name: RegExp | string, role?: string): (focused: FocusedElement) => boolean {
  return (focused) =>
    (typeof name === 'string' ? focused.name === name : name.test(focused.name)) &&
    (role === undefined || focused.role === role);
}

/** The outline the focused element draws, e.g. 'solid 2px'; 'none 0px' when it shows no focus. */
export function focusOutline(page: Page): Promise<string> {
  return page.evaluate<string>(
    '(() => { const style = getComputedStyle(document.activeElement ?? document.body); return `${style.outlineStyle} ${style.outlineWidth}`; })()',
  );
}

/** Whether an outline string from `focusOutline` shows the focus. */
export const VISIBLE_OUTLINE = /^(?!none)\S+ (?!0px)/;
