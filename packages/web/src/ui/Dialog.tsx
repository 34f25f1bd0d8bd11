/**
 * Modals of the shell (platform-shell.md §2, §9): transition 300 ms, backdrop 150 ms (theme defaults);
 * forced dialogs have no close button and ignore Escape and outside clicks. A closed dialog gives the focus back
 * to where it was when the dialog opened (issue 15), also when it was opened from a menu item.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';

/**
 * Side margin of a dialog [px]. Mantine's default (5vw, 64 px at 1280 px) would shrink the 1200 px free-plan
 * dialog to 1152 px on a 1280 × 800 screen; 16 px keeps it at its full width there.
 */
const DIALOG_SIDE_MARGIN_PX = 16;

/**
 * Where the focus returns when a dialog that opened with `active` focused closes: `active` itself, or, when it
 * is an item of a menu (which closes as the dialog opens, taking the item away), the button that opened the menu
 * (the element whose aria-controls names the menu). Null when nothing was focused.
 */
export function focusReturnTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"][id]');
  if (menu === null) return active;
  const opener = Array.from(document.querySelectorAll<HTMLElement>('[aria-controls]')).find(
    (element) => element.getAttribute('aria-controls') === menu.id,
  );
  return opener ?? null;
}

/**
 * Gives the focus back when the dialog closes or is taken away while open (a dialog rendered only while needed).
 * The element is read as the dialog opens, during that render, because a menu item that opened it is gone once
 * the render is committed.
 */
function useFocusReturn(opened: boolean): void {
  const [state, setState] = useState(() => ({
    opened,
    target: opened ? focusReturnTarget(document.activeElement) : null,
  }));
  if (state.opened !== opened) {
    setState({ opened, target: opened ? focusReturnTarget(document.activeElement) : state.target });
  }
  const { target } = state;
  useEffect(
    () => () => {
      if (opened && target?.isConnected === true) target.focus();
    },
    [opened, target],
  );
}

export function Dialog(props: {
  opened: boolean;
  title: ReactNode;
  widthPx: number;
  /** A forced dialog cannot be dismissed: no close button, no Escape, no click outside. */
  forced?: boolean;
  onClose?: () => void;
  children: ReactNode;
}) {
  const forced = props.forced === true;
  useFocusReturn(props.opened);
  return (
    <Modal
      opened={props.opened}
      returnFocus={false}
      title={props.title}
      size={props.widthPx}
      centered
      xOffset={DIALOG_SIDE_MARGIN_PX}
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
      onClose={() => {
        if (!forced) props.onClose?.();
      }}
    >
      {props.children}
    </Modal>
  );
}
