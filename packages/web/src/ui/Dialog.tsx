/**
 * Modals of the shell (platform-shell.md §2, §9): transition 300 ms, backdrop 150 ms (theme defaults);
 * forced dialogs have no close button and ignore Escape and outside clicks.
 */
import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

/**
 * Side margin of a dialog [px]. Mantine's default (5vw, 64 px at 1280 px) would shrink the 1200 px free-plan
 * dialog to 1152 px on a 1280 × 800 screen; 16 px keeps it at its full width there.
 */
const DIALOG_SIDE_MARGIN_PX = 16;

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
  return (
    <Modal
      opened={props.opened}
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
