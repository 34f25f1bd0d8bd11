/**
 * Modals of the shell (platform-shell.md §2, §9): transition 300 ms, backdrop 150 ms (theme defaults);
 * forced dialogs have no close button and ignore Escape and outside clicks.
 */
import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

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
