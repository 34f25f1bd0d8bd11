/**
 * Page Up / Page Down in the select's open menu (platform-shell.md §9: select page size 5). Mantine's
 * combobox moves one option per arrow key and wraps at the ends; a page jump moves `pageSize` options
 * and stops at the first or last option instead of wrapping.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** The option index a page jump lands on; `current` is -1 when no option is highlighted yet. */
export function pageJumpIndex(current: number, count: number, direction: 1 | -1, pageSize: number): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? Math.min(pageSize, count) - 1 : 0;
  return Math.min(count - 1, Math.max(0, current + direction * pageSize));
}

/**
 * Key handler for the select's input: on Page Up / Page Down with the menu open, moves the highlight by
 * `pageSize` options through the combobox's own arrow-key navigation (so its state stays the single truth).
 */
export function handlePageKeys(event: ReactKeyboardEvent<HTMLElement>, pageSize: number): void {
  if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
  const listId = event.currentTarget.getAttribute('aria-controls');
  const list = listId === null ? null : document.getElementById(listId);
  if (list === null) return;
  const options = Array.from(list.querySelectorAll('[data-combobox-option]'));
  const current = options.findIndex((o) => o.hasAttribute('data-combobox-selected'));
  const direction = event.key === 'PageDown' ? 1 : -1;
  const target = pageJumpIndex(current, options.length, direction, pageSize);
  event.preventDefault();
  const arrow = target > current ? 'ArrowDown' : 'ArrowUp';
  for (let step = Math.abs(target - current); step > 0; step -= 1) {
    event.currentTarget.dispatchEvent(
      new KeyboardEvent('keydown', { key: arrow, code: arrow, bubbles: true }),
    );
  }
}
