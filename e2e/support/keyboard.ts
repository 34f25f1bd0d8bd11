/**
 * What the keyboard stories share: moving the focus with Tab (or Shift+Tab) until a given element has it, what
 * the focused element is, and whether the focus is visible (the outline it draws).
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

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

/** The focus ring of the focused element against what surrounds it (WCAG 2.1 asks 3:1 of a focus indicator). */
export interface FocusRingContrast {
  /** The focused element, as `focusedElement` names it. */
  name: string;
  /** The outline's computed colour and the background it is drawn on, e.g. 'rgb(183, 195, 242)'. */
  ring: string;
  background: string;
  /** The WCAG contrast ratio of the two (1 to 21); 0 when a colour could not be read. */
  ratio: number;
}

// The background behind the ring: the element's own (the outline is drawn inside it when its offset is negative)
// or its parent's, up the ancestors, translucent layers composited over the first opaque one (white below all).
const FOCUS_RING_CONTRAST = `(() => {
  const element = document.activeElement ?? document.body;
  const style = getComputedStyle(element);
  const parse = (colour) => {
    const match = /rgba?\\(([^)]+)\\)/.exec(colour);
    if (!match) return null;
    const parts = match[1].split(/[\\s,/]+/).filter((p) => p !== '').map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const layers = [];
  let node = parseFloat(style.outlineOffset) < 0 ? element : element.parentElement;
  for (; node; node = node.parentElement) {
    const colour = parse(getComputedStyle(node).backgroundColor);
    if (colour && colour[3] > 0) layers.push(colour);
    if (colour && colour[3] >= 1) break;
  }
  let below = [255, 255, 255];
  for (const [r, g, b, a] of layers.reverse())
    below = [r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a)];
  const luminance = ([r, g, b]) => {
    const lin = (c) => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ring = parse(style.outlineColor);
  const background = 'rgb(' + below.map(Math.round).join(', ') + ')';
  if (!ring) return { name: element.textContent ?? '', ring: style.outlineColor, background, ratio: 0 };
  const [light, dark] = [luminance(ring), luminance(below)].sort((x, y) => y - x);
  return {
    name: (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\\s+/g, ' ').trim(),
    ring: style.outlineColor,
    background,
    ratio: (light + 0.05) / (dark + 0.05),
  };
})()`;

/** How the focused element's focus ring contrasts with the background it is drawn on. */
export function focusRingContrast(page: Page): Promise<FocusRingContrast> {
  return page.evaluate<FocusRingContrast>(FOCUS_RING_CONTRAST);
}

/**
 * Closes an open dialog with Escape as a keyboard user does: once the focus has moved into it. A menu that
 * opened the dialog handles Escape itself while it still holds the focus (Mantine marks its items so that the
 * dialog ignores their Escape), so pressing it before the focus arrives closes nothing on a slow machine.
 */
export async function closeDialogWithEscape(page: Page, dialog: Locator): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await dialog.evaluate(holdsFocus))) {
    if (Date.now() > deadline) {
      const focused = JSON.stringify(await focusedElement(page));
      throw new Error(`the focus never moved into the dialog: it is on ${focused}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** Runs in the page: whether the focused element sits inside `element` (typed without the DOM's names). */
function holdsFocus(element: {
  contains(other: unknown): boolean;
  ownerDocument: { activeElement: unknown };
}) {
  return element.contains(element.ownerDocument.activeElement);
}

// Resolves after one frame and then a 0 ms timer: every 0 ms timer queued before it has run by then.
const AFTER_QUEUED_TIMERS = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))`;

/**
 * Waits until the menu that a key just opened holds the focus. Mantine's menu moves the focus into itself from
 * 0 ms timers set as it mounts (its focus trap, once from the ref and once from an effect): an arrow key pressed
 * before they run is undone by them, and an Enter after a stolen focus chooses nothing. So this waits for the
 * menu to show, lets the timers queued by then run, and checks that the focus is inside the menu.
 */
export async function menuHasFocus(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu');
  await menu.waitFor({ state: 'visible' });
  await page.evaluate(AFTER_QUEUED_TIMERS);
  const inside = await page.evaluate<boolean>(
    `(() => { const m = document.querySelector('[role="menu"]'); return m !== null && m.contains(document.activeElement); })()`,
  );
  if (!inside)
    throw new Error(`the open menu does not hold the focus: ${JSON.stringify(await focusedElement(page))}`);
  return menu;
}

/**
 * Picks `option` in the focused Mantine list (`combobox`) with the arrows and Enter, as a keyboard user does, and
 * waits until the list shows it as its value.
 *
 * The list (Mantine's Combobox) learns which option Enter picks in a timer it sets when it opens: on a busy page,
 * or when its options arrive while it is open, an ArrowDown can highlight an option before that timer runs, and
 * the timer then forgets it while the option still shows highlighted, so Enter picks nothing. A keyboard user
 * then moves the highlight again and presses Enter again; so does this helper (at most three tries).
 */
export async function pickOptionByKeyboard(
  page: Page,
  combobox: Locator,
  option: RegExp | string,
): Promise<void> {
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  const isOption = (text: string | null) =>
    typeof option === 'string' ? text === option : option.test(text ?? '');
  const isValue = (value: string) => (typeof option === 'string' ? value === option : option.test(value));
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt > 1) await page.keyboard.press('ArrowDown');
    await expect
      .poll(
        async () => {
          const text = (await highlighted.count()) === 0 ? null : await highlighted.first().textContent();
          if (!isOption(text)) await page.keyboard.press('ArrowDown');
          return isOption(text);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    const picked = await expect
      .poll(async () => isValue(await combobox.inputValue()), { timeout: 3_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (picked) return;
  }
  const state = await page.evaluate(
    `(() => ({
      active: (document.activeElement?.tagName ?? '') + ' ' + (document.activeElement?.id ?? ''),
      listboxes: [...document.querySelectorAll('[role="listbox"]')].map((l) => l.id + ':' + (l.textContent ?? '')),
      inputs: [...document.querySelectorAll('input')].map((i) => i.id + '=' + i.value),
    }))()`,
  );
  throw new Error(`Enter never picked ${String(option)} in the list: ${JSON.stringify(state)}`);
}
